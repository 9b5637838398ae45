// The backlink index: from-scratch build, reconciliation of existing data, and incremental
// maintenance of backlinks_v0 as content and filemeta change.

import { describe, expect, it } from "vitest";
import * as Y from "yjs";
import { contentsText } from "../model/contentDoc.js";
import { deleteEntry, renameEntry, setEntry } from "../model/folderDoc.js";
import { aiViewRenders } from "../workspace/viewCache.js";
import { BACKLINKS_ORIGIN } from "./backlinkStore.js";
import { attachBacklinks } from "./backlinks.js";
import { backlinksObject, buildWorkspace, RELAY, uuid } from "./links.test-helpers.js";

/** Appends text to a note's content doc. */
function append(doc: Y.Doc, text: string): void {
  const t = contentsText(doc);
  t.insert(t.length, text);
}

describe("attachBacklinks: from scratch", () => {
  it("records target uuid → sorted source uuids; unresolved and [[#Heading]] links are not recorded", () => {
    const t = buildWorkspace({
      Lens: {
        "/A.md": "[[T]] [[T#x]] [[Missing]] [[#Top]] `[[Code]]`",
        "/B.md": "![[T]] and [[A|a]]",
        "/T.md": "[[T]] links to itself",
        "/Code.md": "",
      },
    });
    const index = attachBacklinks(t.ws);
    const id = (p: string) => t.idOf(`Lens${p}`);
    expect(backlinksObject(t.folders.get("Lens")!.doc)).toEqual({
      [id("/T.md")]: [id("/A.md"), id("/B.md"), id("/T.md")].sort(),
      [id("/A.md")]: [id("/B.md")],
    });
    const forward = index.forwardLinks(t.docIdOf("Lens/A.md"));
    expect(forward.map((r) => [r.link.raw, r.target?.path])).toEqual([
      ["[[T]]", "Lens/T.md"],
      ["[[T#x]]", "Lens/T.md"],
      ["[[Missing]]", undefined],
      ["[[#Top]]", "Lens/A.md"],
    ]);
    expect(index.backlinks(t.docIdOf("Lens/T.md"))).toEqual(
      ["A", "B", "T"].map((n) => t.docIdOf(`Lens/${n}.md`)).sort(),
    );
  });

  it("records a cross-folder link in the target's folder doc", () => {
    const t = buildWorkspace({
      Lens: { "/A.md": "see [[Other/Inbox]]" },
      Other: { "/Inbox.md": "" },
    });
    attachBacklinks(t.ws);
    expect(backlinksObject(t.folders.get("Lens")!.doc)).toEqual({});
    expect(backlinksObject(t.folders.get("Other")!.doc)).toEqual({
      [t.idOf("Other/Inbox.md")]: [t.idOf("Lens/A.md")],
    });
  });

  it("parses the AI view: pending insertions count, pending deletions do not", () => {
    const t = buildWorkspace({
      Lens: {
        "/A.md": "{++[[New]]++} {--[[Old]]--} {~~[[Was]]~>[[Now]]~~} {>>[[InComment]]<<}",
        "/New.md": "",
        "/Old.md": "",
        "/Was.md": "",
        "/Now.md": "",
        "/InComment.md": "",
      },
    });
    attachBacklinks(t.ws);
    const keys = Object.keys(backlinksObject(t.folders.get("Lens")!.doc));
    expect(keys.sort()).toEqual(
      ["New", "Now", "InComment"].map((n) => t.idOf(`Lens/${n}.md`)).sort(),
    );
  });

  it("adds to existing backlinks_v0 and changes nothing else: order, foreign entries and odd values stay", () => {
    const t = buildWorkspace({
      Lens: { "/A.md": "[[T]]", "/B.md": "no links", "/T.md": "", "/U.md": "", "/Far.md": null },
    });
    const folder = t.folders.get("Lens")!.doc;
    const [a, b, tt, u, far] = ["A", "B", "T", "U", "Far"].map((n) => t.idOf(`Lens/${n}.md`));
    const ghost = uuid(0xdead);
    const map = folder.getMap("backlinks_v0");
    folder.transact(() => {
      // b does not link to T by Lens's reading, but another writer listed it: kept, in order;
      // a links to T: appended.
      map.set(tt!, [ghost, b!]);
      map.set(u!, Y.Array.from([far!, a!])); // nothing to add: untouched, still a Y.Array
      map.set(uuid(0xbeef), []); // lists nothing: left alone
      map.set(uuid(0xcafe), "junk"); // not Lens's to judge: left alone
    });
    const before = Y.encodeStateVector(folder);
    attachBacklinks(t.ws);
    expect(backlinksObject(folder)).toEqual({
      [tt!]: [ghost, b!, a!],
      [u!]: [far!, a!],
      [uuid(0xbeef)]: [],
      [uuid(0xcafe)]: "junk",
    });
    expect(map.get(u!)).toBeInstanceOf(Y.Array);
    // One write: the key that gained a source.
    expect(Y.encodeStateVector(folder)).not.toEqual(before);
    const once = Y.encodeStateVector(folder);
    attachBacklinks(t.ws).dispose?.();
    expect(Y.encodeStateVector(folder)).toEqual(once);
  });
});

