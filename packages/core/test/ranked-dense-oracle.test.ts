// Property: ranked search with dense body postings finds the same notes, in the same order, with
// the same scores (relative 1e-9) and matched terms as plain MiniSearch holding every posting,
// configured as search.ts configures it, over random small vaults whose vocabulary is skewed (so
// that some terms are dense), through edits, new notes, renames, removals and unloads, for
// words, prefixes being typed, typos, phrases (AND), exclusions and tags.
import fc from "fast-check";
import MiniSearch from "minisearch";
import { describe, expect, it } from "vitest";
import * as Y from "yjs";
import { contentsText } from "../src/model/contentDoc.js";
import { deleteEntry, filemetaMap, renameEntry, setEntry } from "../src/model/folderDoc.js";
import { contentDocId } from "../src/model/ids.js";
import { normalizeSpaces, parseQuery } from "../src/ranked/query.js";
import { RankedIndex } from "../src/ranked/rankedIndex.js";
import {
  byRank,
  queryWords,
  type RankedMatch,
  rankedMatches,
  rankingWords,
} from "../src/ranked/search.js";
import { STOPWORDS } from "../src/ranked/stopwords.js";
import { fold } from "../src/ranked/terms.js";
import { workspaceFromTexts } from "../src/workspace/fromTexts.js";
import type { Workspace } from "../src/workspace/workspace.js";

/** In most notes (dense when sampled), with prefixes and near-misses of each other. */
const COMMON = ["release", "released", "releases", "team", "teams", "planning", "plan", "notes"];
const MIDDLE = ["relapse", "meeting", "project", "projects", "café", "東京タワー", "review"];
const RARE = ["kayak", "onboarding", "onboard", "budget", "relay", "planner", "teammate", "zebra"];
const TAGS = ["ops", "people", "ops/infra"];
const NAMES = ["Release", "Team", "Kayak", "Notes", "Plan", "Zebra", "Budget", "Misc"];

const word = fc.oneof(
  { arbitrary: fc.constantFrom(...COMMON), weight: 8 },
  { arbitrary: fc.constantFrom(...MIDDLE), weight: 3 },
  { arbitrary: fc.constantFrom(...RARE), weight: 1 },
  { arbitrary: fc.constantFrom("the", "and", "of"), weight: 1 },
);
const line = fc.oneof(
  { arbitrary: fc.array(word, { minLength: 1, maxLength: 12 }).map((w) => w.join(" ")), weight: 6 },
  {
    arbitrary: fc.array(word, { minLength: 1, maxLength: 3 }).map((w) => `# ${w.join(" ")}`),
    weight: 1,
  },
  { arbitrary: fc.constantFrom(...TAGS).map((t) => `#${t}`), weight: 1 },
);
const noteText = fc.array(line, { maxLength: 8 }).map((l) => l.join("\n"));
const noteName = fc.tuple(fc.constantFrom(...NAMES), fc.nat(30)).map(([n, i]) => `${n} ${i}`);

const step = fc.oneof(
  fc.record({ kind: fc.constant("insert" as const), doc: fc.nat(), pos: fc.nat(), text: line }),
  fc.record({
    kind: fc.constant("delete" as const),
    doc: fc.nat(),
    pos: fc.nat(),
    len: fc.nat(40),
  }),
  fc.record({ kind: fc.constant("create" as const), name: noteName, text: noteText }),
  fc.record({ kind: fc.constant("rename" as const), index: fc.nat(), name: noteName }),
  fc.record({ kind: fc.constant("remove" as const), index: fc.nat() }),
  fc.record({ kind: fc.constant("unload" as const), doc: fc.nat() }),
);
type Step = typeof step extends fc.Arbitrary<infer S> ? S : never;

