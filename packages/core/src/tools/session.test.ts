// Read tracking: sessions, explicit handles, and the bounds that keep one client from erasing
// another's reads.
import { describe, expect, it } from "vitest";
import { SessionStore } from "./session.js";

describe("SessionStore", () => {
  it("links a transport session with an explicit handle: a read under one unlocks the other", () => {
    const store = new SessionStore();
    store.forCall("proxy-request-1", "mine").markRead("doc-a");
    expect(store.forCall("proxy-request-2", "mine").hasRead("doc-a")).toBe(true);
    expect(store.forCall("proxy-request-3").hasRead("doc-a")).toBe(false);
  });

  it("a client inventing 10 000 handles erases neither another session's reads nor its handle", () => {
    const store = new SessionStore();
    store.forCall("alice", "alice-handle").markRead("doc-a");
    for (let i = 0; i < 10_000; i++) store.forCall("mallory", `h${i}`).markRead("doc-m");
    expect(store.get("alice").hasRead("doc-a")).toBe(true);
    expect(store.forCall("alice-2", "alice-handle").hasRead("doc-a")).toBe(true);
    // Mallory's flood only cost Mallory: at most its quota of handles is kept.
    expect(store.size).toBeLessThanOrEqual(2 + 1 + store.handlesPerSession + 1);
    expect(store.forCall("m2", "h9999").hasRead("doc-m")).toBe(true);
    expect(store.forCall("m3", "h0").hasRead("doc-m")).toBe(false);
  });

  it("bounds transport sessions and handles, least recently used first", () => {
    const store = new SessionStore({ maxSessions: 3, maxHandles: 2 });
    for (const id of ["a", "b", "c"]) store.get(id).markRead(id);
    store.get("a"); // used again: b is now the oldest
    store.get("d");
    expect(store.has("b")).toBe(false);
    expect(store.get("a").hasRead("a")).toBe(true);
    for (const h of ["x", "y", "z"]) store.forCall(`t-${h}`, h);
    expect(store.has("handle:x")).toBe(false);
    expect(store.has("handle:z")).toBe(true);
  });

  it("forgetting a transport session keeps the handles other transports share", () => {
    const store = new SessionStore();
    store.forCall("t1", "shared").markRead("doc");
    store.delete("t1");
    expect(store.has("t1")).toBe(false);
    expect(store.forCall("t2", "shared").hasRead("doc")).toBe(true);
  });
});