describe("attachBacklinks: incremental", () => {
  function setup() {
    const t = buildWorkspace({
      Lens: {
        "/A.md": "[[T]]",
        "/B.md": "[[T]] [[Later]]",
        "/C.md": "[[U]]",
        "/T.md": "",
        "/U.md": "",
        "/Notes/Src.md": "[[./Here]] [[Twin]]",
        "/x/Twin.md": "",
        "/Notes/Twin.md": "",
        "/Deep/Twin.md": "",
      },
      Other: { "/Inbox.md": "[[Lens/Notes/Src]]" },
    });
    const index = attachBacklinks(t.ws);
    const lens = t.folders.get("Lens")!.doc;
    const other = t.folders.get("Other")!.doc;
    const id = (p: string) => t.idOf(p);
    return { ...t, index, lens, other, id };
  }

  it("re-parses only the changed note on a content change", () => {
    const { index, contentOf, lens, id } = setup();
    const before = { ...index.stats };
    append(contentOf("Lens/C.md"), " [[T]]");
    expect(index.stats.parsed - before.parsed).toBe(1);
    expect(index.stats.resolved - before.resolved).toBe(1);
    expect(index.stats.rebuilds).toBe(before.rebuilds);
    expect(backlinksObject(lens)[id("Lens/T.md")]).toEqual(
      [id("Lens/A.md"), id("Lens/B.md"), id("Lens/C.md")].sort(),
    );
  });

  it("resolves each distinct target of a note once: 20 000 links to 100 notes are 100 lookups, not 20 000 (issue 28)", () => {
    const { index, contentOf, lens, id } = setup();
    const before = { ...index.stats };
    const links = Array.from({ length: 20_000 }, (_, i) => `[[T]] [[Twin]] [[Missing ${i % 98}]]`);
    append(contentOf("Lens/C.md"), links.join("\n"));
    // T, Twin, 98 missing names, and the U the note already named.
    expect(index.stats.targets - before.targets).toBe(101);
    expect(backlinksObject(lens)[id("Lens/T.md")]).toContain(id("Lens/C.md"));
  });

  it("writes only changed keys, in one transaction per folder doc, with BACKLINKS_ORIGIN", () => {
    const { contentOf, lens, other, id } = setup();
    const seen: { doc: string; origin: unknown; keys: string[] }[] = [];
    for (const [name, doc] of [
      ["Lens", lens],
      ["Other", other],
    ] as const) {
      doc
        .getMap("backlinks_v0")
        .observe((e, tr) =>
          seen.push({ doc: name, origin: tr.origin, keys: [...e.keysChanged].sort() }),
        );
    }
    const text = contentsText(contentOf("Lens/C.md"));
    text.doc!.transact(() => {
      text.delete(0, text.length);
      text.insert(0, "[[T]] [[Other/Inbox]] [[Twin]]");
    });
    expect(seen).toEqual([
      {
        doc: "Lens",
        origin: BACKLINKS_ORIGIN,
        keys: [id("Lens/T.md"), id("Lens/U.md"), id("Lens/x/Twin.md")].sort(),
      },
      { doc: "Other", origin: BACKLINKS_ORIGIN, keys: [id("Other/Inbox.md")] },
    ]);
    expect(backlinksObject(lens)[id("Lens/U.md")]).toBeUndefined();

    seen.length = 0;
    append(contentOf("Lens/C.md"), " more text, same links [[T]]");
    expect(seen).toEqual([]);
  });

  it("does not loop on its own writes", () => {
    const { index, contentOf, ws } = setup();
    const events: string[] = [];
    ws.on((e) => events.push(e.type));
    const before = { ...index.stats };
    append(contentOf("Lens/A.md"), " [[U]]");
    expect(events).toEqual(["content"]);
    expect(index.stats.parsed - before.parsed).toBe(1);
    expect(index.stats.resolved - before.resolved).toBe(1);
  });

  it("resolves a dangling link when its target is created, re-resolving only the notes that name it", () => {
    const { index, lens, id, folders } = setup();
    const before = { ...index.stats };
    setEntry(lens, "/Sub/Later.md", { id: uuid(0x777), type: "markdown", version: 0 });
    expect(index.stats.resolved - before.resolved).toBe(1); // only B names "Later"
    expect(index.stats.parsed).toBe(before.parsed);
    expect(backlinksObject(folders.get("Lens")!.doc)[uuid(0x777)]).toEqual([id("Lens/B.md")]);
  });

  it("follows renames: a renamed target keeps its uuid only while links still name it", () => {
    const { lens, id } = setup();
    const t = id("Lens/T.md");
    renameEntry(lens, "/T.md", "/Deeper/T.md"); // [[T]] still resolves by basename
    expect(backlinksObject(lens)[t]).toEqual([id("Lens/A.md"), id("Lens/B.md")].sort());
    renameEntry(lens, "/Deeper/T.md", "/Deeper/T2.md"); // [[T]] now dangles
    expect(backlinksObject(lens)[t]).toBeUndefined();
  });

  it("follows a renamed source: relative links and the same-directory preference move with it", () => {
    const { lens, id, index, docIdOf } = setup();
    setEntry(lens, "/Notes/Here.md", { id: uuid(0x888), type: "markdown", version: 0 });
    const src = id("Lens/Notes/Src.md");
    expect(backlinksObject(lens)[uuid(0x888)]).toEqual([src]);
    expect(backlinksObject(lens)[id("Lens/Notes/Twin.md")]).toEqual([src]);
    renameEntry(lens, "/Notes/Src.md", "/Deep/Src.md");
    expect(backlinksObject(lens)[uuid(0x888)]).toBeUndefined();
    expect(backlinksObject(lens)[id("Lens/Notes/Twin.md")]).toBeUndefined();
    expect(backlinksObject(lens)[id("Lens/Deep/Twin.md")]).toEqual([src]);
    expect(index.forwardLinks(docIdOf("Lens/Notes/Src.md")).map((r) => r.target?.path)).toEqual([
      undefined,
      "Lens/Deep/Twin.md",
    ]);
  });

  it("drops the links of a deleted source and to a deleted target", () => {
    const { lens, other, id } = setup();
    deleteEntry(lens, "/A.md");
    expect(backlinksObject(lens)[id("Lens/T.md")]).toEqual([id("Lens/B.md")]);
    deleteEntry(lens, "/T.md");
    expect(backlinksObject(lens)[id("Lens/T.md")]).toBeUndefined();
    expect(backlinksObject(other)).toEqual({});
  });

  it("re-resolves links by folder name when a folder is renamed", () => {
    const { lens, other, id, contentOf } = setup();
    append(contentOf("Lens/A.md"), " [[Other/Inbox]] [[Archive/Inbox]]");
    const a = id("Lens/A.md");
    expect(backlinksObject(other)[id("Other/Inbox.md")]).toEqual([a]);
    other.getMap("folder_config").set("name", "Archive");
    expect(backlinksObject(other)[id("Other/Inbox.md")]).toEqual([a]); // now via [[Archive/Inbox]]
    append(contentOf("Lens/A.md"), " ");
    const text = contentsText(contentOf("Lens/A.md"));
    text.delete(text.toString().indexOf(" [[Archive/Inbox]]"), " [[Archive/Inbox]]".length);
    expect(backlinksObject(other)[id("Other/Inbox.md")]).toBeUndefined();
    // [[Lens/Notes/Src]] from the renamed folder still resolves
    expect(backlinksObject(lens)[id("Lens/Notes/Src.md")]).toEqual([id("Other/Inbox.md")]);
  });

  it("re-resolves bare names of every folder when an entry changes in another folder", () => {
    const t = buildWorkspace({
      Lens: { "/A.md": "[[Idea]] [[Other/Idea]]", "/B.md": "[[Unrelated]]" },
      Other: { "/Inbox.md": "" },
      Third: { "/C.md": "[[idea]]" },
    });
    const index = attachBacklinks(t.ws);
    const folderDoc = (name: string) => t.folders.get(name)!.doc;
    const [lens, other, third] = [folderDoc("Lens"), folderDoc("Other"), folderDoc("Third")];
    const [a, c] = [t.idOf("Lens/A.md"), t.idOf("Third/C.md")];
    const ideaOf = (doc: Y.Doc) => Object.keys(backlinksObject(doc));
    expect([lens, other, third].map(ideaOf)).toEqual([[], [], []]);
    // Created in Other: the bare links of A and C fall back to it ([[Other/Idea]] is exact).
    const before = { ...index.stats };
    setEntry(other, "/Deep/Idea.md", { id: uuid(0x1d1), type: "markdown", version: 0 });
    expect(index.stats.resolved - before.resolved).toBe(2); // A and C, not B
    expect(backlinksObject(other)).toEqual({ [uuid(0x1d1)]: [a, c].sort() });
    // A shorter in-folder path in Third: C's own folder now has it; A falls back to it.
    setEntry(third, "/Idea.md", { id: uuid(0x1d2), type: "markdown", version: 0 });
    expect(backlinksObject(third)).toEqual({ [uuid(0x1d2)]: [a, c].sort() });
    expect(backlinksObject(other)).toEqual({}); // [[Other/Idea]] is exact: /Deep/Idea.md is not it
    // The source's own folder gains a match: A stops falling back.
    setEntry(lens, "/Sub/Idea.md", { id: uuid(0x1d3), type: "markdown", version: 0 });
    expect(backlinksObject(lens)).toEqual({ [uuid(0x1d3)]: [a] });
    expect(backlinksObject(third)).toEqual({ [uuid(0x1d2)]: [c] });
    // Renamed away and deleted: back to the other folders, then to nothing.
    renameEntry(lens, "/Sub/Idea.md", "/Sub/Idea 2.md");
    expect(backlinksObject(lens)).toEqual({});
    // A comes back after C, which stayed: a stored order is never rewritten.
    expect(backlinksObject(third)).toEqual({ [uuid(0x1d2)]: [c, a] });
    deleteEntry(third, "/Idea.md");
    expect(backlinksObject(third)).toEqual({});
    expect(backlinksObject(other)).toEqual({ [uuid(0x1d1)]: [a, c].sort() });
    renameEntry(other, "/Deep/Idea.md", "/Idea.md"); // now also [[Other/Idea]]
    expect(backlinksObject(other)).toEqual({ [uuid(0x1d1)]: [a, c].sort() });
    deleteEntry(other, "/Idea.md");
    expect([lens, other, third].map(ideaOf)).toEqual([[], [], []]);
    expect(index.forwardLinks(t.docIdOf("Lens/A.md")).map((r) => r.target)).toEqual([
      undefined,
      undefined,
    ]);
  });

  it("keeps what an unloaded note recorded, and corrects it when the note is loaded again", () => {
    const { ws, lens, id, docIdOf, index } = setup();
    const c = docIdOf("Lens/C.md");
    ws.removeDoc(c);
    expect(backlinksObject(lens)[id("Lens/U.md")]).toEqual([id("Lens/C.md")]);
    expect(index.forwardLinks(c)).toEqual([]);
    const doc = new Y.Doc();
    contentsText(doc).insert(0, "now [[T]]");
    ws.addContent(c, doc);
    expect(backlinksObject(lens)[id("Lens/U.md")]).toBeUndefined();
    expect(backlinksObject(lens)[id("Lens/T.md")]).toContain(id("Lens/C.md"));
  });

  it("indexes a note whose content doc is added after attach", () => {
    const { ws, lens, id } = setup();
    const newId = uuid(0x999);
    const doc = new Y.Doc();
    contentsText(doc).insert(0, "[[U]]");
    ws.addContent(`${RELAY}-${newId}`, doc);
    expect(backlinksObject(lens)[id("Lens/U.md")]).toEqual([id("Lens/C.md")]); // no entry yet
    setEntry(lens, "/New.md", { id: newId, type: "markdown", version: 0 });
    expect(backlinksObject(lens)[id("Lens/U.md")]).toEqual([id("Lens/C.md"), newId].sort());
  });

  it("indexes a folder added after attach, its notes loaded before it", () => {
    const { ws, lens, id } = setup();
    const folderDoc = new Y.Doc();
    const noteId = uuid(0xa01);
    setEntry(folderDoc, "/Late.md", { id: noteId, type: "markdown", version: 0 });
    folderDoc.getMap("folder_config").set("name", "Late");
    const note = new Y.Doc();
    contentsText(note).insert(0, "[[Lens/U]] [[Late]]");
    ws.addContent(`${RELAY}-${noteId}`, note);
    ws.addFolder(`${RELAY}-${uuid(0xa00)}`, folderDoc);
    expect(backlinksObject(lens)[id("Lens/U.md")]).toEqual([id("Lens/C.md"), noteId].sort());
    expect(backlinksObject(folderDoc)).toEqual({ [noteId]: [noteId] });
  });

  it("stops following the workspace after dispose", () => {
    const { index, contentOf, lens } = setup();
    const before = JSON.stringify(backlinksObject(lens));
    index.dispose();
    append(contentOf("Lens/C.md"), " [[T]]");
    expect(JSON.stringify(backlinksObject(lens))).toBe(before);
  });
});