const ALL_WORDS = [...COMMON, ...MIDDLE, ...RARE];
/** Words as people type them: whole, the start of one (being typed), or with a typo. */
const typed = fc.oneof(
  fc.constantFrom(...ALL_WORDS),
  fc
    .tuple(fc.constantFrom(...ALL_WORDS), fc.integer({ min: 2, max: 6 }))
    .map(([w, n]) => w.slice(0, n)),
  fc
    .tuple(fc.constantFrom(...ALL_WORDS), fc.nat(), fc.constantFrom("a", "e", "x", ""))
    .map(([w, i, c]) => {
      const at = i % w.length;
      return w.slice(0, at) + c + w.slice(at + 1);
    }),
);
const query = fc
  .record({
    words: fc.array(typed, { maxLength: 4 }),
    phrase: fc.option(fc.array(fc.constantFrom(...ALL_WORDS), { minLength: 1, maxLength: 2 })),
    excluded: fc.option(fc.constantFrom(...ALL_WORDS, "the", "team plan")),
    tag: fc.option(fc.constantFrom(...TAGS)),
  })
  .map(({ words, phrase, excluded, tag }) =>
    [
      ...words,
      phrase ? `"${phrase.join(" ")}"` : "",
      excluded ? (excluded.includes(" ") ? `-"${excluded}"` : `-${excluded}`) : "",
      tag ? `#${tag}` : "",
    ].join(" "),
  );

const denseChoice = fc.record({
  minNotes: fc.integer({ min: 1, max: 8 }),
  sample: fc.integer({ min: 2, max: 30 }),
  share: fc.constantFrom(0.2, 0.4, 0.6),
});

class Vault {
  readonly ws: Workspace;
  private next = 1000;

  constructor(files: Record<string, string>) {
    this.ws = workspaceFromTexts([{ name: "V", files }]);
  }

  private get folder() {
    return this.ws.folders()[0]!;
  }

  private paths(): string[] {
    return [...filemetaMap(this.folder.doc).keys()].sort();
  }

  apply(s: Step): void {
    const docs = [...this.ws.contentDocIds()].sort();
    const paths = this.paths();
    switch (s.kind) {
      case "insert":
      case "delete": {
        if (docs.length === 0) return;
        const t = this.ws.contentText(docs[s.doc % docs.length]!)!;
        const pos = s.pos % (t.length + 1);
        if (s.kind === "insert") t.insert(pos, `\n${s.text} `);
        else t.delete(pos, Math.min(s.len, t.length - pos));
        return;
      }
      case "create": {
        const path = `/${s.name}.md`;
        if (paths.includes(path)) return;
        const id = `00000000-0000-4000-8000-${(this.next++).toString(16).padStart(12, "0")}`;
        const doc = new Y.Doc();
        contentsText(doc).insert(0, s.text);
        this.ws.addContent(contentDocId(this.folder.relayId, id), doc);
        setEntry(this.folder.doc, path, { id, type: "markdown", version: 0 });
        return;
      }
      case "rename": {
        const from = paths[s.index % Math.max(1, paths.length)];
        const to = `/${s.name}.md`;
        if (from !== undefined && !paths.includes(to)) renameEntry(this.folder.doc, from, to);
        return;
      }
      case "remove": {
        const path = paths[s.index % Math.max(1, paths.length)];
        if (path !== undefined) deleteEntry(this.folder.doc, path);
        return;
      }
      case "unload":
        if (docs.length > 0) this.ws.removeDoc(docs[s.doc % docs.length]!);
        return;
    }
  }
}

/** Today's ranking straight from MiniSearch, every posting in it (search.ts's options). */
function plainMatches(ws: Workspace, index: RankedIndex, query: string) {
  const q = parseQuery(query);
  // How each word may match, by its place (from the words as typed, before stemming).
  const how = queryWords(
    q.terms.filter((t) => !STOPWORDS.has(t)),
    (t) => index.mini.search(t, { prefix: false, fuzzy: false, tokenize: (x) => [x] }).length > 0,
  );
  const words = how.map((w) => w.term);
  const split = (text: string) => text.split(" ").filter(Boolean);
  const excluded = new Set<string>();
  for (const list of q.excluded) {
    const stems = rankingWords(list);
    if (!stems.length) continue;
    for (const r of index.mini.search(stems.join(" "), { combineWith: "AND", tokenize: split }))
      excluded.add(r.id);
  }
  const keep = (id: string) => {
    const path = index.pathOf(id);
    if (path === undefined || excluded.has(id)) return false;
    const tags = index.tagsOf(id);
    if (!q.tags.every((t) => tags.has(t))) return false;
    const text = ` ${normalizeSpaces(fold(ws.view(id)?.ai ?? ""))} `;
    return q.phrases.every((p) => text.includes(` ${p} `));
  };
  const results = words.length
    ? index.mini.search(words.join(" "), {
        tokenize: split,
        prefix: (_term, i) => how[i]?.prefix ?? false,
        fuzzy: (_term, i) => how[i]?.fuzzy ?? false,
        maxFuzzy: 2,
        combineWith: q.phrases.length ? "AND" : "OR",
        filter: (r) => keep(r.id),
      })
    : index.mini.search(MiniSearch.wildcard, { filter: (r) => keep(r.id) });
  return results
    .map((r) => ({ id: r.id as string, path: index.pathOf(r.id)!, score: r.score, terms: r.terms }))
    .sort((a, b) => b.score - a.score || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

function close(a: number, b: number): boolean {
  return Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));
}

