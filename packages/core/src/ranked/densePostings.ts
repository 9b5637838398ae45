// Dense postings: the term frequencies (fields weighed in, weightedTerms.ts) of the few very
// common terms (in a 10 000-note vault ~330 words hold 87 % of all postings; the "body" below
// is that one weighted field), one typed array per term indexed by a
// slot per note, instead of one MiniSearch map entry (40–46 bytes) per note holding the term.
// Every indexed note has a slot (freed slots are reused), with its body length: BM25 needs the
// lengths and their average, and scoring sums per slot rather than per note id.

/** Counts up to 65 535 fit 2 bytes; a term's array moves to 4 bytes the first time one does not. */
type Counts = Uint16Array | Uint32Array;

export class DensePostings {
  /** The dense terms; a term's number is its place here. */
  readonly terms: readonly string[];
  private readonly numbers = new Map<string, number>();
  private readonly counts: Counts[];
  private readonly dfs: number[];
  private readonly slots = new Map<string, number>();
  private readonly ids: (string | undefined)[] = [];
  private lengths: Uint32Array;
  private lengthSum = 0;
  private readonly free: number[] = [];

  /** `capacity`: the notes expected (slots grow by doubling past it). */
  constructor(terms: readonly string[], capacity = 0) {
    this.terms = [...new Set(terms)];
    for (const [i, term] of this.terms.entries()) this.numbers.set(term, i);
    this.counts = this.terms.map(() => new Uint16Array(capacity));
    this.dfs = this.terms.map(() => 0);
    this.lengths = new Uint32Array(capacity);
  }

  /** The term's number, undefined when it is not dense. */
  numberOf(term: string): number | undefined {
    return this.numbers.get(term);
  }

  has(term: string): boolean {
    return this.numbers.has(term);
  }

  get termCount(): number {
    return this.terms.length;
  }

  get noteCount(): number {
    return this.slots.size;
  }

  /** Notes whose body holds `term`. */
  df(term: string): number {
    const i = this.numbers.get(term);
    return i === undefined ? 0 : (this.dfs[i] as number);
  }

  /** Mean body length (distinct tokens, as MiniSearch counts a field's length) over the notes. */
  get averageLength(): number {
    return this.slots.size ? this.lengthSum / this.slots.size : 0;
  }

  /** Bytes of the typed arrays (term counts and lengths): all of the store but its slot map. */
  get arrayBytes(): number {
    return this.counts.reduce((bytes, a) => bytes + a.byteLength, this.lengths.byteLength);
  }

  /** Records a note's body: its count of each dense term (by number), and its length. */
  set(docId: string, counts: ArrayLike<number>, length: number): void {
    this.delete(docId);
    const slot = this.takeSlot(docId);
    this.lengths[slot] = length;
    this.lengthSum += length;
    for (let i = 0; i < this.terms.length; i++) {
      const n = counts[i] ?? 0;
      if (n <= 0) continue;
      this.write(i, slot, n);
      this.dfs[i] = (this.dfs[i] as number) + 1;
    }
  }

  delete(docId: string): void {
    const slot = this.slots.get(docId);
    if (slot === undefined) return;
    for (const [i, a] of this.counts.entries()) {
      if (!a[slot]) continue;
      a[slot] = 0;
      this.dfs[i] = (this.dfs[i] as number) - 1;
    }
    this.lengthSum -= this.lengths[slot] as number;
    this.lengths[slot] = 0;
    this.ids[slot] = undefined;
    this.slots.delete(docId);
    this.free.push(slot);
  }

  /** The slot of an indexed note. */
  slotOf(docId: string): number | undefined {
    return this.slots.get(docId);
  }

  /** Slots in use or free: `idAt` and `addEach` address 0 to slotCount - 1. */
  get slotCount(): number {
    return this.ids.length;
  }

  /** The note in `slot`, undefined when the slot is free. */
  idAt(slot: number): string | undefined {
    return this.ids[slot];
  }

  /** A note's count of `term` (0 when absent). */
  count(docId: string, term: string): number {
    const slot = this.slots.get(docId);
    return slot === undefined ? 0 : this.countAt(slot, term);
  }

  /** The count of `term` in the note in `slot`. */
  countAt(slot: number, term: string): number {
    const i = this.numbers.get(term);
    return i === undefined ? 0 : (this.counts[i]?.[slot] ?? 0);
  }

  /** Adds `score(count, length)` to `sums[slot]` for the note in each slot whose body holds `term`. */
  addEach(
    term: string,
    sums: Float64Array,
    score: (count: number, length: number) => number,
  ): void {
    const i = this.numbers.get(term);
    const a = i === undefined ? undefined : this.counts[i];
    if (!a) return;
    const end = Math.min(this.ids.length, sums.length);
    for (let slot = 0; slot < end; slot++) {
      const n = a[slot] as number;
      if (n) sums[slot] = (sums[slot] as number) + score(n, this.lengths[slot] as number);
    }
  }

  private write(i: number, slot: number, n: number): void {
    let a = this.counts[i] as Counts;
    if (n > 0xffff && a instanceof Uint16Array) {
      // A JS string is shorter than 2^32, so no count overflows 4 bytes.
      a = Uint32Array.from(a);
      this.counts[i] = a;
    }
    a[slot] = n;
  }

  private takeSlot(docId: string): number {
    let slot = this.free.pop();
    if (slot === undefined) {
      slot = this.ids.length;
      if (slot >= this.lengths.length) this.grow(Math.max(64, this.lengths.length * 2));
      this.ids.push(undefined);
    }
    this.ids[slot] = docId;
    this.slots.set(docId, slot);
    return slot;
  }

  private grow(capacity: number): void {
    this.lengths = resized(this.lengths, capacity);
    for (const [i, a] of this.counts.entries()) this.counts[i] = resized(a, capacity);
  }
}

function resized<A extends Counts>(a: A, capacity: number): A {
  const out = new (a.constructor as new (n: number) => A)(capacity);
  out.set(a);
  return out;
}
