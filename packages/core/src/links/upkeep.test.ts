// Link upkeep is started explicitly: a Workspace alone writes no backlinks_v0; the index queries
// make on first use writes nothing yet answers as upkeep does; startLinkUpkeep writes.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import * as Y from "yjs";
import { contentsText } from "../model/contentDoc.js";
import { backlinksMap, renameEntry, setEntry } from "../model/folderDoc.js";
import { Workspace } from "../workspace/workspace.js";
import { OwnedBacklinks } from "./backlinkStore.js";
import { backlinkIndexOf, startLinkUpkeep } from "./backlinks.js";
import {
  backlinksObject,
  buildWorkspace,
  RELAY,
  type TestWorkspace,
  uuid,
} from "./links.test-helpers.js";

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

describe("link upkeep where only a folder's owner writes (a cluster)", () => {
  it("writes the folders it owns, answers for the others as if written, and writes them on taking over", () => {
    const kept = buildWorkspace(SPEC);
    startLinkUpkeep(kept.ws);
    const t = buildWorkspace(SPEC);
    const lens = t.folders.get("Lens")!.doc;
    const other = t.folders.get("Other")!.doc;
    const owned = new Set<Y.Doc>([other]);
    const store = new OwnedBacklinks((doc) => owned.has(doc));
    const index = startLinkUpkeep(t.ws, { store });
    expect(index.writes).toBe(true);
    // Lens is owned elsewhere: its backlinks_v0 stays as it was, yet answers are upkeep's.
    expect(backlinksObject(lens)).toEqual({});
    expect(Object.keys(backlinksObject(other)).length).toBeGreaterThan(0);
    expect(answers(t)).toEqual(answers(kept));
    edit(kept);
    edit(t);
    expect(backlinksObject(lens)).toEqual({});
    expect(answers(t)).toEqual(answers(kept));
    // Taking Lens over writes what the index computed meanwhile, once.
    owned.add(lens);
    expect(store.takeOver(lens)).toBeGreaterThan(0);
    expect(backlinksObject(lens)).toEqual(backlinksObject(kept.folders.get("Lens")!.doc));
    expect(store.takeOver(lens)).toBe(0);
    expect(answers(t)).toEqual(answers(kept));
  });

  it("on taking over, leaves a key the owner wrote since (its value wins)", () => {
    const t = buildWorkspace(SPEC);
    const lens = t.folders.get("Lens")!.doc;
    const store = new OwnedBacklinks(() => false);
    const index = startLinkUpkeep(t.ws, { store });
    const a = t.idOf("Lens/A.md");
    expect(index.backlinks(t.docIdOf("Lens/A.md"))).toHaveLength(2);
    // The owner (another process) writes the key, as its update arrives here.
    lens.getMap("backlinks_v0").set(a, [t.idOf("Lens/B.md")]);
    store.takeOver(lens);
    expect(backlinksObject(lens)[a]).toEqual([t.idOf("Lens/B.md")]);
  });
});

