// Requests that are small or legal but cost the server much work: replace_all over 350 000
// occurrences, sync updates adding 30 000 folder keys or odd folder values, a 7 MB note, a note
// of 20 000 wikilinks. Each is bounded (refused, changing nothing) or done without stalling;
// the bystander (probe.ts) measures the stall of each.
import * as Y from "yjs";
import { type Attempt, type Category, check } from "./battery.js";
import { openSession } from "./wire.js";

/** The battery's own Relay folder, made through sync like a Relay client makes one. */
const RELAY = "a77ac000-0000-4000-8000-000000000001";
const uuid = (n: number) => `a77ac000-0000-4000-8000-${n.toString(16).padStart(12, "0")}`;
const FOLDER_OK = uuid(0x100);
const FOLDER_WIDE = uuid(0x101);
const BIG_NOTE = uuid(0x200);
const LINKED_NOTE = uuid(0x201);

/** The seeded note whose line replace_all is tried on: `alpha beta` 350 000 times. */
export const MANY_NOTE = { name: "Many.md", text: "alpha beta\n".repeat(350_000) };

function folderUpdate(entries: [path: string, value: unknown][]): Uint8Array {
  const d = new Y.Doc();
  d.transact(() => {
    const fm = d.getMap("filemeta_v0");
    const docs = d.getMap("docs");
    for (const [path, value] of entries) {
      fm.set(path, value);
      const id = (value as { id?: unknown } | null)?.id;
      if (typeof id === "string") docs.set(path, id);
    }
  });
  return Y.encodeStateAsUpdate(d);
}

/**
 * A note's text as a client's update, and the update that empties it again: the battery takes
 * its heavy notes back, so later categories (a restart) do not inherit them.
 */
function noteUpdates(text: string): { write: Uint8Array; empty: Uint8Array } {
  const d = new Y.Doc();
  const t = d.getText("contents");
  t.insert(0, text);
  const write = Y.encodeStateAsUpdate(d);
  const written = Y.encodeStateVector(d);
  t.delete(0, t.length);
  return { write, empty: Y.encodeStateAsUpdate(d, written) };
}

const markdown = (id: string) => ({ id, type: "markdown", version: 0 });

async function postUpdate(url: string, docId: string, body: Uint8Array): Promise<number> {
  const res = await fetch(`${url}/d/${docId}/update`, {
    method: "POST",
    body: body as Uint8Array<ArrayBuffer>,
  });
  await res.arrayBuffer();
  return res.status;
}

async function stateOf(url: string, docId: string): Promise<Buffer> {
  return Buffer.from(await (await fetch(`${url}/d/${docId}/as-update`)).arrayBuffer());
}

/** Odd filemeta_v0 values past the bounds: 20 000 fields, 1 000 levels, 30 000 arrays. */
function oddValuesPastBounds(): [string, unknown][] {
  let nested: unknown = "bottom";
  for (let i = 0; i < 1000; i++) nested = [nested];
  const wide = Object.fromEntries(Array.from({ length: 20_000 }, (_, i) => [`k${i}`, i]));
  return [
    ["/nested.md", { ...markdown(uuid(0x300)), extra: nested }],
    ["/wide.md", { ...markdown(uuid(0x301)), ...wide }],
    ...Array.from({ length: 30_000 }, (_, i): [string, unknown] => [`/n${i}.md`, [i, i, i]]),
  ];
}

/** Odd filemeta_v0 values within the bounds: not what Relay writes, served as nothing. */
function oddValuesWithinBounds(): [string, unknown][] {
  return [
    ["/string.md", "x".repeat(1_000_000)],
    ["/long-id.md", { id: "y".repeat(1_000_000), type: "markdown", version: 0 }],
    ["/number.md", 42],
    ...Array.from({ length: 500 }, (_, i): [string, unknown] => [`/a${i}.md`, [i, "z", null]]),
  ];
}

