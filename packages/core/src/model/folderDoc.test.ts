// Which filemeta_v0 keys Lens serves: a hostile sync client can write any key.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import * as Y from "yjs";
import { workspaceFromTexts } from "../workspace/fromTexts.js";
import { Workspace } from "../workspace/workspace.js";
import {
  FILEMETA,
  FOLDER_CONFIG,
  isEntryPath,
  isFolderDoc,
  MAX_ENTRY_PATH,
  setEntry,
} from "./folderDoc.js";

describe("isEntryPath", () => {
  it("accepts in-folder paths as Obsidian and Relay write them", () => {
    for (const p of ["/a.md", "/Notes/Ideas.md", "/Équipe Café/Réunion 1.md", "/.obsidian", "/a"]) {
      expect(isEntryPath(p), p).toBe(true);
    }
  });

  it("refuses keys that would climb out, hide a NUL or a backslash, or are empty", () => {
    for (const p of [
      "",
      "/",
      "a.md",
      "/../x.md",
      "/a/../../x.md",
      "/./a.md",
      "/a//b.md",
      "/a/",
      "/a\u0000b.md",
      "/a\\..\\b.md",
      `/${"x".repeat(MAX_ENTRY_PATH)}`,
    ]) {
      expect(isEntryPath(p), JSON.stringify(p)).toBe(false);
    }
  });

  it("never accepts a key with a .. segment, whatever surrounds it", () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom("a", "b c", "..", ".", "é"), { maxLength: 6 }),
        (segs) => {
          const key = `/${segs.join("/")}`;
          if (segs.includes("..")) expect(isEntryPath(key)).toBe(false);
        },
      ),
    );
  });
});

describe("a folder with hostile keys", () => {
  it("indexes only the keys Lens serves, whether present at load or added later", () => {
    const ws = workspaceFromTexts([{ name: "Lens", files: { "Good.md": "good\n" } }]);
    const folder = ws.folders()[0]!;
    const meta = {
      id: "00000000-0000-4000-8000-0000000000aa",
      type: "markdown" as const,
      version: 0,
    };
    setEntry(folder.doc, "/../escape.md", meta);
    setEntry(folder.doc, "/nul\u0000.md", { ...meta, id: "00000000-0000-4000-8000-0000000000ab" });
    setEntry(folder.doc, "/back\\slash.md", {
      ...meta,
      id: "00000000-0000-4000-8000-0000000000ac",
    });
    const paths = (w: Workspace) => [...w.paths.entries()].map((e) => e.path).sort();
    expect(paths(ws)).toEqual(["Lens/Good.md"]);
    // Loading the same folder doc afresh indexes the same.
    const loaded = new Workspace({ folderNames: { [folder.docId.slice(37)]: "Lens" } });
    loaded.addDoc(folder.docId, folder.doc, "folder");
    expect(paths(loaded)).toEqual(["Lens/Good.md"]);
  });
});

describe("isFolderDoc: the one folder-doc rule (workspace, store, sync)", () => {
  const RELAY_ID = "6a6b0000-0000-4000-8000-000000000001-6a6b0000-0000-4000-8000-000000000002";
  const entry = { id: "6a6b0000-0000-4000-8000-0000000000aa", type: "markdown", version: 0 };
  const make = (fill: (doc: Y.Doc) => void) => {
    const doc = new Y.Doc();
    fill(doc);
    // As loaded from a file: only what the stored items make.
    const loaded = new Y.Doc();
    Y.applyUpdate(loaded, Y.encodeStateAsUpdate(doc));
    return loaded;
  };

  it("is a folder: a Relay id with entries, with entries all deleted, or named by folder_config", () => {
    expect(
      isFolderDoc(
        RELAY_ID,
        make((d) => d.getMap(FILEMETA).set("/a.md", entry)),
      ),
    ).toBe(true);
    const emptied = make((d) => {
      d.getMap(FILEMETA).set("/a.md", entry);
      d.getMap(FILEMETA).delete("/a.md");
    });
    expect(isFolderDoc(RELAY_ID, emptied)).toBe(true);
    expect(
      isFolderDoc(
        RELAY_ID,
        make((d) => d.getMap(FOLDER_CONFIG).set("name", "Team")),
      ),
    ).toBe(true);
  });

  it("is content: another id, a note's text, or an empty root someone asked for", () => {
    const withEntries = make((d) => d.getMap(FILEMETA).set("/a.md", entry));
    expect(isFolderDoc("P5ACZeUe6xsd6f5b0SwvX", withEntries)).toBe(false);
    expect(
      isFolderDoc(
        RELAY_ID,
        make((d) => d.getText("contents").insert(0, "a note")),
      ),
    ).toBe(false);
    const asked = new Y.Doc();
    asked.getMap(FILEMETA);
    expect(isFolderDoc(RELAY_ID, asked)).toBe(false);
    // The rule never adds a root type to what it looks at.
    const note = make((d) => d.getText("contents").insert(0, "x"));
    isFolderDoc(RELAY_ID, note);
    expect([...note.share.keys()]).toEqual(["contents"]);
  });

  it("is what the workspace adds a doc as, when no kind is given", () => {
    const ws = new Workspace();
    ws.addDoc(
      RELAY_ID,
      make((d) => d.getMap(FOLDER_CONFIG).set("name", "Team")),
    );
    expect(ws.folder(RELAY_ID)).toBeDefined();
  });
});
