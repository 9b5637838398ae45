// The backlink index over a real relay-server folder doc: existing backlinks_v0 entries of
// notes whose content is not loaded are kept; loaded notes' entries are recomputed.

import { describe, expect, it } from "vitest";
import * as Y from "yjs";
import { attachBacklinks } from "../src/links/backlinks.js";
import { contentsText } from "../src/model/contentDoc.js";
import { readBacklinks, readEntries } from "../src/model/folderDoc.js";
import { getLinksTool } from "../src/tools/getLinks.js";
import { Session } from "../src/tools/session.js";
import { Workspace } from "../src/workspace/workspace.js";
import { FOLDER_DOC_ID, loadFixtureDoc } from "./support/fixtures.js";

const RELAY = FOLDER_DOC_ID.slice(0, 36);
const FOLDER_UUID = FOLDER_DOC_ID.slice(37);

function asSets(map: Map<string, string[]>): Record<string, string[]> {
  return Object.fromEntries([...map].map(([k, v]) => [k, [...new Set(v)].sort()]));
}

function setup(loaded: Record<string, string> = {}) {
  const folder = loadFixtureDoc(FOLDER_DOC_ID);
  const entries = readEntries(folder);
  const idOf = (path: string) => entries.get(path)!.id;
  const ws = new Workspace({ folderNames: { [FOLDER_UUID]: "Lens" }, maintainBacklinks: false });
  for (const [path, text] of Object.entries(loaded)) {
    const doc = new Y.Doc();
    contentsText(doc).insert(0, text);
    ws.addContent(`${RELAY}-${idOf(path)}`, doc);
  }
  ws.addFolder(FOLDER_DOC_ID, folder);
  return { ws, folder, idOf, before: readBacklinks(folder) };
}

describe("backlinks over the relay-server fixture", () => {
  it("keeps every entry when no note content is loaded (only sorting values)", () => {
    const { ws, folder, before } = setup();
    expect(before.size).toBe(19);
    attachBacklinks(ws);
    const after = readBacklinks(folder);
    expect(asSets(after)).toEqual(asSets(before));
    for (const sources of after.values()) expect(sources).toEqual([...sources].sort());
  });

  it("recomputes the entries of a loaded note and keeps the others", () => {
    const { ws, folder, idOf, before } = setup({
      "/Lens.md": "See [[Course Content]] and [[TestH]].",
    });
    const lens = idOf("/Lens.md");
    const listed = [...before].filter(([, s]) => s.includes(lens)).map(([t]) => t);
    expect(listed.length).toBe(12);
    attachBacklinks(ws);
    const after = readBacklinks(folder);
    for (const target of listed) {
      const expected = before.get(target)!.filter((s) => s !== lens);
      if (target === idOf("/Course Content.md")) expected.push(lens);
      expect(after.get(target) ?? []).toEqual(expected.sort());
    }
    expect(after.get(idOf("/TestH.md"))).toEqual([...before.get(idOf("/TestH.md"))!, lens].sort());
  });

  it("get_links lists fixture backlinks, noting sources that are in no folder", () => {
    const { ws } = setup({ "/Lens.md": "[[TestH]] [[Nowhere]]", "/TestH.md": "" });
    const session = new Session("s");
    const r = getLinksTool.handler(ws, session, { file_path: "Lens/TestH" });
    expect(r).toEqual({
      isError: false,
      text: [
        "Backlinks (1):",
        "Lens/Lens.md",
        "(also linked from 2 documents not in any folder: deleted, or in a folder this server does not hold)",
        "",
        "Links: none",
      ].join("\n"),
    });
    const notLoaded = getLinksTool.handler(ws, session, { file_path: "Lens/Course Content.md" });
    expect(notLoaded.isError).toBe(true);
    expect(notLoaded.text).toContain("not available");
  });
});
