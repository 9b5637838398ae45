// Folder names are unique whatever the folders want; a shared name stays with the folder that
// held it first (the store's created_at for folders loaded together), never with a newcomer,
// whatever its doc id sorts as.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import * as Y from "yjs";
import { uniqueFolderNames } from "./folderNames.js";
import { Workspace } from "./workspace.js";

const wish = (uuid: string, name: string, rank = 0) => ({
  docId: `relay-${uuid}`,
  uuid,
  name,
  rank,
});

describe("uniqueFolderNames", () => {
  it("keeps distinct names and gives a shared one to the lowest rank, then the lowest doc id", () => {
    const ranked = uniqueFolderNames([
      wish("aaaaaaaa-0000", "Lens", 1),
      wish("bbbbbbbb-0000", "Lens", 0),
    ]);
    expect(Object.fromEntries(ranked)).toEqual({
      "relay-aaaaaaaa-0000": "Lens (aaaaaaaa)",
      "relay-bbbbbbbb-0000": "Lens",
    });
    const names = uniqueFolderNames([
      wish("bbbbbbbb-0000", "Lens"),
      wish("aaaaaaaa-0000", "Lens"),
      wish("cccccccc-0000", "Other"),
    ]);
    expect(Object.fromEntries(names)).toEqual({
      "relay-aaaaaaaa-0000": "Lens",
      "relay-bbbbbbbb-0000": "Lens (bbbbbbbb)",
      "relay-cccccccc-0000": "Other",
    });
  });

  it("stays unique when uuids share their first 8 characters or a name is a suffixed one", () => {
    const names = uniqueFolderNames([
      wish("ffffffff-0001", "Lens"),
      wish("ffffffff-0002", "Lens"),
      wish("ffffffff-0003", "Lens"),
      wish("ffffffff-0004", "Lens (ffffffff-0003)"),
    ]);
    expect([...names.values()].sort()).toEqual([
      "Lens",
      "Lens (ffffffff)",
      "Lens (ffffffff-0003)",
      "Lens (ffffffff-0003) (ffffffff)",
    ]);
  });

  it("gives every folder a distinct name, the same for the same folders in any order", () => {
    const uuid = fc.constantFrom("ffffffff-1", "ffffffff-2", "ffffffff-3", "aaaaaaaa-1", "a");
    const name = fc.constantFrom("Lens", "Lens (ffffffff)", "Lens (ffffffff-2)", "X", "Lens (a)");
    const rank = fc.integer({ min: 0, max: 3 });
    fc.assert(
      fc.property(fc.uniqueArray(fc.tuple(uuid, name, rank), { selector: ([u]) => u }), (pairs) => {
        const wishes = pairs.map(([u, n, r]) => wish(u, n, r));
        const names = uniqueFolderNames(wishes);
        expect(new Set(names.values()).size).toBe(wishes.length);
        expect(uniqueFolderNames([...wishes].reverse())).toEqual(names);
      }),
    );
  });
});

const RELAY = "00000000-0000-4000-8000-000000000000";
const folderId = (last: string) => `${RELAY}-00000000-0000-4000-8000-${last.padStart(12, "0")}`;
function named(name: string): Y.Doc {
  const doc = new Y.Doc();
  doc.getMap("folder_config").set("name", name);
  doc
    .getMap("filemeta_v0")
    .set("/a.md", { id: "00000000-0000-4000-8000-0000000000aa", type: "markdown", version: 0 });
  return doc;
}

describe("folder names in a workspace", () => {
  it("never gives a newcomer a held name, whatever its doc id sorts as (issue 28: folder takeover)", () => {
    const ws = new Workspace();
    const secret = folderId("ffff");
    ws.addFolder(secret, named("Secret"));
    const attacker = folderId("1");
    ws.addFolder(attacker, named("Secret"));
    expect(ws.folder(secret)?.name).toBe("Secret");
    expect(ws.folder(attacker)?.name).toBe("Secret (00000000)");
    // Re-added as the same folder (promotion, re-indexing), it keeps its seniority.
    ws.addFolder(secret, ws.folder(secret)!.doc);
    expect(ws.folderByName("Secret")?.docId).toBe(secret);
    // A newcomer renamed to a held name gets the suffix too.
    const late = folderId("2");
    ws.addFolder(late, named("Late"));
    ws.folder(late)!.doc.getMap("folder_config").set("name", "Secret");
    expect(ws.folderByName("Secret")?.docId).toBe(secret);
    // Gone, the name passes to the next senior.
    ws.removeDoc(secret);
    expect(ws.folderByName("Secret")?.docId).toBe(attacker);
  });

  it("orders folders loaded together by since (the store's created_at), before any newcomer", () => {
    const ws = new Workspace();
    const young = folderId("1");
    const old = folderId("ffff");
    ws.addFolder(young, named("Team"), { since: 2000 });
    ws.addFolder(old, named("Team"), { since: 1000 });
    expect(ws.folderByName("Team")?.docId).toBe(old);
    const newcomer = folderId("0");
    ws.addFolder(newcomer, named("Team"));
    expect(ws.folderByName("Team")?.docId).toBe(old);
    expect(ws.folder(newcomer)?.name).toMatch(/^Team \(/);
  });
});
