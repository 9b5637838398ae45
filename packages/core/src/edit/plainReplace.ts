// Writing AI-view replacements as plain text, not as suggestions: what accepting a move does to
// the links it rewrites (the reviewer approved them with the move). Each replacement must lie in
// plain text or in the added text of one pending suggestion (whose text it then changes); the
// result must read as the AI view with the replacements made, or nothing is written.
import type * as Y from "yjs";
import { findDelimiter } from "../critic/delimiters.js";
import type { ViewSegment } from "../critic/viewMap.js";
import { buildViewMap } from "../critic/viewMap.js";
import type { Replacement } from "./plan.js";

/** A replacement in raw offsets. */
interface RawReplacement {
  start: number;
  end: number;
  text: string;
}

/** Raw offset of AI-view `pos` inside `seg`, when `seg` shows its text character for character. */
function rawOffset(raw: string, seg: ViewSegment, pos: number): number | undefined {
  const m = seg.mark;
  if (!m) return seg.kind === "text" ? seg.rawStart + (pos - seg.aiStart) : undefined;
  if (m.kind === "insert") return m.contentStart + (pos - seg.aiStart);
  if (m.kind === "substitute") {
    const sep = m.contentStart + (m.oldText ?? "").length;
    return raw.startsWith("~>", sep) ? sep + 2 + (pos - seg.aiStart) : undefined;
  }
  return undefined;
}

/**
 * The raw text `reps` (AI-view ranges, sorted, not overlapping) make of `raw`, or undefined when
 * one cannot be written as plain text (in code, a comment, across marks; text with a CriticMarkup
 * delimiter) or the result would not read as intended.
 */
export function plainReplaced(raw: string, reps: readonly Replacement[]): string | undefined {
  if (reps.length === 0) return raw;
  if (reps.some((r) => findDelimiter(r.text, { separator: false }))) return undefined;
  const map = buildViewMap(raw);
  const out: RawReplacement[] = [];
  for (const rep of reps) {
    const i = map.segmentAt(rep.start);
    const seg = i === -1 ? undefined : map.segments[i];
    if (!seg || rep.end > seg.aiEnd || rep.end <= rep.start) return undefined;
    const start = rawOffset(raw, seg, rep.start);
    if (start === undefined) return undefined;
    out.push({ start, end: start + (rep.end - rep.start), text: rep.text });
  }
  let next = "";
  let from = 0;
  for (const r of out) {
    next += raw.slice(from, r.start) + r.text;
    from = r.end;
  }
  next += raw.slice(from);
  let ai = "";
  let at = 0;
  for (const rep of reps) {
    ai += map.ai.slice(at, rep.start) + rep.text;
    at = rep.end;
  }
  ai += map.ai.slice(at);
  return buildViewMap(next).ai === ai ? next : undefined;
}

/** Writes `reps` into `text` as plain text in one transaction; false (nothing written) when it cannot. */
export function plainReplace(text: Y.Text, reps: readonly Replacement[], origin: unknown): boolean {
  const raw = text.toString();
  if (plainReplaced(raw, reps) === undefined) return false;
  const map = buildViewMap(raw);
  const doc = text.doc;
  const write = () => {
    for (let k = reps.length - 1; k >= 0; k--) {
      const rep = reps[k]!;
      const seg = map.segments[map.segmentAt(rep.start)]!;
      const start = rawOffset(raw, seg, rep.start)!;
      text.delete(start, rep.end - rep.start);
      text.insert(start, rep.text);
    }
  };
  if (doc) doc.transact(write, origin);
  else write();
  return true;
}
