// The `suggestions` tool: what became of the suggestions an assistant made — pending, accepted,
// rejected (with the reviewer's name and reply), withdrawn, conflicted — from the history the
// service keeps (history/), newest first, paged by cursor (SPEC §6 suggestions).
import { z } from "zod";
import { EVERYWHERE } from "../access/reach.js";
import { changesIn } from "../changes/changes.js";
import type { HistoryItem } from "../history/suggestionHistory.js";
import { SUGGESTION_STATUSES, type SuggestionStatus } from "../history/suggestionRecord.js";
import { CHANGE_STATUSES, type ChangeStatus } from "../model/pendingChanges.js";
import { clip } from "../text/clip.js";
import { plural } from "../text/english.js";
import { parseSince } from "./recent.js";
import { resolveScope } from "./scope.js";
import { defineTool, failure, success } from "./tool.js";

export const SUGGESTIONS_DEFAULT_LIMIT = 20;
export const SUGGESTIONS_MAX_LIMIT = 100;

const status = z.enum(SUGGESTION_STATUSES);

const input = z.object({
  path: z.string().optional().describe("Note or folder: everyone's there. Default: yours."),
  status: z.array(status).min(1).optional(),
  since: z.string().optional().describe('"2h", "3d" or an ISO date.'),
  cursor: z.string().optional().describe("The last page's nextCursor."),
  limit: z.number().int().min(1).max(SUGGESTIONS_MAX_LIMIT).optional(),
});

const item = z.object({
  id: z.string().describe("Its id when made (withdraw takes its current id)."),
  path: z.string(),
  kind: z.enum(["insert", "delete", "substitute", "replace"]),
  oldText: z.string(),
  newText: z.string(),
  author: z.string().optional(),
  reason: z.string().optional(),
  created: z.string().describe("ISO time."),
  status,
  reviewer: z.string().optional().describe("Who accepted, rejected or withdrew it."),
  reviewed: z.string().optional().describe("ISO time."),
  reply: z.string().optional().describe("The reviewer's reply."),
});
export type SuggestionHistoryItem = z.infer<typeof item>;

const change = z.object({
  id: z.string().describe("Its change id."),
  kind: z.enum(["move", "delete"]),
  path: z.string(),
  to: z.string().optional().describe("A move's target."),
  changeset: z.string().optional(),
  created: z.string().describe("ISO time."),
  status: z.enum(CHANGE_STATUSES),
  reviewer: z.string().optional(),
  reviewed: z.string().optional().describe("ISO time."),
  reply: z.string().optional(),
});

const output = z.object({
  suggestions: z.array(item),
  changes: z
    .array(change)
    .optional()
    .describe("Suggested moves and deletions (newest first; not paged), when there are any."),
  nextCursor: z.string().optional(),
});