describe("link upkeep in a workspace batch (a load, an import)", () => {
  /** N notes in two folders, each linking to the next note and to a hub in the other folder. */
  function notes(n: number) {
    const folders = [0, 1].map((i) => ({
      docId: `${RELAY}-${uuid(0xf00 + i)}`,
      doc: new Y.Doc(),
      name: i === 0 ? "Lens" : "Other",
    }));
    const contents: [string, Y.Doc][] = [];
    for (let i = 0; i < n; i++) {
      const f = folders[i % 2]!;
      const id = uuid(i + 1);
      setEntry(f.doc, `/N${i}.md`, { id, type: "markdown", version: 0 });
      const doc = new Y.Doc();
      contentsText(doc).insert(0, `[[N${(i + 2) % n}]] [[${i % 2 ? "Lens" : "Other"}/Hub]]`);
      contents.push([`${RELAY}-${id}`, doc]);
    }
    for (const [i, f] of folders.entries()) {
      setEntry(f.doc, "/Hub.md", { id: uuid(0xa00 + i), type: "markdown", version: 0 });
      f.doc.getMap("folder_config").set("name", f.name);
    }
    return { folders, contents };
  }

  /** Transactions that change each folder doc's backlinks_v0. */
  function writesTo(docs: Y.Doc[]): () => number[] {
    const counts = docs.map(() => 0);
    docs.forEach((d, i) => {
      backlinksMap(d).observe(() => {
        counts[i]!++;
      });
    });
    return () => counts;
  }

  it("parses and resolves each note once and writes each backlinks_v0 once, notes before folders", () => {
    const { folders, contents } = notes(40);
    const ws = new Workspace();
    const index = startLinkUpkeep(ws);
    const writes = writesTo(folders.map((f) => f.doc));
    const before = { ...index.stats };
    ws.batch(() => {
      for (const [id, doc] of contents) ws.addContent(id, doc);
      for (const f of folders) ws.addFolder(f.docId, f.doc);
    });
    expect(index.stats.parsed - before.parsed).toBe(40);
    expect(index.stats.resolved - before.resolved).toBe(40);
    expect(index.stats.rebuilds - before.rebuilds).toBe(1);
    expect(writes()).toEqual([1, 1]);
    // As without a batch, where each note is parsed and resolved as it comes, then every note
    // is resolved again when each folder comes.
    const plain = notes(40);
    const ws2 = new Workspace();
    const index2 = startLinkUpkeep(ws2);
    for (const [id, doc] of plain.contents) ws2.addContent(id, doc);
    for (const f of plain.folders) ws2.addFolder(f.docId, f.doc);
    expect(index2.stats.resolved).toBeGreaterThan(100);
    expect(backlinksObject(folders[0]!.doc)).toEqual(backlinksObject(plain.folders[0]!.doc));
    expect(backlinksObject(folders[1]!.doc)).toEqual(backlinksObject(plain.folders[1]!.doc));
    expect(Object.keys(backlinksObject(folders[0]!.doc))).toContain(uuid(0xa00));
  });

  it("writes nothing when backlinks_v0 is already right", () => {
    const { folders, contents } = notes(20);
    const first = new Workspace();
    startLinkUpkeep(first);
    first.batch(() => {
      for (const [id, doc] of contents) first.addContent(id, doc);
      for (const f of folders) first.addFolder(f.docId, f.doc);
    });
    const ws = new Workspace();
    startLinkUpkeep(ws);
    const copies = folders.map((f) => {
      const c = new Y.Doc();
      Y.applyUpdate(c, Y.encodeStateAsUpdate(f.doc));
      return c;
    });
    const writes = writesTo(copies);
    ws.batch(() => {
      for (const [id, doc] of contents) ws.addContent(id, doc);
      folders.forEach((f, i) => {
        ws.addFolder(f.docId, copies[i]!);
      });
    });
    expect(writes()).toEqual([0, 0]);
  });

  it("answers a query in the middle of a batch from the work done so far", () => {
    const { folders, contents } = notes(6);
    const ws = new Workspace();
    const index = startLinkUpkeep(ws);
    const end = ws.beginBatch();
    for (const f of folders) ws.addFolder(f.docId, f.doc);
    for (const [id, doc] of contents) ws.addContent(id, doc);
    expect(index.forwardLinks(contents[0]![0]).map((l) => l.target?.path)).toEqual([
      "Lens/N2.md",
      "Other/Hub.md",
    ]);
    end();
    expect(index.backlinks(`${RELAY}-${uuid(0xa00)}`)).toHaveLength(3);
  });
});

