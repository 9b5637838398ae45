// The `read` tool: a document's AI view in `cat -n` layout, paged, with pending suggestions listed.
// The reading itself is readDocument's; this module marks it read and renders it.
import { z } from "zod";
import { numberColumn } from "./numbered.js";
import {
  type ReadResult,
  ReadResultSchema,
  readDocument,
  type SuggestionInfo,
} from "./readDocument.js";
import { defineTool, type Outcome } from "./tool.js";

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
  output: ReadResultSchema.extend({
    session_id: z
      .string()
      .optional()
      .describe(
        "Set when the server issued a handle for this read (a request with no session): pass it as session_id to edit and later reads.",
      ),
  }),
  readOnly: true,
  run(ws, session, args, caller): Outcome<ReadResult> {
    const read = readDocument(
      ws,
      {
        filePath: args.file_path,
        offset: args.offset,
        limit: args.limit ?? READ_DEFAULT_LIMIT,
        maxLineChars: READ_MAX_LINE,
        maxChars: READ_MAX_OUTPUT,
        rowLength: (n, shown) => numberColumn(n).length + 1 + shown.length,
      },
      caller?.reach,
    );
    if (!read.ok) return read;
    const { docId, ...result } = read.value;
    session.markRead(docId, ws.now());
    return { ok: true, value: result };
  },
  renderText: renderRead,
});

/** The read tool's text: `cat -n` rows, then notes, then the suggestions footer. */
export function renderRead(r: ReadResult): string {
  const { start, end, total } = r.lines;
  if (total === 0) return `(${r.path} exists but is empty: it has no content yet.)`;
  if (start > total) {
    return `(${r.path} has ${total} line${total === 1 ? "" : "s"}, so offset ${start} is past its end. Use an offset between 1 and ${total}.)`;
  }
  const rows = r.content.split("\n");
  if (rows[rows.length - 1] === "") rows.pop();
  const out = rows.map((line, i) => `${numberColumn(start + i)}\t${line}`);
  const notes = r.cutLines.map(
    ({ line, length }) =>
      `Line ${line} is ${length} characters long and was cut after ${cutAt(r, line)}; use grep on ${r.path} to find text further along it.`,
  );
  if (r.propertiesProblem) {
    notes.push(`Properties left out: ${r.propertiesProblem}; the lines show it as written.`);
  }
  if (end < total) {
    notes.push(
      `Showing lines ${start}-${end} of ${total}. To read on, call read with offset ${end + 1}.`,
    );
  }
  const footer = suggestionFooter(r);
  let body = out.join("\n");
  if (notes.length) body += `\n\n${notes.map((n) => `(${n})`).join("\n")}`;
  if (footer) body += `\n\n${footer}`;
  return body;
}

/** Characters of cut line `line` that `r.content` holds. */
function cutAt(r: ReadResult, line: number): number {
  const rows = r.content.split("\n");
  return (rows[line - r.lines.start] ?? "").replace(/\r$/, "").length;
}

/** Lists the pending suggestions on the shown lines (and counts the others). */
function suggestionFooter(r: ReadResult): string {
  if (r.pendingSuggestions === 0) return "";
  const shown = r.suggestions;
  const lines = [
    `Pending suggestions awaiting human review: ${r.pendingSuggestions} in this document${shown.length < r.pendingSuggestions ? `, ${shown.length} on the lines shown` : ""}.`,
  ];
  for (const s of shown.slice(0, MAX_FOOTER)) lines.push(`- ${describeSuggestion(s)}`);
  if (shown.length > MAX_FOOTER) lines.push(`- … and ${shown.length - MAX_FOOTER} more`);
  return lines.join("\n");
}

function describeSuggestion(s: SuggestionInfo): string {
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
