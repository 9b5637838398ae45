// The `edit` tool: Claude Code's find-and-replace over a document's AI view, written as a
// CriticMarkup suggestion that a human accepts or rejects (SPEC §6 edit).
import { z } from "zod";
import { applyEdit } from "../edit/applyEdit.js";
import { findMatches } from "../edit/match.js";
import { type EditErrorCode, MAX_REPLACEMENTS, refuse } from "../edit/outcome.js";
import { lineStarts } from "../text/lines.js";
import { changesetArg } from "./changesetArg.js";
import { lookupDocument } from "./document.js";
import { ExcerptSchema, excerptAround, renderExcerpt } from "./numbered.js";
import { notReadYet } from "./readFirst.js";
import { reasonArg, reasonRefusal } from "./reasonArg.js";
import { textForChange } from "./textForChange.js";
import { defineTool, failure, success, type ToolErrorCode } from "./tool.js";

const input = z.object({
  file_path: z
    .string()
    .describe(
      'Path of the document to edit, exactly as you passed it to read (e.g. "Lens/Notes/Ideas.md"). You must have read this document in this session first.',
    ),
  old_string: z
    .string()
    .describe(
      "The exact text to replace, copied from read's output without the line-number prefix, including whitespace and indentation. It must occur exactly once in the document unless replace_all is true; add surrounding lines to make it unique. No CriticMarkup delimiters ({++ {-- {~~ {>> {==).",
    ),
  new_string: z
    .string()
    .describe(
      "The text to put in its place; must differ from old_string. Use an empty string to delete old_string. It cannot contain CriticMarkup delimiters.",
    ),
  replace_all: z
    .boolean()
    .default(false)
    .describe(
      `Replace every occurrence of old_string instead of exactly one (default false); at most ${MAX_REPLACEMENTS} occurrences per edit.`,
    ),
  reason: reasonArg,
  changeset: changesetArg,
});

export const editTool = defineTool({
  name: "edit",
  title: "Suggest an edit",
  description: [
    "Replaces text in a markdown document of the team knowledge base as a suggestion: CriticMarkup ({--old--}{++new++}) that a human accepts or rejects.",
    "The document must have been read with the read tool in this session; old_string must match its text exactly as read shows it (without line-number prefixes) and be unique, or set replace_all to replace every occurrence.",
    "Pending suggestions show as accepted in read: edit the text as you see it. Your own pending suggestion merges with an edit over it; another author's, a comment {>>…<<} or a highlight {==…==} refuses it.",
  ].join("\n"),
  input,
  output: z.object({
    path: z.string(),
    replacements: z.number().int().describe("Occurrences replaced."),
    firstLine: z.number().int().describe("AI-view line of the first replacement."),
    excerpt: ExcerptSchema,
  }),
  readOnly: false,
  run(ws, session, args, caller) {
    const found = lookupDocument(ws, args.file_path, caller?.reach);
    if (!found.ok) return found;
    const { loc } = found.value;
    const unread = notReadYet(session, loc, args.file_path, "edit");
    if (unread) return unread;
    const badReason = reasonRefusal(args.reason, loc.path);
    if (badReason) return badReason;
    // Too many matches for replace_all is refused on the view the read left, before the note is
    // woken or parsed: counting stops past the bound (a 3.9 MB note with 350 000 matches).
    if (args.replace_all && args.old_string !== "") {
      const ai = ws.view(loc.docId)?.ai;
      const found = ai && findMatches(ai, args.old_string, args.new_string, MAX_REPLACEMENTS + 1);
      if (found && found.ranges.length > MAX_REPLACEMENTS) {
        return failure(
          "invalid_edit",
          `No change made to ${loc.path}. ${refuse.tooMany().message}`,
        );
      }
    }
    // A note that cannot be read right now is a `busy` failure: nothing changed, retry.
    const woken = textForChange(ws, loc.docId, loc.path);
    if (!woken.ok) return woken;
    const text = woken.value;
    if (!text)
      return failure(
        "not_loaded",
        `Content of ${loc.path} is not available on this server. Try another document.`,
      );
    const opts: { author?: string; now: () => number; reason?: string; changeset?: string } = {
      now: ws.now,
    };
    if (args.changeset !== undefined) opts.changeset = args.changeset;
    const author = caller?.author ?? ws.author;
    if (author) opts.author = author;
    if (args.reason !== undefined) opts.reason = args.reason;
    const outcome = applyEdit(
      text,
      {
        oldString: args.old_string,
        newString: args.new_string,
        replaceAll: args.replace_all ?? false,
      },
      opts,
    );
    if (!outcome.ok) {
      const details: Record<string, unknown> = { reason: outcome.code };
      if (outcome.line !== undefined) details.line = outcome.line;
      if (outcome.author !== undefined) details.author = outcome.author;
      return failure(
        EDIT_FAILURE[outcome.code],
        `No change made to ${loc.path}. ${outcome.message}`,
        outcome.code === "others_suggestion" ? details : undefined,
      );
    }
    return success({
      path: loc.path,
      replacements: outcome.replacements,
      firstLine: outcome.firstLine,
      excerpt: editedLines(ws.view(loc.docId)?.ai ?? "", outcome.firstLine, args.new_string),
    });
  },
  renderText(r) {
    const what =
      r.replacements === 1
        ? `1 replacement at line ${r.firstLine}`
        : `${r.replacements} replacements, the first at line ${r.firstLine}`;
    return `Edited ${r.path}: ${what}. The change is a suggestion ({--old--}{++new++}) that awaits human review; read already shows it as accepted:\n${renderExcerpt(r.excerpt)}`;
  },
});

/**
 * The first replacement's lines as read now shows them (the suggestion as if accepted), with two
 * lines around: what the assistant checks its edit by ("# Ideas inbox inbox" shows at once).
 */
function editedLines(ai: string, firstLine: number, newString: string) {
  const starts = lineStarts(ai);
  const from = starts[firstLine - 1] ?? 0;
  const spanned = newString.split("\n").length - 1;
  const last = starts[Math.min(firstLine - 1 + spanned, starts.length - 1)] ?? from;
  return excerptAround(ai, from, last + 1);
}

/** The tool-level kind of each edit-engine refusal. */
const EDIT_FAILURE: Record<EditErrorCode, ToolErrorCode> = {
  too_many: "invalid_edit",
  not_found: "no_match",
  not_unique: "not_unique",
  identical: "identical",
  empty_old: "invalid_edit",
  delimiters: "invalid_edit",
  inside_comment: "invalid_edit",
  others_suggestion: "invalid_edit",
};