describe("attachBacklinks: AI views made again", () => {
  it("makes no AI view again for a note without links: not for its link keys, not for its links", () => {
    const t = buildWorkspace({
      Lens: {
        "/T.md": "target",
        "/A.md": "[[T]] {++linked++}",
        "/Plain.md": "no links {++pending++} {--gone--}",
      },
    });
    const index = attachBacklinks(t.ws);
    // An entry change makes the map of link keys (every source with links, once).
    let before = aiViewRenders();
    setEntry(t.folders.get("Lens")!.doc, "/U.md", {
      id: uuid(0xb01),
      type: "markdown",
      version: 0,
    });
    expect(aiViewRenders() - before).toBe(1); // A's
    // A changed note without links is parsed (its new view) and its old link keys dropped: the
    // old view is not made again for that.
    before = aiViewRenders();
    append(t.contentOf("Lens/Plain.md"), " {++more++}");
    expect(aiViewRenders() - before).toBe(1);
    before = aiViewRenders();
    expect(index.forwardLinks(t.docIdOf("Lens/Plain.md"))).toEqual([]);
    expect(index.forwardLinks(t.docIdOf("Lens/T.md"))).toEqual([]);
    expect(aiViewRenders() - before).toBe(0);
    expect(index.forwardLinks(t.docIdOf("Lens/A.md")).map((l) => l.target?.path)).toEqual([
      "Lens/T.md",
    ]);
    expect(aiViewRenders() - before).toBe(1);
  });
});
