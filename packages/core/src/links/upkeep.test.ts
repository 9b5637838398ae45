// Link upkeep is started explicitly: a Workspace alone writes no backlinks_v0; the index queries
// make on first use writes nothing yet answers as upkeep does; startLinkUpkeep writes.
import { describe, expect, it } from "vitest";
import type * as Y from "yjs";
import { contentsText } from "../model/contentDoc.js";
import { backlinksMap, renameEntry, setEntry } from "../model/folderDoc.js";
import { Workspace } from "../workspace/workspace.js";
import { backlinkIndexOf, startLinkUpkeep } from "./backlinks.js";
import { backlinksObject, buildWorkspace, type TestWorkspace, uuid } from "./links.test-helpers.js";

const SPEC = {
  Lens: {
    "/A.md": "[[T]] [[B|b]] [[Missing]] [[Other/Inbox]]",
    "/B.md": "![[T]]",
    "/T.md": "[[A]]",
  },
  Other: { "/Inbox.md": "[[Lens/A]] [[T]]" },
};

/** Counts the transactions that change backlinks_v0 of any folder doc. */
function countWrites(t: TestWorkspace): () => number {
  let n = 0;
  for (const f of t.folders.values()) backlinksMap(f.doc).observe(() => n++);
  return () => n;
}

/** The same edits on any test workspace built from SPEC. */
function edit(t: TestWorkspace): void {
  const append = (doc: Y.Doc, text: string) =>
    contentsText(doc).insert(contentsText(doc).length, text);
  append(t.contentOf("Lens/B.md"), " [[A]]");
  contentsText(t.contentOf("Lens/A.md")).delete(0, 6); // drops [[T]]
  renameEntry(t.folders.get("Lens")!.doc, "/T.md", "/Sub/T.md");
  setEntry(t.folders.get("Lens")!.doc, "/Missing.md", {
    id: uuid(0x99),
    type: "markdown",
    version: 0,
  });
}

/** What get_links reads: every note's backlinks and forward link targets. */
function answers(t: TestWorkspace): unknown {
  const index = backlinkIndexOf(t.ws);
  return [...t.ws.contentDocIds()].sort().map((id) => ({
    id,
    backlinks: index.backlinks(id),
    links: index.forwardLinks(id).map((l) => l.target?.path),
  }));
}

describe("link upkeep", () => {
  it("is not started by a Workspace: nothing is written until startLinkUpkeep", () => {
    const t = buildWorkspace(SPEC);
    const writes = countWrites(t);
    edit(t);
    expect(writes()).toBe(0);
    const index = startLinkUpkeep(t.ws);
    expect(index.writes).toBe(true);
    expect(writes()).toBeGreaterThan(0);
    expect(backlinksObject(t.folders.get("Lens")!.doc)[t.idOf("Lens/A.md")]).toEqual(
      [t.idOf("Lens/B.md"), t.idOf("Lens/T.md"), t.idOf("Other/Inbox.md")].sort(),
    );
    expect(startLinkUpkeep(t.ws)).toBe(index);
    expect(backlinkIndexOf(t.ws)).toBe(index);
  });

  it("answers queries without upkeep exactly as with it, writing nothing", () => {
    const kept = buildWorkspace(SPEC);
    startLinkUpkeep(kept.ws);
    const lazy = buildWorkspace(SPEC);
    const writes = countWrites(lazy);
    const index = backlinkIndexOf(lazy.ws);
    expect(index.writes).toBe(false);
    expect(answers(lazy)).toEqual(answers(kept));
    edit(kept);
    edit(lazy);
    expect(answers(lazy)).toEqual(answers(kept));
    expect(writes()).toBe(0);
    expect(backlinksObject(lazy.folders.get("Lens")!.doc)).toEqual({});
  });

  it("replaces the index queries made once started, and stops when disposed", () => {
    const t = buildWorkspace(SPEC);
    const lazy = backlinkIndexOf(t.ws);
    const upkeep = startLinkUpkeep(t.ws);
    expect(upkeep).not.toBe(lazy);
    expect(backlinkIndexOf(t.ws)).toBe(upkeep);
    upkeep.dispose();
    const writes = countWrites(t);
    contentsText(t.contentOf("Lens/B.md")).insert(0, "[[Other/Inbox]] ");
    expect(writes()).toBe(0);
    expect(backlinkIndexOf(t.ws).writes).toBe(false);
  });

  it("without upkeep, reads a key another writer changed afterwards from the doc", () => {
    const t = buildWorkspace(SPEC);
    const index = backlinkIndexOf(t.ws);
    const lens = t.folders.get("Lens")!.doc;
    const a = t.idOf("Lens/A.md");
    expect(index.backlinks(t.docIdOf("Lens/A.md"))).toHaveLength(2);
    lens.getMap("backlinks_v0").set(a, [t.idOf("Lens/B.md")]);
    expect(index.backlinks(t.docIdOf("Lens/A.md"))).toEqual([t.docIdOf("Lens/B.md")]);
  });

  it("may start before any document is added (as a server does before loading)", () => {
    const ws = new Workspace();
    const index = startLinkUpkeep(ws);
    expect(index.writes).toBe(true);
    expect(index.backlinks("not-a-doc-id")).toEqual([]);
  });
});
