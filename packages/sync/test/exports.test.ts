// Pins the public entry point, and the pure helpers behind URLs and paths.
import { describe, expect, it } from "vitest";
import { buildClientToken } from "../src/clientToken.js";
import * as publicApi from "../src/index.js";
import { matchSyncPath } from "../src/upgrade.js";

describe("@lens/sync public API", () => {
  it("exports exactly these names", () => {
    expect(Object.keys(publicApi).sort()).toEqual([
      "SYNC_DEFAULTS",
      "attachSync",
      "createSyncServer",
      "isSyncOrigin",
      "isValidDocName",
    ]);
  });

  it("accepts y-sweet doc names and refuses others", () => {
    expect(publicApi.isValidDocName("a1-B2_c3")).toBe(true);
    for (const bad of ["", "a.b", "a/b", "a b", "é", "x".repeat(201)]) {
      expect(publicApi.isValidDocName(bad)).toBe(false);
    }
  });

  it("recognises sync origins", () => {
    expect(publicApi.isSyncOrigin({ syncTransport: "http", docId: "d" })).toBe(true);
    expect(publicApi.isSyncOrigin({ syncTransport: "carrier pigeon" })).toBe(false);
    expect(publicApi.isSyncOrigin(null)).toBe(false);
    expect(publicApi.isSyncOrigin("lens")).toBe(false);
  });
});

describe("buildClientToken", () => {
  it("derives ws and http URLs from the public base, keeping a path prefix", () => {
    expect(buildClientToken(new URL("http://h:8080"), "d1", "full", undefined)).toEqual({
      url: "ws://h:8080/d/d1/ws",
      baseUrl: "http://h:8080/d/d1",
      docId: "d1",
      authorization: "full",
    });
    const token = buildClientToken(new URL("https://x.org/lens/"), "d1", "read-only", "t");
    expect(token).toMatchObject({
      url: "wss://x.org/lens/d/d1/ws",
      baseUrl: "https://x.org/lens/d/d1",
      token: "t",
    });
  });
});

describe("matchSyncPath", () => {
  it("matches /d/:id/ws/:id and the older /doc/ws/:id", () => {
    expect(matchSyncPath("/d/a/ws/a")).toEqual({ docId: "a", docId2: "a" });
    expect(matchSyncPath("/d/a/ws/b")).toEqual({ docId: "a", docId2: "b" });
    expect(matchSyncPath("/doc/ws/a")).toEqual({ docId: "a", docId2: "a" });
    expect(matchSyncPath("/mcp")).toBeUndefined();
    expect(matchSyncPath("/d/a/as-update")).toBeUndefined();
  });
});
