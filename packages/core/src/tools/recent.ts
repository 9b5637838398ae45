// The `recent` tool: notes whose content changed since a time, newest first, with the authors of
// the pending suggestions made in that time (the one record of who Lens has inside a note: a
// change written through sync carries no author), paged, within the caller's folders.
import { z } from "zod";
import { clip } from "../text/clip.js";
import { plural } from "../text/english.js";
import { documentsInScope, resolveScope } from "./scope.js";
import { defineTool, failure, type Outcome, success } from "./tool.js";

export const RECENT_DEFAULT_LIMIT = 50;
export const RECENT_MAX_LIMIT = 100;

const UNIT_MS: Record<string, number> = {
  m: 60_000,
  h: 3_600_000,
  d: 86_400_000,
  w: 604_800_000,
};

/** `since` as ms since the epoch: `30m`, `2h`, `3d`, `1w` before `now`, or an ISO date/time. */
export function parseSince(since: string, now: number): number | undefined {
  const rel = /^\s*(\d{1,6})\s*([mhdw])\s*$/i.exec(since);
  if (rel) return now - Number(rel[1]) * (UNIT_MS[(rel[2] as string).toLowerCase()] as number);
  if (!/^\d{4}-\d{2}-\d{2}/.test(since.trim())) return undefined;
  const t = Date.parse(since.trim());
  return Number.isFinite(t) ? t : undefined;
}

const input = z.object({
  since: z.string().min(1).describe('"2h", "3d", "1w" ago, or an ISO date/time.'),
  path: z.string().optional().describe("Folder to look in; omit for every folder."),
  limit: z.number().int().min(1).max(RECENT_MAX_LIMIT).optional(),
  offset: z.number().int().min(0).optional(),
});

const output = z.object({
  since: z.string().describe("The time asked for, ISO 8601."),
  entries: z.array(
    z.object({
      path: z.string(),
      mtime: z.number().describe("Last content change, ms since the epoch."),
      suggestedBy: z
        .array(z.string())
        .describe("Authors of the note's pending suggestions made since then."),
    }),
  ),
  total: z.number().int().describe("Notes changed since then."),
  offset: z.number().int(),
  nextOffset: z.number().int().optional().describe("Set when more follow: the next page."),
});
type RecentResult = z.infer<typeof output>;

export const recentTool = defineTool({
  name: "recent",
  title: "Recently changed notes",
  description:
    "Lists notes changed since a time, newest first, with the authors of pending suggestions made since then.",
  input,
  output,
  readOnly: true,
  run(ws, _session, args, caller): Outcome<RecentResult> {
    const now = ws.now();
    const since = parseSince(args.since, now);
    if (since === undefined) {
      return failure(
        "invalid_pattern",
        `Invalid since ${JSON.stringify(clip(args.since, 80))}: give a span back from now ("30m", "2h", "3d", "1w") or an ISO date or time ("2026-11-24", "2026-11-24T09:00:00Z").`,
      );
    }
    const scope = resolveScope(ws, args.path, caller?.reach);
    if (!scope.ok) return scope;
    const changed: { path: string; docId: string; mtime: number }[] = [];
    for (const loc of documentsInScope(ws, scope.value, caller?.reach)) {
      const mtime = ws.mtime(loc.docId) || loc.meta.synctime || 0;
      if (mtime >= since) changed.push({ path: loc.path, docId: loc.docId, mtime });
    }
    changed.sort((a, b) => b.mtime - a.mtime || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
    const offset = args.offset ?? 0;
    const limit = args.limit ?? RECENT_DEFAULT_LIMIT;
    const page = changed.slice(offset, offset + limit).map((c) => {
      const authors = new Set<string>();
      for (const s of ws.view(c.docId)?.suggestions ?? []) {
        if (s.author !== undefined && s.time !== undefined && s.time >= since)
          authors.add(s.author);
      }
      return { path: c.path, mtime: c.mtime, suggestedBy: [...authors].sort() };
    });
    const result: RecentResult = {
      since: new Date(since).toISOString(),
      entries: page,
      total: changed.length,
      offset,
    };
    if (offset + page.length < changed.length) result.nextOffset = offset + page.length;
    return success(result);
  },
  renderText(r) {
    if (r.total === 0) return `No notes changed since ${r.since}.`;
    const lines = r.entries.map((e) => {
      const who = e.suggestedBy.length ? `; suggestions by ${e.suggestedBy.join(", ")}` : "";
      return `${e.path} (${new Date(e.mtime).toISOString()}${who})`;
    });
    if (r.nextOffset !== undefined) {
      lines.push(
        `(Showing ${r.offset + 1}-${r.offset + r.entries.length} of ${plural(r.total, "note")} changed since ${r.since}. Call recent with offset ${r.nextOffset} for more.)`,
      );
    }
    return lines.join("\n");
  },
});