export const suggestionsTool = defineTool({
  name: "suggestions",
  title: "Your suggestions and their review",
  description:
    "Your suggestions, newest first, and what became of each: pending, accepted, rejected, withdrawn, conflicted (gone unreviewed); reviewer and reply.",
  input,
  output,
  readOnly: true,
  run(ws, _session, args, caller, context) {
    const reach = caller?.reach ?? EVERYWHERE;
    let since: number | undefined;
    if (args.since !== undefined) {
      since = parseSince(args.since, ws.now());
      if (since === undefined) {
        return failure(
          "invalid_pattern",
          `Invalid since ${JSON.stringify(clip(args.since, 80))}: give "30m", "2h", "3d", "1w" or an ISO date or time.`,
          { argument: "since" },
        );
      }
    }
    let before: number | undefined;
    if (args.cursor !== undefined) {
      before = /^c\d{1,15}$/.test(args.cursor) ? Number(args.cursor.slice(1)) : undefined;
      if (before === undefined) {
        return failure("invalid_pattern", "Invalid cursor: pass nextCursor as given.", {
          argument: "cursor",
        });
      }
    }
    let where: ((doc: string, path: string) => boolean) | undefined;
    if (args.path !== undefined) {
      const scope = resolveScope(ws, args.path, reach);
      if (!scope.ok) return scope;
      const s = scope.value;
      if (s.kind === "document") where = (doc) => doc === s.loc.docId;
      else if (s.kind === "directory") where = (_doc, path) => path.startsWith(`${s.path}/`);
    }
    const author = caller?.author ?? ws.author;
    // Without a path: the caller's own, which needs an author to tell them by.
    if (args.path === undefined && author === undefined) return success({ suggestions: [] });
    const page: { items: HistoryItem[]; next?: number } = context?.history?.list(ws, reach, {
      ...(args.path === undefined ? { author } : {}),
      ...(where ? { where } : {}),
      ...(args.status ? { statuses: new Set<SuggestionStatus>(args.status) } : {}),
      ...(since !== undefined ? { since } : {}),
      ...(before !== undefined ? { before } : {}),
      limit: args.limit ?? SUGGESTIONS_DEFAULT_LIMIT,
    }) ?? { items: [] };
    const suggestions = page.items.map((h): SuggestionHistoryItem => {
      const w = h.written;
      const out: SuggestionHistoryItem = {
        id: w.id,
        path: h.path,
        kind: w.kind,
        oldText: w.oldText,
        newText: w.newText,
        created: new Date(h.at).toISOString(),
        status: h.status,
      };
      if (w.author !== undefined) out.author = w.author;
      if (w.reason !== undefined) out.reason = w.reason;
      const r = h.resolution;
      if (r) {
        out.reviewer = r.who;
        out.reviewed = new Date(r.at).toISOString();
        if (r.reply !== undefined) out.reply = r.reply;
      }
      return out;
    });
    // Moves and deletions, from their folders' records, on the first page only.
    const statuses = args.status?.filter((s): s is ChangeStatus =>
      (CHANGE_STATUSES as readonly string[]).includes(s),
    );
    const changes =
      before !== undefined
        ? []
        : changesIn(ws, reach, {
            ...(args.path === undefined ? { author } : { under: scopePath(args.path) }),
            ...(statuses ? { statuses: new Set(statuses) } : {}),
          })
            .filter((c) => since === undefined || Math.max(c.time, c.reviewed ?? 0) >= since)
            .reverse()
            .map((c) => {
              const out: z.infer<typeof change> = {
                id: c.id,
                kind: c.kind,
                path: c.path,
                created: new Date(c.time).toISOString(),
                status: c.status,
              };
              if (c.toPath !== undefined) out.to = c.toPath;
              if (c.changeset !== undefined) out.changeset = c.changeset;
              if (c.reviewer !== undefined) out.reviewer = c.reviewer;
              if (c.reviewed !== undefined) out.reviewed = new Date(c.reviewed).toISOString();
              if (c.reply !== undefined) out.reply = c.reply;
              return out;
            });
    return success({
      suggestions,
      ...(changes.length ? { changes } : {}),
      ...(page.next === undefined ? {} : { nextCursor: `c${page.next}` }),
    });
  },
  renderText(r) {
    const moves = (r.changes ?? []).map((c) => {
      const what = c.kind === "move" ? `move ${c.path} to ${c.to}` : `delete ${c.path}`;
      const by = c.reviewer && c.status !== "pending" ? ` by ${c.reviewer} at ${c.reviewed}` : "";
      const reply = c.reply ? ` — reply: ${JSON.stringify(clip(c.reply, 80))}` : "";
      return `- ${c.status}${by}: ${what} (${c.id}, made ${c.created})${reply}`;
    });
    const head = moves.length ? `Moves and deletions:\n${moves.join("\n")}\n` : "";
    if (r.suggestions.length === 0) return head ? head.trimEnd() : "No suggestions found.";
    const q = (t: string) => JSON.stringify(clip(t, 80));
    const lines = r.suggestions.map((s) => {
      const change =
        s.kind === "insert"
          ? `insert ${q(s.newText)}`
          : s.kind === "delete"
            ? `delete ${q(s.oldText)}`
            : `replace ${q(s.oldText)} with ${q(s.newText)}`;
      const by = s.reviewer ? ` by ${s.reviewer} at ${s.reviewed}` : "";
      const reply = s.reply ? ` — reply: ${q(s.reply)}` : "";
      return `- ${s.status}${by}: ${s.path}: ${change} (id ${s.id}, made ${s.created})${reply}`;
    });
    const more = r.nextCursor ? `\n(More: call suggestions with cursor "${r.nextCursor}".)` : "";
    return `${head}${plural(r.suggestions.length, "suggestion")}, newest first:\n${lines.join("\n")}${more}`;
  },
});

/** A path argument as changesIn filters by it: trimmed, without a trailing slash. */
function scopePath(path: string): string {
  return path.trim().replace(/\/+$/, "");
}
