// The ranked-search index of a Workspace (MiniSearch, BM25F-like): one entry per loaded markdown
// note, its fields' stems weighted in one field (weightedTerms.ts), kept current from workspace
// events. Changed notes are marked and re-indexed before the next
// query (or in budgeted steps by `flush`), so an update is visible to the next query. The body
// postings of very common terms are kept in DensePostings instead of MiniSearch (memory: see
// densePostings.ts); rankedScores.ts adds them back when scoring.
import MiniSearch from "minisearch";
import { detached } from "../text/detach.js";
import type { Workspace } from "../workspace/workspace.js";
import { BodyTally } from "./bodyTally.js";
import { DensePostings } from "./densePostings.js";
import { noteFields, rankedText } from "./fields.js";
import { nameStems } from "./nameStems.js";
import { StemCache } from "./stems.js";
import { weightedTerms } from "./weightedTerms.js";

export { FIELD_BOOST } from "./weightedTerms.js";

/**
 * A note as MiniSearch takes it: its weighted stems, handed to MiniSearch as they are (its
 * `stringifyField` and `tokenize` pass the list through: no string joined only to be split).
 */
interface IndexedNote {
  id: string;
  text: string[];
}

/** The one field MiniSearch indexes. */
export const RANKED_FIELD = "text";

export interface RankedStats {
  documents: number;
  /** Terms in MiniSearch's dictionary (dense terms are not among them). */
  terms: number;
  /** Terms whose postings are dense (see densePostings.ts). */
  denseTerms: number;
  /** Notes changed since they were last indexed. */
  pending: number;
}

/** Which body terms are dense: chosen once, from a sample of the notes to index. */
export interface DenseChoice {
  /** Notes read to choose (spread over all). */
  sample: number;
  /** A term is dense when at least this share of the sampled bodies holds it. */
  share: number;
  /** Fewer notes than this to index: nothing is dense yet (the choice waits for more). */
  minNotes: number;
}

// 10 %: a dense term costs 2 bytes per note slot (slots are up to twice the notes), a MiniSearch
// posting 40–46 bytes per note holding the term: from 5 % of notes dense is cheaper, and from
// 10 % it stays so with the slots doubled or the term a little rarer than its sample said
// (±1 % with 1 000 notes). On the 10 000-note benchmark: 5 % → 367 dense terms, 0.70× the text;
// 10 % → 328, 0.73×; 20 % → 277, 0.78×; 40 % → 209, 0.94×. Sampling 1 000 notes costs ~0.1 s.
export const DENSE_CHOICE: DenseChoice = { sample: 1000, share: 0.1, minNotes: 200 };

export interface RankedIndexOptions {
  /** How dense terms are chosen; false keeps every posting in MiniSearch. */
  dense?: Partial<DenseChoice> | false;
}

export class RankedIndex {
  readonly mini = new MiniSearch<IndexedNote>({
    fields: [RANKED_FIELD],
    storeFields: [],
    // The note's stems arrive made (weightedTerms: folded, stopwords left out, stemmed); a query
    // arrives as its stems too (search.ts), one word at a time. Dense terms of a note are
    // counted for the dense store instead of MiniSearch.
    // The field's value is the list of stems (IndexedNote); MiniSearch's types say string.
    stringifyField: (stems: string[]) => stems as unknown as string,
    tokenize: (stems) => stems as unknown as string[],
    // A search is given stems as text (one word at a time by search.ts): split on spaces.
    searchOptions: { tokenize: (text) => (text ? text.split(" ") : []) },
    processTerm: (term, field) => (field === undefined ? term : this.body.body(term)),
    autoVacuum: { minDirtCount: 100, minDirtFactor: 0.2, batchSize: 1000, batchWait: 10 },
  });
  private denseStore = new DensePostings([]);
  private body = new BodyTally(this.denseStore);
  private choice: DenseChoice | undefined;
  private readonly dirty = new Set<string>();
  private readonly stems = new StemCache();
  private readonly tags = new Map<string, Set<string>>();
  private readonly paths = new Map<string, string>();
  /** Aliases of the notes that have some (few do). */
  private readonly aliases = new Map<string, string[]>();
  /** The notes whose name or an alias holds a stem (for the name bonus, nameBonus.ts). */
  private readonly named = new Map<string, Set<string>>();
  private readonly stop: () => void;

  constructor(
    private readonly ws: Workspace,
    options: RankedIndexOptions = {},
  ) {
    this.choice = options.dense === false ? undefined : { ...DENSE_CHOICE, ...options.dense };
    for (const id of ws.contentDocIds()) this.dirty.add(id);
    this.stop = ws.on((e) => {
      if (e.type === "content" || e.type === "doc") this.dirty.add(e.docId);
      else if (e.type === "entries") {
        for (const c of e.changes) {
          if (c.before) this.dirty.add(c.before.docId);
          if (c.after) this.dirty.add(c.after.docId);
        }
      } else if (e.type === "folders") {
        for (const id of ws.contentDocIds()) this.dirty.add(id);
        for (const id of this.paths.keys()) this.dirty.add(id);
      }
    });
  }

  /**
   * Re-indexes up to `budget` changed notes, stopping after the one that brings the characters
   * read past `chars` (so a slice of big notes is as short as one of small ones); returns how
   * many are still waiting.
   */
  flush(budget = Number.POSITIVE_INFINITY, chars = Number.POSITIVE_INFINITY): number {
    if (this.choice && this.dirty.size) this.chooseDense(this.choice);
    let done = 0;
    let read = 0;
    for (const docId of this.dirty) {
      if (done++ >= budget || read >= chars) break;
      this.dirty.delete(docId);
      read += this.reindex(docId);
    }
    // Kept across the slices of one build (a vault repeats its words), dropped once it is done.
    if (this.dirty.size === 0) this.stems.clear();
    return this.dirty.size;
  }