/** Same notes, same score at each rank and for each note (ties may swap), same terms. */
function expectSame(
  actual: RankedMatch[],
  expected: ReturnType<typeof plainMatches>,
  query: string,
): void {
  const context = `query ${JSON.stringify(query)}`;
  expect(actual.length, context).toBe(expected.length);
  const byId = new Map(actual.map((r) => [r.note.id, r]));
  for (const [i, e] of expected.entries()) {
    const a = byId.get(e.id)?.note;
    expect(a, `${context}: ${e.path} missing`).toBeDefined();
    expect(close(a!.score, e.score), `${context}: ${e.path} ${a!.score} vs ${e.score}`).toBe(true);
    expect(close(actual[i]!.note.score, e.score), `${context}: rank ${i}`).toBe(true);
    expect(new Set(a!.terms()), `${context}: terms of ${e.path}`).toEqual(new Set(e.terms));
  }
}

let comparisons = 0;
let denseComparisons = 0;

async function settle(...indexes: RankedIndex[]): Promise<void> {
  for (const index of indexes) {
    index.flush();
    // Until vacuumed, MiniSearch counts a discarded note in a term's document frequency for
    // some notes; the dense store never does. Both are compared with nothing discarded left.
    await index.mini.vacuum();
  }
}

async function compareAll(
  ws: Workspace,
  dense: RankedIndex,
  plain: RankedIndex,
  queries: readonly string[],
) {
  await settle(dense, plain);
  for (const query of queries) {
    const q = parseQuery(query);
    if (rankingWords(q.terms).length === 0 && !q.tags.length && !q.phrases.length) continue;
    const expected = plainMatches(ws, plain, query);
    expectSame(rankedMatches(ws, dense, q, {}).sort(byRank), expected, query);
    expectSame(rankedMatches(ws, plain, q, {}).sort(byRank), expected, query);
    comparisons++;
    if (dense.dense.termCount) denseComparisons++;
  }
}

describe("dense body postings: the same ranking as plain MiniSearch", () => {
  it("over random vaults, edits and queries", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(noteName, noteText, { minKeys: 1, maxKeys: 20 }),
        denseChoice,
        fc.array(fc.array(step, { maxLength: 5 }), { maxLength: 3 }),
        fc.array(query, { minLength: 4, maxLength: 8 }),
        async (files, choice, batches, queries) => {
          const vault = new Vault(
            Object.fromEntries(Object.entries(files).map(([n, t]) => [`${n}.md`, t])),
          );
          const dense = new RankedIndex(vault.ws, { dense: choice });
          const plain = new RankedIndex(vault.ws, { dense: false });
          await compareAll(vault.ws, dense, plain, queries);
          for (const batch of batches) {
            for (const s of batch) vault.apply(s);
            await compareAll(vault.ws, dense, plain, queries);
          }
          dense.dispose();
          plain.dispose();
        },
      ),
      { numRuns: 200 },
    );
    // The generator must exercise what it is for: many comparisons with dense terms.
    expect(denseComparisons).toBeGreaterThan(comparisons / 3);
    console.log(`${comparisons} queries compared, ${denseComparisons} with dense terms`);
  }, 120_000);
});