export const costlyWork: Category = {
  name: "costly work (replace_all, sync keys, big notes)",
  attempts: () => {
    // Made before the bystander starts: building them is the battery's work, not the server's.
    const folder = folderUpdate([
      ["/Big.md", markdown(BIG_NOTE)],
      ["/Linked.md", markdown(LINKED_NOTE)],
      ...Array.from({ length: 50 }, (_, i): [string, unknown] => [
        `/Target ${i}.md`,
        markdown(uuid(0x1000 + i)),
      ]),
    ]);
    const wide = folderUpdate(
      Array.from({ length: 30_000 }, (_, i): [string, unknown] => [
        `/wide/${i}.md`,
        markdown(uuid(0x10000 + i)),
      ]),
    );
    const oddPast = folderUpdate(oddValuesPastBounds());
    const oddWithin = folderUpdate(oddValuesWithinBounds());
    // 7 MB of prose with a link every 2 KB, and a note of 20 000 links to 100 notes and 1 000
    // missing names.
    const paragraph = `${"seven megabytes of plain prose, sentence after sentence. ".repeat(36)}[[Target 1]]\n`;
    const big = noteUpdates(`# Big\n${paragraph.repeat(Math.ceil(7_000_000 / paragraph.length))}`);
    const linked = noteUpdates(
      Array.from(
        { length: 20_000 },
        (_, i) => `- [[Target ${i % 100}]] or [[Missing ${i % 1000}]]\n`,
      ).join(""),
    );
    return [
      {
        name: "replace_all of 350 000 occurrences in a 3.9 MB note: refused, nothing changed",
        async run(c) {
          const s = await openSession(c.url);
          const path = `Notes/${MANY_NOTE.name}`;
          const before = await fetch(`${c.url}/api/v1/documents/${path}?limit=1`);
          await before.arrayBuffer();
          check((await s.call("read", { file_path: path, limit: 1 })).isError === false, "read");
          const r = await s.call("edit", {
            file_path: path,
            old_string: "beta",
            new_string: "gamma",
            replace_all: true,
          });
          check(
            r.isError === true && /more than 1000 matches/.test(r.text ?? ""),
            `got ${JSON.stringify(r).slice(0, 200)}`,
          );
          const after = await fetch(`${c.url}/api/v1/documents/${path}?limit=1`);
          await after.arrayBuffer();
          check(after.headers.get("etag") === before.headers.get("etag"), "the note changed");
        },
      },
      {
        name: "a Relay folder of 52 entries made through sync",
        async run(c) {
          const status = await postUpdate(c.url, `${RELAY}-${FOLDER_OK}`, folder);
          check(status === 200, `HTTP ${status}`);
        },
      },
      {
        name: "a 7 MB note through sync (then emptied)",
        async run(c) {
          const status = await postUpdate(c.url, `${RELAY}-${BIG_NOTE}`, big.write);
          check(status === 200, `HTTP ${status}`);
          const emptied = await postUpdate(c.url, `${RELAY}-${BIG_NOTE}`, big.empty);
          check(emptied === 200, `emptying it: HTTP ${emptied}`);
        },
      },
      {
        name: "a note of 20 000 wikilinks (100 notes, 1 000 missing names) through sync (then emptied)",
        async run(c) {
          const status = await postUpdate(c.url, `${RELAY}-${LINKED_NOTE}`, linked.write);
          check(status === 200, `HTTP ${status}`);
          const emptied = await postUpdate(c.url, `${RELAY}-${LINKED_NOTE}`, linked.empty);
          check(emptied === 200, `emptying it: HTTP ${emptied}`);
        },
      },
      {
        name: "a sync update adding 30 000 filemeta_v0 keys: 400, nothing changed",
        async run(c) {
          const doc = `${RELAY}-${FOLDER_WIDE}`;
          const before = await stateOf(c.url, doc);
          const status = await postUpdate(c.url, doc, wide);
          check(status === 400, `HTTP ${status}`);
          check((await stateOf(c.url, doc)).equals(before), "the document changed");
        },
      },
      {
        name: "odd filemeta_v0 values past the bounds (20 000 fields, 1 000 levels): 400",
        async run(c) {
          const doc = `${RELAY}-${FOLDER_OK}`;
          const before = await stateOf(c.url, doc);
          const status = await postUpdate(c.url, doc, oddPast);
          check(status === 400, `HTTP ${status}`);
          check((await stateOf(c.url, doc)).equals(before), "the document changed");
        },
      },
      {
        name: "odd filemeta_v0 values within the bounds (a 1 MB string, a 1 MB id): no stall",
        async run(c) {
          // Into the existing folder: a new folder doc costs a rebuild of every link's resolution
          // (apart from its values; see the harness README).
          const status = await postUpdate(c.url, `${RELAY}-${FOLDER_OK}`, oddWithin);
          check(status === 200 || status === 400, `HTTP ${status}`);
          const res = await fetch(`${c.url}/api/v1/documents/Notes/Short.md`);
          await res.arrayBuffer();
          check(res.status === 200, `a read after it: HTTP ${res.status}`);
        },
      },
    ] satisfies Attempt[];
  },
};
