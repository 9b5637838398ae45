// The `read` tool: a document's AI view in `cat -n` layout, paged, with pending suggestions listed.
import { z } from "zod";
import { listSuggestions, type Suggestion } from "../critic/review.js";
import { lineAt } from "../text/lines.js";
import { lookupDocument } from "./document.js";
import { defineTool, fail, ok } from "./tool.js";

export const READ_DEFAULT_LIMIT = 2000;
/** Characters of one line shown before it is cut. */
export const READ_MAX_LINE = 2000;
/** Characters of numbered output in one call before the page ends early. */
export const READ_MAX_OUTPUT = 100_000;
/** Suggestions listed in the footer before it is summarised. */
const MAX_FOOTER = 50;

const input = z.object({
  file_path: z
    .string()
    .describe(
      'Path of the document: folder name, then the path inside the folder, e.g. "Lens/Notes/Ideas.md" (the ".md" is optional). Use paths exactly as glob, grep or get_links print them.',
    ),
  offset: z
    .number()
    .int()
    .min(0)
    .optional()
    .describe("Line number to start reading from (1-based). Omit to start at the beginning."),
  limit: z
    .number()
    .int()
    .min(1)
    .optional()
    .describe(`Number of lines to read (default ${READ_DEFAULT_LIMIT}).`),
});

export const readTool = defineTool({
  name: "read",
  title: "Read document",
  description: [
    "Reads a markdown document from the team knowledge base.",
    "Output is in `cat -n` format: each line is prefixed by its 1-based line number (right-aligned, 6 columns) and a tab. Those prefixes are not part of the document: never include them in edit's old_string.",
    `By default up to ${READ_DEFAULT_LIMIT} lines are returned; use offset and limit to page through long documents. Lines longer than ${READ_MAX_LINE} characters are cut.`,
    "Pending suggestions (CriticMarkup that humans have not yet accepted or rejected) are shown as if accepted, and listed in a footer; reviewers' comments {>>…<<} and highlights {==…==} appear verbatim.",
    "You must read a document in this session before you can edit it.",
  ].join("\n"),
  input,
  readOnly: true,
  handler(ws, session, args, caller) {
    const doc = lookupDocument(ws, args.file_path, caller?.reach);
    if (!doc.ok) return fail(doc.message, doc.code);
    const { loc, view } = doc;
    const text = view.ai;
    const starts = view.aiLineStarts;
    session.markRead(loc.docId, ws.now());
    if (starts.length === 0) {
      return ok(`(${loc.path} exists but is empty: it has no content yet.)`);
    }
    const first = Math.max(1, args.offset ?? 1);
    const limit = args.limit ?? READ_DEFAULT_LIMIT;
    if (first > starts.length) {
      return ok(
        `(${loc.path} has ${starts.length} line${starts.length === 1 ? "" : "s"}, so offset ${first} is past its end. Use an offset between 1 and ${starts.length}.)`,
      );
    }
    const last = Math.min(starts.length, first + limit - 1);
    const out: string[] = [];
    const notes: string[] = [];
    let size = 0;
    let shownLast = first - 1;
    for (let n = first; n <= last; n++) {
      let line = lineAt(text, starts, n - 1);
      if (line.length > READ_MAX_LINE) {
        let cut = READ_MAX_LINE;
        if (isHighSurrogate(line.charCodeAt(cut - 1))) cut--;
        notes.push(
          `Line ${n} is ${line.length} characters long and was cut after ${cut}; use grep on ${loc.path} to find text further along it.`,
        );
        line = line.slice(0, cut);
      }
      const row = `${String(n).padStart(6)}\t${line}`;
      if (size + row.length > READ_MAX_OUTPUT && out.length > 0) break;
      out.push(row);
      size += row.length + 1;
      shownLast = n;
    }
    if (shownLast < starts.length) {
      notes.push(
        `Showing lines ${first}-${shownLast} of ${starts.length}. To read on, call read with offset ${shownLast + 1}.`,
      );
    }
    const footer = suggestionFooter(listSuggestions(view.raw), first, shownLast);
    let body = out.join("\n");
    if (notes.length) body += `\n\n${notes.map((n) => `(${n})`).join("\n")}`;
    if (footer) body += `\n\n${footer}`;
    return ok(body);
  },
});

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

/** Lists the pending suggestions on the shown lines (and counts the others). */
function suggestionFooter(all: Suggestion[], first: number, last: number): string {
  if (all.length === 0) return "";
  const shown = all.filter((s) => s.line >= first && s.line <= last);
  const lines = [
    `Pending suggestions awaiting human review: ${all.length} in this document${shown.length < all.length ? `, ${shown.length} on the lines shown` : ""}.`,
  ];
  for (const s of shown.slice(0, MAX_FOOTER)) lines.push(`- ${describeSuggestion(s)}`);
  if (shown.length > MAX_FOOTER) lines.push(`- … and ${shown.length - MAX_FOOTER} more`);
  return lines.join("\n");
}

function describeSuggestion(s: Suggestion): string {
  const by = s.author ? ` (by ${s.author})` : "";
  const q = (t: string) => JSON.stringify(t.length > 80 ? `${t.slice(0, 77)}...` : t);
  switch (s.kind) {
    case "insert":
      return `line ${s.line}: insert ${q(s.newText)}${by}`;
    case "delete":
      return `line ${s.line}: delete ${q(s.oldText)}${by}`;
    default:
      return `line ${s.line}: replace ${q(s.oldText)} with ${q(s.newText)}${by}`;
  }
}