describe("link upkeep's first pass, paced (a server that is serving while it runs)", () => {
  /** SPEC's edits one by one, to fall between the pass's steps. */
  const EDITS: ((t: TestWorkspace) => void)[] = [
    (t) =>
      contentsText(t.contentOf("Lens/B.md")).insert(
        contentsText(t.contentOf("Lens/B.md")).length,
        " [[A]]",
      ),
    (t) => contentsText(t.contentOf("Lens/A.md")).delete(0, 6),
    (t) => renameEntry(t.folders.get("Lens")!.doc, "/T.md", "/Sub/T.md"),
    (t) =>
      setEntry(t.folders.get("Lens")!.doc, "/Missing.md", {
        id: uuid(0x99),
        type: "markdown",
        version: 0,
      }),
    // Unloaded, then loaded again without its link to A (Lens's own entry for it goes).
    (t) => {
      const id = t.docIdOf("Other/Inbox.md");
      t.ws.removeDoc(id);
      const doc = new Y.Doc();
      contentsText(doc).insert(0, "[[T]]");
      t.ws.addContent(id, doc);
    },
  ];

  /** Upkeep started with a pacer the test drives: `step()` runs one step of the pass. */
  function paced(t: TestWorkspace) {
    let step: (() => boolean) | undefined;
    let done = 0;
    const index = startLinkUpkeep(t.ws, {
      pace: (s) => {
        step = s;
      },
      onFirstPass: () => done++,
    });
    return {
      index,
      finished: () => done,
      /** One step; true once the pass is over. */
      step: () => step!(),
    };
  }

  const forward = (t: TestWorkspace) =>
    [...t.ws.contentDocIds()].sort().map((id) =>
      backlinkIndexOf(t.ws)
        .forwardLinks(id)
        .map((l) => l.target?.path),
    );

  it("writes nothing until its last step, answers forward links as upkeep does meanwhile, and ends as upkeep would", () => {
    fc.assert(
      fc.property(
        fc.array(fc.nat(6), { minLength: EDITS.length, maxLength: EDITS.length }),
        (at) => {
          const t = buildWorkspace(SPEC);
          const writes = countWrites(t);
          const run = paced(t);
          const sync = buildWorkspace(SPEC);
          startLinkUpkeep(sync.ws);
          let over = false;
          for (let i = 0; i <= 6; i++) {
            EDITS.forEach((e, k) => {
              if (at[k] === i) {
                e(t);
                e(sync);
              }
            });
            expect(forward(t)).toEqual(forward(sync));
            if (!over) {
              expect(writes()).toBe(0);
              expect(run.finished()).toBe(0);
              over = run.step();
            }
          }
          expect(over).toBe(true);
          expect(run.finished()).toBe(1);
          // The same sources under each key (upkeep appends a new one; the pass writes sorted).
          for (const name of ["Lens", "Other"]) {
            expect(sortedLists(backlinksObject(t.folders.get(name)!.doc))).toEqual(
              sortedLists(backlinksObject(sync.folders.get(name)!.doc)),
            );
          }
          expect(answers(t)).toEqual(answers(sync));
          // Steps after the end do nothing.
          expect(run.step()).toBe(true);
        },
      ),
      { numRuns: 60 },
    );
  });

  it("answers backlinks from backlinks_v0 until it ends, then as upkeep does", () => {
    const t = buildWorkspace(SPEC);
    const a = t.docIdOf("Lens/A.md");
    // What another writer left: one source, and one Lens would not write.
    t.folders
      .get("Lens")!
      .doc.getMap("backlinks_v0")
      .set(t.idOf("Lens/A.md"), [uuid(0x77)]);
    const run = paced(t);
    expect(run.index.backlinks(a)).toEqual([`${RELAY}-${uuid(0x77)}`]);
    while (!run.step()) {}
    expect(run.index.backlinks(a)).toEqual(
      [uuid(0x77), t.idOf("Lens/T.md"), t.idOf("Other/Inbox.md")]
        .map((u) => `${RELAY}-${u}`)
        .sort(),
    );
  });

  it("stops when disposed: the pacer's next step ends it, nothing written", () => {
    const t = buildWorkspace(SPEC);
    const writes = countWrites(t);
    const run = paced(t);
    expect(run.step()).toBe(false);
    run.index.dispose();
    expect(run.step()).toBe(true);
    expect(writes()).toBe(0);
    expect(run.finished()).toBe(0);
  });

  it("leaves changes heard during it to a batch still open when it ends", () => {
    const t = buildWorkspace(SPEC);
    const run = paced(t);
    // Every note visited; the next step writes.
    for (let i = 0; i < [...t.ws.contentDocIds()].length; i++) expect(run.step()).toBe(false);
    const end = t.ws.beginBatch();
    EDITS[0]!(t);
    expect(run.step()).toBe(true);
    const b = t.idOf("Lens/B.md");
    const listsB = () =>
      (backlinksObject(t.folders.get("Lens")!.doc)[t.idOf("Lens/A.md")] as string[]).includes(b);
    // B's new link to A waits for the batch (as everything in a batch does).
    expect(listsB()).toBe(false);
    end();
    expect(listsB()).toBe(true);
  });
});

function sortedLists(o: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(o).map(([k, v]) => [k, Array.isArray(v) ? [...v].sort() : v]),
  );
}
