// Scores of a query over the index: MiniSearch's own scores over the postings it holds, plus the
// dense body postings it does not hold (densePostings.ts), added and combined exactly as
// MiniSearch 7 does (executeQuerySpec, termResults, combineResults, search), so a note gets the
// score MiniSearch would give it with every posting in it (floating-point rounding aside).
import type { DensePostings } from "./densePostings.js";
import type { RankedIndex } from "./rankedIndex.js";

/** One word of a query and how it may match: by prefix, and with up to `fuzzy` edits. */
export interface QueryWord {
  term: string;
  prefix: boolean;
  /** MiniSearch's `fuzzy`: false, an edit distance (≥ 1), or a share of the length (< 1). */
  fuzzy: number | false;
}

export interface Scored {
  id: string;
  score: number;
  /** Index terms the note matched (exact, prefix and typo matches), for the snippets. */
  terms(): string[];
}

/** MiniSearch's defaults, given to it explicitly so both sides use the same values. */
export const MATCH_WEIGHTS = { prefix: 0.375, fuzzy: 0.45 } as const;
export const BM25 = { k: 1.2, b: 0.7, d: 0.5 } as const;
export const MAX_FUZZY = 2;

/** Most distinct words of one query (a bit each). */
const MAX_WORDS = 32;

/** What one word of a query matched: how many notes, and which index terms. */
export interface WordMatch {
  /** Notes it matched: its document frequency, typos and prefixes included. */
  notes: number;
  /** Index terms it matched (itself, longer ones by prefix, others by typo). */
  terms: Set<string>;
}

/**
 * Every note matching `words` (one of them, or all with AND), with its score; `perWord`, when
 * given, gets what each word matched.
 */
export function rankedScores(
  index: RankedIndex,
  words: readonly QueryWord[],
  combineWith: "AND" | "OR",
  perWord?: WordMatch[],
): Scored[] {
  const distinct = [...new Set(words.map((w) => w.term))];
  if (distinct.length > MAX_WORDS) throw new RangeError(`more than ${MAX_WORDS} distinct words`);
  const t = new Tallies(index.dense, combineWith);
  const matched = words.map(() => new Set<string>());
  words.forEach((w, i) => {
    const bit = 1 << distinct.indexOf(w.term);
    const terms = matched[i] as Set<string>;
    for (const r of miniSearch(index, w)) {
      const slot = index.dense.slotOf(r.id);
      if (slot === undefined) throw new Error(`ranked index out of step: ${r.id} has no slot`);
      t.add(slot, r.score, i, bit, r.terms);
      if (perWord) for (const term of r.terms) terms.add(term);
    }
    const matches = denseMatches(index.dense, w);
    for (const [term] of matches) {
      t.denseTerms.push(term);
      terms.add(term);
    }
    const sums = denseScores(index, matches);
    for (let slot = 0; slot < sums.length; slot++) {
      if (sums[slot]) t.add(slot, sums[slot] as number, i, bit);
    }
  });
  if (perWord) {
    const notes = t.notesPerWord(words.length);
    perWord.push(...matched.map((terms, i) => ({ notes: notes[i] as number, terms })));
  }
  return t.scored(words.length);
}

/**
 * Per slot: the raw score (sum over words, terms and fields), the distinct query words matched
 * (a bit each: MiniSearch multiplies the sum by their number), the last word matched (AND keeps
 * the notes that matched each word in turn) and the terms MiniSearch matched.
 */
class Tallies {
  private readonly scores: Float64Array;
  private readonly words: Uint32Array;
  private readonly last: Int32Array;
  private readonly terms: (string[] | undefined)[] = [];
  private readonly perWord: number[] = [];
  /** The dense terms the words matched (a note's own are found when asked). */
  readonly denseTerms: string[] = [];

  constructor(
    private readonly dense: DensePostings,
    private readonly combineWith: "AND" | "OR",
  ) {
    this.scores = new Float64Array(dense.slotCount);
    this.words = new Uint32Array(dense.slotCount);
    this.last = new Int32Array(dense.slotCount).fill(-1);
  }

  add(slot: number, score: number, word: number, bit: number, terms?: readonly string[]): void {
    const last = this.last[slot] as number;
    if (this.combineWith === "AND" && last !== word && last !== word - 1) return;
    this.scores[slot] = (this.scores[slot] as number) + score;
    if (!((this.words[slot] as number) & bit)) this.perWord[word] = (this.perWord[word] ?? 0) + 1;
    this.words[slot] = (this.words[slot] as number) | bit;
    this.last[slot] = word;
    if (!terms) return;
    const list = this.terms[slot];
    if (list) list.push(...terms);
    else this.terms[slot] = [...terms];
  }

