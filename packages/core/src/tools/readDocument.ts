// One document's lines in one view, whole or a range, with the bounds a reader asks for: the
// read tool's work, and what REST's GET of a document returns. Written once, rendered twice.
import { z } from "zod";
import { EVERYWHERE, type Reach } from "../access/reach.js";
import { pendingChangesOf } from "../changes/changes.js";
import { baseView } from "../critic/views.js";
import { notePropertiesOf } from "../properties/noteProperties.js";
import { lineAt, lineStarts } from "../text/lines.js";
import type { Workspace } from "../workspace/workspace.js";
import { lookupDocument } from "./document.js";
import { type Outcome, success } from "./tool.js";

export const DOCUMENT_VIEWS = ["ai", "raw", "base"] as const;
export type DocumentViewName = (typeof DOCUMENT_VIEWS)[number];

export const SuggestionSchema = z.object({
  id: z.string().describe("Stable while the suggestion is unchanged: accept / reject by it."),
  kind: z.enum(["insert", "delete", "substitute", "replace"]),
  line: z.number().int().describe("1-based line of the AI view where the suggestion starts."),
  oldText: z.string(),
  newText: z.string(),
  author: z.string().optional(),
  time: z.number().optional().describe("When it was made, ms since the epoch."),
  reason: z.string().optional().describe("Why its author suggested it."),
});
export type SuggestionInfo = z.infer<typeof SuggestionSchema>;

export const ReadResultSchema = z.object({
  path: z.string().describe("The document's path, as read and edit accept it."),
  view: z.enum(DOCUMENT_VIEWS),
  lines: z.object({
    start: z.number().int().describe("First line returned (1-based)."),
    end: z.number().int().describe("Last line returned; start - 1 when none."),
    total: z.number().int().describe("Lines in this view."),
  }),
  content: z.string().describe("The lines start..end, each with its line ending."),
  cutLines: z
    .array(z.object({ line: z.number().int(), length: z.number().int() }))
    .describe("Lines shown only in part (too long), with their full length."),
  pendingSuggestions: z.number().int().describe("Pending suggestions in the whole document."),
  suggestions: z
    .array(SuggestionSchema)
    .describe("The pending suggestions that start on the lines returned."),
  changes: z
    .array(
      z.object({
        id: z.string(),
        kind: z.enum(["move", "delete"]),
        to: z.string().optional().describe("A move's target path."),
        author: z.string().optional(),
        reason: z.string().optional(),
        changeset: z.string().optional(),
      }),
    )
    .optional()
    .describe("A move or deletion of this note awaiting review."),
  properties: z
    .record(z.string(), z.unknown())
    .optional()
    .describe("The note's frontmatter properties (YAML) as JSON; absent without frontmatter."),
  tags: z
    .array(z.string())
    .describe("Frontmatter tags, then inline #tags outside code; without # or repeats."),
  propertiesProblem: z
    .string()
    .optional()
    .describe("Why frontmatter that is there was left out of properties (e.g. invalid YAML)."),
});
export type ReadResult = z.infer<typeof ReadResultSchema>;

export interface ReadRequest {
  filePath: string;
  view?: DocumentViewName;
  /** First line (1-based); 0 or absent = the first. */
  offset?: number;
  /** Lines wanted; absent = to the end. */
  limit?: number;
  /** Characters of one line kept before it is cut; absent = no cut. */
  maxLineChars?: number;
  /** Characters returned before the range ends early (at least one line); absent = no bound. */
  maxChars?: number;
  /** How long line `n` is once rendered, counted against maxChars (default: its length). */
  rowLength?: (n: number, shown: string) => number;
}

/** Reads lines of a document within `reach`, or says why not (as lookupDocument does). */
export function readDocument(
  ws: Workspace,
  request: ReadRequest,
  reach?: Reach,
): Outcome<ReadResult & { docId: string }> {
  const found = lookupDocument(ws, request.filePath, reach);
  if (!found.ok) return found;
  const { loc, view: docView } = found.value;
  const view = request.view ?? "ai";
  const text = view === "ai" ? docView.ai : view === "raw" ? docView.raw : baseView(docView.raw);
  const starts = view === "ai" ? docView.aiLineStarts : lineStarts(text);
  const total = starts.length;
  const start = Math.max(1, request.offset ?? 1);
  const last = Math.min(total, request.limit === undefined ? total : start + request.limit - 1);
  const maxLine = request.maxLineChars ?? Number.POSITIVE_INFINITY;
  const maxChars = request.maxChars ?? Number.POSITIVE_INFINITY;
  const rowLength = request.rowLength ?? ((_n: number, shown: string) => shown.length);
  const parts: string[] = [];
  const cutLines: ReadResult["cutLines"] = [];
  let size = 0;
  let end = start - 1;
  for (let n = start; n <= last; n++) {
    const from = starts[n - 1] as number;
    const to = starts[n] ?? text.length;
    let part = text.slice(from, to);
    let line = lineAt(text, starts, n - 1);
    const cut = line.length > maxLine;
    if (cut) {
      let keep = maxLine;
      if (isHighSurrogate(line.charCodeAt(keep - 1))) keep--;
      part = line.slice(0, keep) + part.slice(line.length);
      line = line.slice(0, keep);
    }
    const row = rowLength(n, line);
    if (size + row > maxChars && parts.length > 0) break;
    if (cut) cutLines.push({ line: n, length: lineAt(text, starts, n - 1).length });
    parts.push(part);
    size += row + 1;
    end = n;
  }
  const all = docView.suggestions;
  const suggestions = all
    .filter((s) => s.line >= start && s.line <= end)
    .map(({ id, kind, line, oldText, newText, author, time, reason }) => {
      const info: SuggestionInfo = { id, kind, line, oldText, newText };
      if (author !== undefined) info.author = author;
      if (time !== undefined) info.time = time;
      if (reason !== undefined) info.reason = reason;
      return info;
    });
  const meta = notePropertiesOf(docView);
  const changes = pendingChangesOf(ws, loc.docId, reach ?? EVERYWHERE).map((c) => {
    const out: NonNullable<ReadResult["changes"]>[number] = { id: c.id, kind: c.kind };
    if (c.toPath !== undefined) out.to = c.toPath;
    if (c.author !== undefined) out.author = c.author;
    if (c.reason !== undefined) out.reason = c.reason;
    if (c.changeset !== undefined) out.changeset = c.changeset;
    return out;
  });
  return success({
    path: loc.path,
    docId: loc.docId,
    view,
    lines: { start, end, total },
    content: parts.join(""),
    cutLines,
    pendingSuggestions: all.length,
    suggestions,
    ...(changes.length ? { changes } : {}),
    ...(meta.properties ? { properties: meta.properties } : {}),
    tags: meta.tags,
    ...(meta.problem ? { propertiesProblem: meta.problem } : {}),
  });
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}
