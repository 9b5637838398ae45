// Which filemeta_v0 keys Lens serves: a hostile sync client can write any key.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { workspaceFromTexts } from "../workspace/fromTexts.js";
import { Workspace } from "../workspace/workspace.js";
import { isEntryPath, MAX_ENTRY_PATH, setEntry } from "./folderDoc.js";

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