  scored(words: number): Scored[] {
    const out: Scored[] = [];
    for (let slot = 0; slot < this.scores.length; slot++) {
      const last = this.last[slot] as number;
      if (last < 0 || (this.combineWith === "AND" && last !== words - 1)) continue;
      const score = (this.scores[slot] as number) * bitCount(this.words[slot] as number);
      out.push(new ScoredNote(this.dense.idAt(slot) as string, score, this, slot));
    }
    return out;
  }

  /** Notes each word matched (a repeated word counted once, at its first place). */
  notesPerWord(words: number): number[] {
    return Array.from({ length: words }, (_, i) => this.perWord[i] ?? 0);
  }

  termsOf(slot: number): string[] {
    const out = new Set(this.terms[slot]);
    for (const term of this.denseTerms) if (this.dense.countAt(slot, term) > 0) out.add(term);
    return [...out];
  }
}

class ScoredNote implements Scored {
  constructor(
    readonly id: string,
    readonly score: number,
    private readonly tallies: Tallies,
    private readonly slot: number,
  ) {}

  terms(): string[] {
    return this.tallies.termsOf(this.slot);
  }
}

/** MiniSearch's results for one word: one query term, so each score is its raw sum. */
function miniSearch(index: RankedIndex, w: QueryWord) {
  return index.mini.search(w.term, {
    tokenize: (text) => [text],
    prefix: w.prefix,
    fuzzy: w.fuzzy,
    maxFuzzy: MAX_FUZZY,
    weights: { ...MATCH_WEIGHTS },
    bm25: { ...BM25 },
  });
}

/** Per slot, the BM25+ of the matched dense terms' postings, weighted and summed. */
function denseScores(index: RankedIndex, matches: readonly [string, number][]): Float64Array {
  const dense = index.dense;
  const sums = new Float64Array(matches.length ? dense.slotCount : 0);
  const { k, b, d } = BM25;
  const documents = index.mini.documentCount;
  const average = dense.averageLength;
  for (const [term, weight] of matches) {
    const df = dense.df(term);
    const idf = Math.log(1 + (documents - df + 0.5) / (df + 0.5));
    const w = weight * idf;
    dense.addEach(term, sums, (tf, length) => {
      return w * (d + (tf * (k + 1)) / (tf + k * (1 - b + (b * length) / average)));
    });
  }
  return sums;
}

function bitCount(bits: number): number {
  let n = 0;
  for (let m = bits >>> 0; m; m >>>= 1) n += m & 1;
  return n;
}

/**
 * The dense terms `w` matches and their weights, as MiniSearch's executeQuerySpec: the term
 * itself (1); longer terms it begins (prefix); other terms within the edit distance (typos), a
 * term already matched by prefix not counted again.
 */
export function denseMatches(dense: DensePostings, w: QueryWord): [string, number][] {
  const out: [string, number][] = [];
  const maxDistance = fuzzyDistance(w);
  for (const term of dense.terms) {
    if (term === w.term) out.push([term, 1]);
    else if (w.prefix && term.startsWith(w.term)) {
      const distance = term.length - w.term.length;
      out.push([term, (MATCH_WEIGHTS.prefix * term.length) / (term.length + 0.3 * distance)]);
    } else if (maxDistance > 0) {
      const distance = editDistance(w.term, term, maxDistance);
      if (distance <= maxDistance) {
        out.push([term, (MATCH_WEIGHTS.fuzzy * term.length) / (term.length + distance)]);
      }
    }
  }
  return out;
}

function fuzzyDistance(w: QueryWord): number {
  if (w.fuzzy === false || w.fuzzy <= 0) return 0;
  return w.fuzzy < 1 ? Math.min(MAX_FUZZY, Math.round(w.term.length * w.fuzzy)) : w.fuzzy;
}

/** Levenshtein distance of `a` and `b` (UTF-16 units), or `max + 1` once it is over `max`. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let least = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      const v = Math.min((prev[j - 1] as number) + cost, (prev[j] as number) + 1, row[j - 1]! + 1);
      row.push(v);
      if (v < least) least = v;
    }
    if (least > max) return max + 1;
    prev = row;
  }
  return Math.min(prev[b.length] as number, max + 1);
}
