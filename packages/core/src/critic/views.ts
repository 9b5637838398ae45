// The AI view and the base view of a raw document (SPEC §3): pending suggestions shown as
// accepted, or all rejected; comments and highlights kept verbatim in both.
import { mayContainMarks } from "./delimiters.js";
import { aiPart, basePart } from "./markParts.js";
import { type CriticMark, parseCritic } from "./parse.js";

export { buildViewMap, type RawRange, type ViewMap, type ViewSegment } from "./viewMap.js";

function render(
  raw: string,
  marks: readonly CriticMark[],
  part: (raw: string, m: CriticMark) => string,
): string {
  if (marks.length === 0) return raw;
  const out: string[] = [];
  let at = 0;
  for (const m of marks) {
    out.push(raw.slice(at, m.start), part(raw, m));
    at = m.end;
  }
  out.push(raw.slice(at));
  return out.join("");
}

/**
 * The AI view: insertions, deletions and substitutions shown as accepted; comments and
 * highlights kept verbatim, delimiters and metadata included. Linear; `raw` itself when it
 * holds no opening delimiter.
 */
export function aiView(raw: string): string {
  if (!mayContainMarks(raw)) return raw;
  return render(raw, parseCritic(raw), aiPart);
}

/**
 * The base view: every pending suggestion rejected. Comments and highlights are kept
 * verbatim here too, so both views differ only by the suggestions.
 */
export function baseView(raw: string): string {
  if (!mayContainMarks(raw)) return raw;
  return render(raw, parseCritic(raw), basePart);
}
