// The operations the latency benchmarks issue, over any "call a tool" function: which documents
// they touch, and edits that toggle each document's unique `Ref: LNS-…` line between two states
// so every edit is valid (unique, different) however many times it runs.
import type { CorpusPlan } from "../corpus/plan.js";
import { Random } from "../random/random.js";

export const OPS = ["read", "glob", "get_links", "edit"] as const;
export type Op = (typeof OPS)[number];

/** The one glob pattern both servers run (a basename many directories share). */
export const GLOB_PATTERN = "**/Overview.md";

export interface BenchDoc {
  /** User-facing path: `{Folder}/{path}`. */
  path: string;
  ref: string;
}

/** `count` non-empty documents in a seeded random order. */
export function pickDocs(plan: CorpusPlan, count: number, seed = 7): BenchDoc[] {
  const docs = plan.docs.filter((d) => !d.empty);
  new Random(seed).shuffle(docs);
  return docs
    .slice(0, count)
    .map((d) => ({ path: `${plan.folders[d.folder]!.name}/${d.path}`, ref: d.ref }));
}

/**
 * The MCP client name (so the author) of every connection whose edits one RefToggle drives: an
 * edit may only change its own author's pending suggestions (SPEC §4), so the benchmark that
 * toggles a line back must be the author of the suggestion the earlier one left there.
 */
export const BENCH_EDITOR = "lens-bench";

/** The two states of a document's reference line; an edit replaces the current one by the other. */
export class RefToggle {
  private readonly flipped = new Set<string>();

  /** old → new for the next edit of `doc`, and records the new state. */
  next(doc: BenchDoc): { oldText: string; newText: string } {
    const a = `Ref: ${doc.ref}.`;
    const b = `Ref: ${doc.ref}!`;
    const on = this.flipped.has(doc.path);
    if (on) this.flipped.delete(doc.path);
    else this.flipped.add(doc.path);
    return on ? { oldText: b, newText: a } : { oldText: a, newText: b };
  }
}
