// The inverse of a review, as text: a review only deletes (each resolved suggestion loses its
// markup and the side it drops), so the reviewed text is a subsequence of the text before it,
// and putting the deleted runs back where they were gives the text before it exactly — the
// markup, the dropped side and the metadata included.

/** Text to put back: `text` inserted at offset `at` of the reviewed text. */
export interface Restore {
  at: number;
  text: string;
}

/**
 * The insertions that turn `after` back into `before`, in ascending order of `at` (offsets of
 * `after`); undefined when `after` is not what deleting runs of `before` gives. Matches
 * greedily from the left: any embedding of `after` in `before` restores `before` exactly.
 */
export function restoresOf(before: string, after: string): Restore[] | undefined {
  const restores: Restore[] = [];
  let j = 0;
  let runStart = -1;
  for (let i = 0; i < before.length; i++) {
    if (j < after.length && before.charCodeAt(i) === after.charCodeAt(j)) {
      if (runStart >= 0) {
        restores.push({ at: j, text: before.slice(runStart, i) });
        runStart = -1;
      }
      j++;
    } else if (runStart < 0) runStart = i;
  }
  if (j < after.length) return undefined;
  if (runStart >= 0) restores.push({ at: j, text: before.slice(runStart) });
  return restores;
}

/** `after` with `restores` put back (what applying them to a Y.Text gives). */
export function restoreText(after: string, restores: readonly Restore[]): string {
  let out = "";
  let from = 0;
  for (const r of restores) {
    out += after.slice(from, r.at) + r.text;
    from = r.at;
  }
  return out + after.slice(from);
}
