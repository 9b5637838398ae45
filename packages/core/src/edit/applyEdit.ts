// The CriticMarkup edit engine: find old_string in the AI view and write the replacement as a
// suggestion, reading and writing inside one Yjs transaction.
import type * as Y from "yjs";
import { findDelimiter } from "../critic/delimiters.js";
import { formatMeta } from "../critic/meta.js";
import { buildViewMap, type ViewMap } from "../critic/viewMap.js";
import { aiView, baseView } from "../critic/views.js";
import { describeOthers, othersChanged, othersMarkIn } from "./authorship.js";
import { rewriteRaw, spanMarkup } from "./markup.js";
import { findMatches } from "./match.js";
import { notFoundRefusal } from "./notFound.js";
import { LENS_EDIT_ORIGIN } from "./origin.js";
import type { EditOptions, EditOutcome, EditRefusal, EditRequest } from "./outcome.js";
import { MAX_REPLACEMENTS, refuse } from "./outcome.js";
import { planSpans, type Replacement } from "./plan.js";
import { writeSpans } from "./writeSpans.js";

/**
 * Replaces `oldString` (exactly once, or every occurrence with `replaceAll`) in the AI view of
 * `text` by `newString`, written as `{--old--}{++new++}`. Afterwards the AI view is the old
 * one with the replacement made and the base view is unchanged; otherwise nothing is written.
 */
export function applyEdit(text: Y.Text, req: EditRequest, opts: EditOptions = {}): EditOutcome {
  const doc = text.doc;
  if (!doc) throw new Error("applyEdit: the Y.Text must belong to a Y.Doc");
  const refused = checkRequest(req);
  if (refused) return refused;
  const meta = opts.author ? formatMeta(opts.author, (opts.now ?? Date.now)(), opts.changeset) : "";
  let outcome: EditOutcome = refuse.notFound();
  doc.transact(() => {
    outcome = editText(text, req, meta, opts.author, opts.reason);
  }, opts.origin ?? LENS_EDIT_ORIGIN);
  return outcome;
}

/** Refusals that depend on the request alone. */
function checkRequest(req: EditRequest): EditRefusal | undefined {
  if (req.oldString === "") return refuse.emptyOld();
  if (req.oldString === req.newString) return refuse.identical();
  for (const which of ["old_string", "new_string"] as const) {
    const hit = findDelimiter(which === "old_string" ? req.oldString : req.newString, {
      separator: false,
    });
    if (hit) return refuse.delimiters(which, hit.delimiter);
  }
  return undefined;
}

/** The edit itself, on the text as it is now (inside the caller's transaction). */
function editText(
  text: Y.Text,
  req: EditRequest,
  meta: string,
  author: string | undefined,
  reason: string | undefined,
): EditOutcome {
  const raw = text.toString();
  const map = buildViewMap(raw);
  const limit = req.replaceAll ? MAX_REPLACEMENTS + 1 : undefined;
  const matches = findMatches(map.ai, req.oldString, req.newString, limit);
  if (!matches) return notFoundRefusal(map.ai, req.oldString, req.newString);
  if (matches.ranges.length > MAX_REPLACEMENTS && req.replaceAll) return refuse.tooMany();
  if (matches.ranges.length > 1 && !req.replaceAll) return refuse.notUnique(matches.ranges.length);
  const reps: Replacement[] = matches.ranges.map((r) => ({ ...r, text: matches.replacement }));
  if (reps.every((r) => map.ai.slice(r.start, r.end) === r.text)) return refuse.identical();
  return writeReplacements(text, map, reps, meta, author, reason);
}

/**
 * Writes replacements given as AI-view ranges (sorted, not overlapping) as suggestions, with
 * the same guarantees as applyEdit: both views keep their invariants or nothing is written.
 * Used where the ranges come from elsewhere (link rewrites of a move).
 */
export function applyReplacements(
  text: Y.Text,
  reps: readonly Replacement[],
  opts: EditOptions = {},
): EditOutcome {
  const doc = text.doc;
  if (!doc) throw new Error("applyReplacements: the Y.Text must belong to a Y.Doc");
  if (reps.length === 0) return refuse.notFound();
  for (const r of reps) {
    const hit = findDelimiter(r.text, { separator: false });
    if (hit) return refuse.delimiters("new_string", hit.delimiter);
  }
  const meta = opts.author ? formatMeta(opts.author, (opts.now ?? Date.now)(), opts.changeset) : "";
  let outcome: EditOutcome = refuse.notFound();
  doc.transact(() => {
    outcome = writeReplacements(
      text,
      buildViewMap(text.toString()),
      reps,
      meta,
      opts.author,
      opts.reason,
    );
  }, opts.origin ?? LENS_EDIT_ORIGIN);
  return outcome;
}

/**
 * Plans, checks and writes `reps` on the text `map` describes (inside a transaction), as
 * `author`'s suggestions: they merge with `author`'s pending suggestions only.
 */
function writeReplacements(
  text: Y.Text,
  map: ViewMap,
  reps: readonly Replacement[],
  meta: string,
  author: string | undefined,
  reason: string | undefined,
): EditOutcome {
  const raw = map.raw;
  const firstLine = lineOf(map.ai, reps[0]!.start);
  const plan = planSpans(map, reps);
  if (!plan.ok) {
    const kind = plan.blockedBy.kind;
    return refuse.insideComment(lineOf(map.ai, plan.blockedBy.aiStart), kind);
  }
  const others = othersMarkIn(map, plan.spans, author);
  if (others) return refuse.othersSuggestion(describeOthers(raw, others, author));
  // Text from code that documents CriticMarkup would sit inside the new marks: refuse, so no
  // reader ever sees a mark within a mark.
  if (
    plan.spans.some((s) => s.base !== s.ai && (hasMarkDelimiter(s.base) || hasMarkDelimiter(s.ai)))
  )
    return refuse.unsafe(firstLine);
  const markups = plan.spans.map((s) => spanMarkup(s, meta, reason));
  const after = rewriteRaw(raw, plan.spans, markups);
  if (!keepsInvariants(map, reps, after)) return refuse.unsafe(firstLine);
  const changed = othersChanged(map, after, author);
  if (changed) return refuse.othersSuggestion(describeOthers(raw, changed, author, true));
  writeSpans(text, plan.spans, markups);
  return { ok: true, replacements: reps.length, firstLine };
}

function hasMarkDelimiter(s: string): boolean {
  return findDelimiter(s, { separator: false }) !== undefined;
}

/** 1-based line of AI-view offset `pos`. */
function lineOf(ai: string, pos: number): number {
  let line = 1;
  for (let i = ai.indexOf("\n"); i !== -1 && i < pos; i = ai.indexOf("\n", i + 1)) line++;
  return line;
}

/**
 * The edit's contract, checked before anything is written: the new AI view is the old one
 * with the replacements, and the base view is unchanged. It can only fail where the document
 * holds CriticMarkup-like text in code or unclosed, which the new marks would re-pair.
 */
function keepsInvariants(map: ViewMap, reps: readonly Replacement[], after: string): boolean {
  const expected: string[] = [];
  let at = 0;
  for (const r of reps) {
    expected.push(map.ai.slice(at, r.start), r.text);
    at = r.end;
  }
  expected.push(map.ai.slice(at));
  return aiView(after) === expected.join("") && baseView(after) === map.baseOf(0, map.raw.length);
}
