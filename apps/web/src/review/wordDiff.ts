// A suggestion's change, word by word: a substitution `{~~old~>new~~}` or a Lens replace
// `{--old--}{++new++}` shows only the words that changed struck or inserted, the rest as it is
// (jsdiff's word diff, whitespace kept). Also the raw markup, for the page's "Markup" toggle.
import { diffWordsWithSpace } from "diff";
import type { Suggestion } from "../api/types.js";

export interface DiffPart {
  text: string;
  change: "same" | "del" | "ins";
}

/**
 * The words of `oldText` and `newText`: unchanged runs once, each changed run struck then
 * inserted. Changes only a space apart read as one (`the Porter` → `no`, not `the`→`no`, a
 * space, `Porter` struck).
 */
export function wordDiff(oldText: string, newText: string): DiffPart[] {
  const raw = diffWordsWithSpace(oldText, newText).map(
    (c): DiffPart => ({ text: c.value, change: c.added ? "ins" : c.removed ? "del" : "same" }),
  );
  const out: DiffPart[] = [];
  let del = "";
  let ins = "";
  const flush = () => {
    if (del !== "") out.push({ text: del, change: "del" });
    if (ins !== "") out.push({ text: ins, change: "ins" });
    del = "";
    ins = "";
  };
  raw.forEach((p, i) => {
    const inRun = del !== "" || ins !== "";
    const nextChanges = raw[i + 1] !== undefined && raw[i + 1]!.change !== "same";
    if (p.change === "del") del += p.text;
    else if (p.change === "ins") ins += p.text;
    else if (inRun && nextChanges && p.text.trim() === "") {
      del += p.text;
      ins += p.text;
    } else {
      flush();
      out.push(p);
    }
  });
  flush();
  return out;
}

/** True when a word diff says more than whole old / whole new: some words stay. */
export function worthDiffing(s: Pick<Suggestion, "old" | "new">): boolean {
  if (s.old === "" || s.new === "") return false;
  return wordDiff(s.old, s.new).some((p) => p.change === "same" && p.text.trim() !== "");
}

/** The suggestion as CriticMarkup (without its metadata). */
export function markupOf(s: Pick<Suggestion, "kind" | "old" | "new">): string {
  switch (s.kind) {
    case "insert":
      return `{++${s.new}++}`;
    case "delete":
      return `{--${s.old}--}`;
    case "substitute":
      return `{~~${s.old}~>${s.new}~~}`;
    case "replace":
      return `{--${s.old}--}{++${s.new}++}`;
  }
}