  /** The path a note was indexed under, and its tags. */
  pathOf(docId: string): string | undefined {
    return this.paths.get(docId);
  }

  /** The notes whose name or an alias holds `term` (a stem). */
  namedBy(term: string): ReadonlySet<string> | undefined {
    return this.named.get(term);
  }

  /** The note's name (its file name without `.md`), then its aliases. */
  namesOf(docId: string): string[] {
    const path = this.paths.get(docId);
    if (path === undefined) return [];
    const name = path.slice(path.lastIndexOf("/") + 1).replace(/\.md$/i, "");
    return [name, ...(this.aliases.get(docId) ?? [])];
  }

  /** Whether some note holds `term` (a stem, as indexed). */
  readonly knows = (term: string): boolean =>
    this.denseStore.df(term) > 0 ||
    this.mini.search(term, { prefix: false, fuzzy: false, tokenize: (t) => [t] }).length > 0;

  tagsOf(docId: string): ReadonlySet<string> {
    return this.tags.get(docId) ?? new Set();
  }

  /** Every note's slot and body length; the dense terms' body postings (none till chosen). */
  get dense(): DensePostings {
    return this.denseStore;
  }

  stats(): RankedStats {
    return {
      documents: this.mini.documentCount,
      terms: this.mini.termCount,
      denseTerms: this.denseStore.termCount,
      pending: this.dirty.size,
    };
  }

  dispose(): void {
    this.stop();
  }

  /** Re-indexes one note; the characters it read. */
  private reindex(docId: string): number {
    const path = this.ws.paths.pathOf(docId);
    const loc = path === undefined ? undefined : this.ws.paths.get(path);
    const view = loc?.meta.type === "markdown" ? this.ws.view(docId) : undefined;
    const had = this.paths.has(docId);
    if (had) {
      this.mini.discard(docId);
      this.denseStore.delete(docId);
    }
    if (had) this.unname(docId);
    this.aliases.delete(docId);
    if (!view || path === undefined) {
      this.paths.delete(docId);
      this.tags.delete(docId);
      return 0;
    }
    const text = rankedText(view.aiOnce());
    const f = noteFields(path, text);
    const note: IndexedNote = { id: docId, text: weightedTerms(f, this.stems.of) };
    this.body.reset();
    this.mini.add(note);
    this.denseStore.set(docId, this.body.denseCounts(), this.body.length());
    this.paths.set(docId, path);
    // Kept until the note changes: copies, not views into this version of its text.
    this.tags.set(docId, new Set(f.tags.map(detached)));
    if (f.aliases.length) this.aliases.set(docId, f.aliases.map(detached));
    for (const s of nameStems(this.namesOf(docId), this.stems.of)) {
      const ids = this.named.get(s);
      if (ids) ids.add(docId);
      else this.named.set(s, new Set([docId]));
    }
    return text.length;
  }

  /**
   * Chooses the dense terms once there are enough notes: the body terms of at least
   * `share` of a sample. Notes indexed before (too few to choose from) are indexed again.
   */
  private chooseDense(choice: DenseChoice): void {
    const notes = [...new Set([...this.paths.keys(), ...this.dirty])].filter((id) =>
      this.indexable(id),
    );
    if (notes.length < choice.minNotes) return;
    this.choice = undefined;
    const common = commonTerms(this.ws, notes, choice, this.stems);
    if (common.length === 0) return;
    // Room for the notes there are and some more, before the arrays double.
    this.denseStore = new DensePostings(common, Math.ceil(notes.length * 1.125));
    this.body = new BodyTally(this.denseStore);
    if (this.paths.size === 0) return;
    this.mini.removeAll();
    for (const id of this.paths.keys()) this.dirty.add(id);
    this.paths.clear();
    this.tags.clear();
    this.aliases.clear();
    this.named.clear();
  }

  /** Takes the note out of `named` (before its path and aliases change). */
  private unname(docId: string): void {
    for (const s of nameStems(this.namesOf(docId), this.stems.of)) {
      const ids = this.named.get(s);
      ids?.delete(docId);
      if (ids?.size === 0) this.named.delete(s);
    }
  }

  private indexable(docId: string): boolean {
    const path = this.ws.paths.pathOf(docId);
    return path !== undefined && this.ws.paths.get(path)?.meta.type === "markdown";
  }
}

/** Indexed terms held by at least `share` of a sample of `notes`. */
function commonTerms(
  ws: Workspace,
  notes: readonly string[],
  choice: DenseChoice,
  stems: StemCache,
): string[] {
  const step = Math.max(1, notes.length / choice.sample);
  const df = new Map<string, number>();
  let sampled = 0;
  for (let i = 0; i < notes.length; i += step) {
    const docId = notes[Math.floor(i)] as string;
    const path = ws.paths.pathOf(docId);
    const ai = ws.view(docId)?.aiOnce();
    if (path === undefined || ai === undefined) continue;
    sampled++;
    for (const t of new Set(weightedTerms(noteFields(path, rankedText(ai)), stems.of))) {
      df.set(t, (df.get(t) ?? 0) + 1);
    }
  }
  const least = Math.max(1, choice.share * sampled);
  return [...df].filter(([, n]) => n >= least).map(([t]) => t);
}

const indexes = new WeakMap<Workspace, RankedIndex>();

/** The workspace's ranked-search index, made on first use. */
export function rankedIndexOf(ws: Workspace): RankedIndex {
  let index = indexes.get(ws);
  if (!index) {
    index = new RankedIndex(ws);
    indexes.set(ws, index);
  }
  return index;
}
