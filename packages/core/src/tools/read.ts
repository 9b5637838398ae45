// The `read` tool: a document's AI view in `cat -n` layout, paged, with pending suggestions listed.
// The reading itself is readDocument's; this module marks it read and renders it.
import { z } from "zod";
import type { Caller } from "../access/caller.js";
import { EVERYWHERE } from "../access/reach.js";
import type { Workspace } from "../workspace/workspace.js";
import {
  type AttachmentInfo,
  AttachmentSchema,
  attachmentEntry,
  attachmentInfo,
  renderAttachment,
} from "./attachment.js";
import { numberColumn } from "./numbered.js";
import {
  type ReadResult,
  ReadResultSchema,
  readDocument,
  type SuggestionInfo,
} from "./readDocument.js";
import type { ReadTracker } from "./session.js";
import { defineTool, failure, type Outcome, success } from "./tool.js";

/** An attachment read: what it is instead of its bytes. */
type AttachmentRead = { path: string; attachment: AttachmentInfo };

/** read's typed result: one note's fields (or an attachment's), or with file_paths, `documents`. */
type ReadToolResult = Partial<ReadResult> & {
  attachment?: AttachmentInfo;
  documents?: (ReadResult | AttachmentRead | { path: string; error: string })[];
};

export const READ_DEFAULT_LIMIT = 2000;
/** Characters of one line shown before it is cut. */
export const READ_MAX_LINE = 2000;
/** Characters of numbered output in one call before the page ends early. */
export const READ_MAX_OUTPUT = 100_000;
/** Suggestions listed in the footer before it is summarised. */
const MAX_FOOTER = 50;

/** Notes one read with `file_paths` returns at most. */
export const READ_MAX_FILES = 20;

const input = z.object({
  file_path: z
    .string()
    .optional()
    .describe(
      'Path of the document: folder name, then the path inside the folder, e.g. "Lens/Notes/Ideas.md" (the ".md" is optional). Use paths exactly as glob, grep or get_links print them.',
    ),
  file_paths: z
    .array(z.string())
    .min(1)
    .max(READ_MAX_FILES)
    .optional()
    .describe(
      `Instead of file_path: up to ${READ_MAX_FILES} notes in one call, sharing its output bound.`,
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
    "Reads a markdown document (or several: file_paths) from the team knowledge base.",
    "Output is in `cat -n` format: each line is prefixed by its line number and a tab, which are not part of the text: never include them in edit's old_string.",
    `Up to ${READ_DEFAULT_LIMIT} lines by default (page with offset and limit); lines over ${READ_MAX_LINE} characters are cut.`,
    "Pending suggestions (CriticMarkup awaiting review) show as accepted and are listed in a footer; comments {>>…<<} and highlights {==…==} appear verbatim.",
    "Read a document in this session before you edit it.",
  ].join("\n"),
  input,
  output: ReadResultSchema.partial().extend({
    attachment: AttachmentSchema.optional().describe(
      "Set when the path is an attachment (image, PDF, …): what it is; no lines.",
    ),
    documents: z
      .array(
        z.union([
          ReadResultSchema,
          z.object({ path: z.string(), attachment: AttachmentSchema }),
          z.object({ path: z.string(), error: z.string() }),
        ]),
      )
      .optional()
      .describe("With file_paths: each note's result (or why it could not be read), in order."),
    session_id: z
      .string()
      .optional()
      .describe(
        "Set when the server issued a handle for this read (a request with no session): pass it as session_id to edit and later reads.",
      ),
  }),
  readOnly: true,
  run(ws, session, args, caller): Outcome<ReadToolResult> {
    const paths = args.file_paths;
    if ((args.file_path === undefined) === (paths === undefined)) {
      return failure(
        "invalid_path",
        "Invalid arguments for read: give exactly one of file_path (one note) or file_paths (several notes).",
      );
    }
    if (paths === undefined) return readOne(ws, session, args.file_path as string, args, caller);
    const unique = [...new Set(paths)];
    // The one read's output bound, shared evenly: each note gets its part.
    const share = Math.floor(READ_MAX_OUTPUT / unique.length);
    const documents = unique.map((filePath) => {
      const one = readOne(ws, session, filePath, args, caller, share);
      return one.ok ? one.value : { path: filePath, error: one.error.message };
    });
    return success({ documents });
  },
  renderText(r) {
    if (r.attachment) return renderAttachment(r.path as string, r.attachment);
    if (!r.documents) return renderRead(r as ReadResult);
    return r.documents.map((d) => `==> ${d.path} <==\n${renderOne(d)}`).join("\n\n");
  },
});

type ReadArgs = { offset?: number | undefined; limit?: number | undefined };

function renderOne(d: NonNullable<ReadToolResult["documents"]>[number]): string {
  if ("error" in d) return d.error;
  if ("attachment" in d) return renderAttachment(d.path, d.attachment);
  return renderRead(d);
}

/**
 * One note read within `maxChars`, marked read in the session; an attachment is described
 * instead (and not marked read: it has no text to edit).
 */
function readOne(
  ws: Workspace,
  session: ReadTracker,
  filePath: string,
  args: ReadArgs,
  caller: Caller | undefined,
  maxChars = READ_MAX_OUTPUT,
): Outcome<ReadResult | AttachmentRead> {
  const read = readDocument(
    ws,
    {
      filePath,
      offset: args.offset,
      limit: args.limit ?? READ_DEFAULT_LIMIT,
      maxLineChars: Math.min(READ_MAX_LINE, maxChars),
      maxChars,
      rowLength: (n, shown) => numberColumn(n).length + 1 + shown.length,
    },
    caller?.reach,
  );
  if (!read.ok) {
    // Not a note: an attachment is described (its path resolved again, off the notes' path).
    const loc =
      read.error.code === "not_a_document"
        ? attachmentEntry(ws, filePath, caller?.reach ?? EVERYWHERE)
        : undefined;
    return loc ? success({ path: loc.path, attachment: attachmentInfo(ws, loc) }) : read;
  }
  const { docId, ...result } = read.value;
  session.markRead(docId, ws.now());
  return success(result);
}

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
  const changes = (r.changes ?? []).map((c) => {
    const what = c.kind === "move" ? `Pending move to ${c.to}` : "Pending deletion";
    const by = `${c.author ? ` by ${c.author}` : ""}${c.reason ? ` — reason: ${JSON.stringify(c.reason)}` : ""}`;
    return `${what} (${c.id}${c.changeset ? `, changeset ${c.changeset}` : ""})${by}: awaiting human review.`;
  });
  if (r.pendingSuggestions === 0) return changes.join("\n");
  const shown = r.suggestions;
  const lines = [
    ...changes,
    `Pending suggestions awaiting human review: ${r.pendingSuggestions} in this document${shown.length < r.pendingSuggestions ? `, ${shown.length} on the lines shown` : ""}.`,
  ];
  for (const s of shown.slice(0, MAX_FOOTER)) lines.push(`- ${describeSuggestion(s)}`);
  if (shown.length > MAX_FOOTER) lines.push(`- … and ${shown.length - MAX_FOOTER} more`);
  return lines.join("\n");
}

function describeSuggestion(s: SuggestionInfo): string {
  const by = `${s.author ? ` (by ${s.author})` : ""}${s.reason ? ` — reason: ${JSON.stringify(s.reason.length > 200 ? `${s.reason.slice(0, 197)}...` : s.reason)}` : ""}`;
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
