// Undoing a change that could not be audited: only its own transaction is reverted, and what
// another peer typed in between (before and inside the suggestion's line) stays.
import { acceptSuggestions, listSuggestions } from "@lens/core";
import { describe, expect, it } from "vitest";
import * as Y from "yjs";
import { AuditedChange } from "../src/auditedChange.js";

describe("AuditedChange", () => {
  it("undoes an accept and keeps a peer's concurrent typing", () => {
    const server = new Y.Doc();
    const text = server.getText("contents");
    text.insert(0, "Keep {--this--}{++that++} here.\nEnd\n");
    const peer = new Y.Doc();
    Y.applyUpdate(peer, Y.encodeStateAsUpdate(server));
    const [pending] = listSuggestions(text.toString());

    const change = new AuditedChange("lens-review");
    change.track(text);
    expect(acceptSuggestions(text, [pending!.id], change.origin)).toEqual([
      { id: pending!.id, status: "applied" },
    ]);
    expect(text.toString()).toBe("Keep that here.\nEnd\n");
    // The peer, not having seen the accept, types at the start and at the end.
    const pt = peer.getText("contents");
    pt.insert(0, "So: ");
    pt.insert(pt.length, "More.\n");
    Y.applyUpdate(server, Y.encodeStateAsUpdate(peer), "remote");

    change.undo();
    expect(text.toString()).toBe("So: Keep {--this--}{++that++} here.\nEnd\nMore.\n");
    // Pending again (its id moves with its offset: the peer's typing came before it).
    expect(listSuggestions(text.toString()).map((s) => [s.oldText, s.newText])).toEqual([
      ["this", "that"],
    ]);
    // The peer converges on the same text.
    Y.applyUpdate(peer, Y.encodeStateAsUpdate(server));
    expect(pt.toString()).toBe(text.toString());
  });

  it("after release, nothing is tracked: the change stays", () => {
    const doc = new Y.Doc();
    const text = doc.getText("contents");
    text.insert(0, "a {++b++} c");
    const change = new AuditedChange("lens-review");
    change.track(text);
    acceptSuggestions(text, "all", change.origin);
    change.release();
    change.undo();
    expect(text.toString()).toBe("a b c");
  });
});
