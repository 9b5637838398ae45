// The insertion engine: text added at one place of a document's AI view, written as one
// `{++…++}` suggestion inside one Yjs transaction — or, when it cannot be written without
// changing how the text around it reads, nothing at all.
import type * as Y from "yjs";
import { formatMeta } from "../critic/meta.js";
import { buildViewMap } from "../critic/viewMap.js";
import { aiView, baseView } from "../critic/views.js";
import { othersChanged } from "./authorship.js";
import { markupText, spanMarkup } from "./markup.js";
import { LENS_EDIT_ORIGIN } from "./origin.js";
import type { EditOptions } from "./outcome.js";

/** Where the text goes, found on the AI view as it is inside the transaction. */
export interface InsertPlace {
  /** AI-view offset. */
  at: number;
  /** The text to add there, exactly (line endings included). */
  text: string;
}

export type InsertOutcome =
  | { ok: true; at: number; text: string; ai: string }
  | { ok: false; reason: "refused"; value: unknown }
  | { ok: false; reason: "inside_mark"; aiStart: number; author?: string }
  | { ok: false; reason: "unsafe"; at: number };

/**
 * Adds the text `locate` chooses on the current AI view (it may refuse with any value, passed
 * back) as one insertion suggestion by `opts.author`. Afterwards the AI view is the old one with
 * the text at that place and the base view is unchanged, so rejecting it restores the document.
 */
export function insertSuggestion(
  text: Y.Text,
  locate: (ai: string) => { ok: true; place: InsertPlace } | { ok: false; value: unknown },
  opts: EditOptions = {},
): InsertOutcome {
  const doc = text.doc;
  if (!doc) throw new Error("insertSuggestion: the Y.Text must belong to a Y.Doc");
  const meta = opts.author ? formatMeta(opts.author, (opts.now ?? Date.now)(), opts.changeset) : "";
  let outcome: InsertOutcome = { ok: false, reason: "unsafe", at: 0 };
  doc.transact(() => {
    const raw = text.toString();
    const map = buildViewMap(raw);
    const located = locate(map.ai);
    if (!located.ok) {
      outcome = { ok: false, reason: "refused", value: located.value };
      return;
    }
    const { at, text: added } = located.place;
    // Inside a pending mark's text, the new mark would have to sit within it: refused.
    const seg = map.segments[map.segmentAt(at)];
    if (seg?.mark && seg.aiStart < at) {
      const author = seg.mark.meta?.author;
      outcome = {
        ok: false,
        reason: "inside_mark",
        aiStart: seg.aiStart,
        ...(author !== undefined ? { author } : {}),
      };
      return;
    }
    let rawAt = map.aiToRaw(at);
    // Right after a suggestion is after its reason, which belongs to it (critic/reason.ts).
    const next = map.segments[map.segmentAtRaw(rawAt)];
    if (next?.mark?.reason && next.rawStart === rawAt) rawAt = next.rawEnd;
    const span = { rawStart: rawAt, rawEnd: rawAt, base: "", ai: added, hasMarks: false };
    const markup = markupText(span, spanMarkup(span, meta, opts.reason));
    const after = raw.slice(0, rawAt) + markup + raw.slice(rawAt);
    const expected = map.ai.slice(0, at) + added + map.ai.slice(at);
    const keeps =
      aiView(after) === expected &&
      baseView(after) === map.baseOf(0, raw.length) &&
      othersChanged(map, after, opts.author) === undefined;
    if (!keeps) {
      outcome = { ok: false, reason: "unsafe", at };
      return;
    }
    text.insert(rawAt, markup);
    outcome = { ok: true, at, text: added, ai: expected };
  }, opts.origin ?? LENS_EDIT_ORIGIN);
  return outcome;
}
