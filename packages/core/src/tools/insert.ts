// The `insert` tool: text added at the start or end of a note or of a heading's section, as one
// CriticMarkup insertion `{++…++}` a human accepts or rejects (SPEC §6 insert).
import { z } from "zod";
import { findDelimiter } from "../critic/delimiters.js";
import { insertSuggestion } from "../edit/insertSuggestion.js";
import { lineEndingOf } from "../edit/lineEndings.js";
import { describeHeading, matchHeading } from "../outline/headingMatch.js";
import { findHeadings } from "../outline/headings.js";
import { insertionOffset, textToInsert } from "../outline/insertionPoint.js";
import { lineIndexOf, lineStarts } from "../text/lines.js";
import { changesetArg } from "./changesetArg.js";
import { lookupDocument } from "./document.js";
import { ExcerptSchema, excerptAround, renderExcerpt } from "./numbered.js";
import { notReadYet } from "./readFirst.js";
import { reasonArg, reasonRefusal } from "./reasonArg.js";
import { textForChange } from "./textForChange.js";
import { defineTool, failure, type LensError, success } from "./tool.js";

/** Characters one insert adds at most (each is a suggestion a human reads). */
export const INSERT_MAX_CHARS = 200_000;

const input = z.object({
  file_path: z.string().describe("Note to add to; read it first."),
  content: z
    .string()
    .min(1)
    .max(INSERT_MAX_CHARS)
    .describe("Markdown lines to add; no CriticMarkup delimiters."),
  heading: z
    .string()
    .min(1)
    .optional()
    .describe(
      'Heading whose section gets the content: its exact text, e.g. "Tasks" or "## Tasks". Omit for the whole note.',
    ),
  position: z
    .enum(["start", "end"])
    .default("end")
    .describe(
      "start: right below the heading (the note's frontmatter); end (default): after the section's (note's) last non-blank line.",
    ),
  reason: reasonArg,
  changeset: changesetArg,
});

const output = z.object({
  path: z.string(),
  heading: z.string().optional().describe('The section\'s heading, e.g. "## Tasks".'),
  position: z.enum(["start", "end"]),
  firstLine: z.number().int().describe("AI-view line where the content starts."),
  lines: z.number().int().describe("Lines added."),
  excerpt: ExcerptSchema,
});
type InsertResult = z.infer<typeof output>;

export const insertTool = defineTool({
  name: "insert",
  title: "Suggest an insertion",
  description: [
    "Adds lines at the start or end of a note or of a heading's section (up to the next heading of the same or higher level), as one suggestion {++…++} a human reviews. Read the note first.",
    "Use it to append to a list or log without quoting text; use edit to change text.",
  ].join("\n"),
  input,
  output,
  readOnly: false,
  run(ws, session, args, caller) {
    const found = lookupDocument(ws, args.file_path, caller?.reach);
    if (!found.ok) return found;
    const { loc } = found.value;
    const unread = notReadYet(session, loc, args.file_path, "insert");
    if (unread) return unread;
    const badReason = reasonRefusal(args.reason, loc.path);
    if (badReason) return badReason;
    const hit = findDelimiter(args.content, { separator: false });
    if (hit) {
      return failure(
        "invalid_edit",
        `No change made to ${loc.path}: content contains the CriticMarkup delimiter "${hit.delimiter}", which would break the suggestion that holds it. Rephrase or leave it out.`,
      );
    }
    const woken = textForChange(ws, loc.docId, loc.path);
    if (!woken.ok) return woken;
    const text = woken.value;
    if (!text) {
      return failure(
        "not_loaded",
        `Content of ${loc.path} is not available on this server. Try another document.`,
      );
    }
    let heading: string | undefined;
    let lead = 0;
    const author = caller?.author ?? ws.author;
    const outcome = insertSuggestion(
      text,
      (ai) => {
        const headings = args.heading === undefined ? [] : findHeadings(ai);
        let index: number | undefined;
        if (args.heading !== undefined) {
          const m = matchHeading(headings, args.heading);
          if (m.kind === "ambiguous") {
            return {
              ok: false,
              value: failure(
                "not_unique",
                `No change made to ${loc.path}: several headings read "${args.heading.trim()}": ${m.candidates.map(describeHeading).join(", ")}. Give the heading with its #s if their levels differ; otherwise use edit with text next to the place you mean.`,
              ).error,
            };
          }
          if (m.kind === "missing") {
            const listed = m.nearby.length
              ? `Its headings include ${m.nearby.map(describeHeading).join(", ")}.`
              : "It has no headings: omit heading to add to the whole note.";
            return {
              ok: false,
              value: failure(
                "no_match",
                `No change made to ${loc.path}: it has no heading "${args.heading.trim()}" (headings match by their exact text, case included). ${listed}`,
              ).error,
            };
          }
          index = m.index;
          const h = headings[index]!;
          heading = `${"#".repeat(h.level)} ${h.text}`;
        }
        const at = insertionOffset(ai, headings, index, args.position);
        const placed = textToInsert(ai, at, args.content, lineEndingOf(ai) === "crlf");
        lead = placed.lead;
        return { ok: true, place: { at, text: placed.text } };
      },
      {
        now: ws.now,
        ...(author ? { author } : {}),
        ...(args.reason !== undefined ? { reason: args.reason } : {}),
        ...(args.changeset !== undefined ? { changeset: args.changeset } : {}),
      },
    );
    if (!outcome.ok) {
      if (outcome.reason === "refused") return { ok: false, error: outcome.value as LensError };
      if (outcome.reason === "inside_mark") {
        const by = outcome.author === undefined ? "" : ` by ${outcome.author}`;
        return failure(
          "invalid_edit",
          `No change made to ${loc.path}: that place (line ${lineOf(ws.view(loc.docId)?.ai ?? "", outcome.aiStart)}) lies inside a pending suggestion${by}, and a suggestion cannot sit inside another. Insert elsewhere, or ask a reviewer to accept or reject it first.`,
        );
      }
      return failure(
        "invalid_edit",
        `No change made to ${loc.path}: the content cannot be written there as a suggestion without changing how the text around line ${lineOf(ws.view(loc.docId)?.ai ?? "", outcome.at)} reads (code markers such as an unclosed fence, or CriticMarkup-like characters). Insert elsewhere, or ask a human to add it.`,
      );
    }
    const from = outcome.at + lead;
    const to = outcome.at + outcome.text.length;
    const starts = lineStarts(outcome.ai);
    const firstLine = lineIndexOf(starts, from) + 1;
    const lastLine = lineIndexOf(starts, Math.max(from, to - 1)) + 1;
    const result: InsertResult = {
      path: loc.path,
      position: args.position,
      firstLine,
      lines: lastLine - firstLine + 1,
      excerpt: excerptAround(outcome.ai, from, to),
    };
    if (heading !== undefined) result.heading = heading;
    return success(result);
  },
  renderText(r) {
    const where = r.heading === undefined ? "the note" : `"${r.heading}"`;
    const span =
      r.lines === 1 ? `line ${r.firstLine}` : `lines ${r.firstLine}-${r.firstLine + r.lines - 1}`;
    return `Inserted at the ${r.position} of ${where} in ${r.path} (${span}), as a suggestion ({++…++}) awaiting human review; read already shows it:\n${renderExcerpt(r.excerpt)}`;
  },
});

/** 1-based line of offset `pos` in `text`. */
function lineOf(text: string, pos: number): number {
  return lineIndexOf(lineStarts(text), pos) + 1;
}
