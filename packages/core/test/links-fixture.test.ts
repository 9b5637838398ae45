// The backlink index over a real relay-server folder doc: what the server listed is kept, byte
// for byte when nothing is loaded; a loaded note's links are added, in the stored order.

import { describe, expect, it } from "vitest";
import * as Y from "yjs";
import { attachBacklinks } from "../src/links/backlinks.js";
import { contentsText } from "../src/model/contentDoc.js";
import { readBacklinks, readEntries } from "../src/model/folderDoc.js";
import { getLinksTool } from "../src/tools/getLinks.js";
import { Session } from "../src/tools/session.js";
import { invokeTool } from "../src/tools/tool.js";
import { Workspace } from "../src/workspace/workspace.js";
import { FOLDER_DOC_ID, loadFixtureDoc } from "./support/fixtures.js";

const RELAY = FOLDER_DOC_ID.slice(0, 36);
const FOLDER_UUID = FOLDER_DOC_ID.slice(37);

function setup(loaded: Record<string, string> = {}) {
  const folder = loadFixtureDoc(FOLDER_DOC_ID);
  const entries = readEntries(folder);
  const idOf = (path: string) => entries.get(path)!.id;
  const ws = new Workspace({ folderNames: { [FOLDER_UUID]: "Lens" } });
  for (const [path, text] of Object.entries(loaded)) {
    const doc = new Y.Doc();
    contentsText(doc).insert(0, text);
    ws.addContent(`${RELAY}-${idOf(path)}`, doc);
  }
  ws.addFolder(FOLDER_DOC_ID, folder);
  return { ws, folder, idOf, before: readBacklinks(folder) };
}

describe("backlinks over the relay-server fixture", () => {
  it("changes nothing when no note content is loaded: not one byte of the folder doc", () => {
    const { ws, folder, before } = setup();
    expect(before.size).toBe(19);
    const state = Y.encodeStateAsUpdate(folder);
    attachBacklinks(ws);
    expect(readBacklinks(folder)).toEqual(before);
    expect(Y.encodeStateAsUpdate(folder)).toEqual(state);
  });

  it("adds a loaded note's links and keeps what the server listed, in its order", () => {
    const { ws, folder, idOf, before } = setup({
      "/Lens.md": "See [[Course Content]] and [[TestH]].",
    });
    const lens = idOf("/Lens.md");
    const listed = [...before].filter(([, s]) => s.includes(lens)).map(([t]) => t);
    expect(listed.length).toBe(12);
    attachBacklinks(ws);
    const after = readBacklinks(folder);
    // Whatever the server listed for this note stays (Lens cannot prove another reading of
    // its links wrong), in the stored order.
    for (const target of listed) expect(after.get(target)).toEqual(before.get(target));
    const course = idOf("/Course Content.md");
    expect(after.get(course)).toEqual(
      before.get(course)!.includes(lens) ? before.get(course) : [...before.get(course)!, lens],
    );
    const testH = idOf("/TestH.md");
    expect(after.get(testH)).toEqual([...before.get(testH)!, lens]);
  });

  it("get_links lists fixture backlinks, noting sources that are in no folder", () => {
    const { ws } = setup({ "/Lens.md": "[[TestH]] [[Nowhere]]", "/TestH.md": "" });
    const session = new Session("s");
    const r = invokeTool(getLinksTool, ws, session, { file_path: "Lens/TestH" });
    expect(r).toMatchObject({
      isError: false,
      text: [
        "Backlinks (1):",
        "Lens/Lens.md",
        "(also linked from 2 documents not in any folder: deleted, or in a folder this server does not hold)",
        "",
        "Links: none",
      ].join("\n"),
    });
    const notLoaded = invokeTool(getLinksTool, ws, session, {
      file_path: "Lens/Course Content.md",
    });
    expect(notLoaded.isError).toBe(true);
    expect(notLoaded.text).toContain("not available");
  });
});
