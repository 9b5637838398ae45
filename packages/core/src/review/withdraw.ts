// The `withdraw` tool: an assistant takes back its own pending suggestions; the text becomes
// what rejecting them gives (SPEC §6 withdraw). Another author's suggestion is never touched:
// one in the list refuses the whole call, nothing changed.
import { z } from "zod";
import { EVERYWHERE, type Reach } from "../access/reach.js";
import { findChange } from "../changes/changes.js";
import { suggestionKey } from "../critic/suggestionId.js";
import type { Suggestion } from "../critic/suggestions.js";
import type { SuggestionHistory } from "../history/suggestionHistory.js";
import type { Located } from "../paths/pathIndex.js";
import { clip } from "../text/clip.js";
import { lookupDocument } from "../tools/document.js";
import { defineTool, failure, type LensError, success } from "../tools/tool.js";
import type { Workspace } from "../workspace/workspace.js";
import { reviewSuggestions } from "./batchReview.js";
import { resolveChange } from "./resolveChange.js";
import { reviewTarget } from "./target.js";

const input = z.object({
  ids: z.array(z.string().max(100)).min(1).max(100).describe("As read gives them."),
  path: z.string().optional().describe("Note or folder, if an id is in several."),
});

const done = z.object({
  id: z.string(),
  path: z.string(),
  docId: z.string(),
  key: z.string().describe("What it said, hashed: joins the suggestion's history."),
});

const output = z.object({
  withdrawn: z.array(done),
  changes: z
    .array(z.object({ id: z.string(), kind: z.enum(["move", "delete"]), path: z.string() }))
    .optional()
    .describe("Suggested moves and deletions withdrawn."),
  conflicts: z
    .array(done)
    .describe("Left pending: removing them would change how the text around them reads."),
});

export const withdrawTool = defineTool({
  name: "withdraw",
  title: "Withdraw your suggestions",
  description:
    "Takes back your own pending suggestions: the text becomes what rejecting them gives.",
  input,
  output,
  readOnly: false,
  run(ws, _session, args, caller, context) {
    const reach = caller?.reach ?? EVERYWHERE;
    const author = caller?.author ?? ws.author;
    if (author === undefined) {
      return failure(
        "forbidden",
        "Nothing withdrawn: your suggestions carry no author, so none can be told as yours. A reviewer can reject them.",
      );
    }
    const problems: LensError[] = [];
    // Suggested moves and deletions, by their change id.
    const changeIds = args.ids.filter((id) => findChange(ws, reach, id) !== undefined);
    for (const id of changeIds) {
      const c = findChange(ws, reach, id)!;
      const q = JSON.stringify(clip(id, 100));
      if (c.author !== author) {
        problems.push(
          failure(
            "forbidden",
            `${q} (the ${c.kind} of ${c.path}) is not yours: only its author withdraws it`,
          ).error,
        );
      } else if (c.status !== "pending") {
        problems.push(
          failure("conflict", `${q} (the ${c.kind} of ${c.path}) is ${c.status} already`).error,
        );
      }
    }
    const ids = args.ids.filter((id) => !changeIds.includes(id));
    const docs = candidates(ws, reach, author, args.path, context?.history);
    if (!docs.ok) return docs;
    const found = new Map<string, { loc: Located; s: Suggestion }>();
    const hitsIn = (locs: Located[], id: string) =>
      locs.flatMap((loc) =>
        (ws.view(loc.docId)?.suggestions ?? []).filter((s) => s.id === id).map((s) => ({ loc, s })),
      );
    // Notes the history does not list (suggestions older than it) are looked through only then.
    let everywhere: Located[] | undefined;
    for (const id of new Set(ids)) {
      let hits = hitsIn(docs.value, id);
      if (hits.length === 0 && args.path === undefined && context?.history) {
        if (everywhere === undefined) {
          const all = reviewTarget(ws, undefined, reach);
          everywhere = all.ok ? all.value.documents : [];
        }
        hits = hitsIn(everywhere, id);
      }
      const q = JSON.stringify(clip(id, 100));
      if (hits.length === 0) {
        problems.push(
          failure(
            "not_found",
            `${q} is not one of your pending suggestions${args.path === undefined ? "" : ` in ${clip(args.path)}`} (already reviewed, or changed since: read the note again for its id)`,
          ).error,
        );
      } else if (hits.length > 1) {
        problems.push(
          failure(
            "ambiguous",
            `${q} is in several notes (${hits.map((h) => h.loc.path).join(", ")}): give path`,
          ).error,
        );
      } else if (hits[0]!.s.author !== author) {
        const by = hits[0]!.s.author === undefined ? "no known author" : hits[0]!.s.author;
        problems.push(
          failure(
            "forbidden",
            `${q} in ${hits[0]!.loc.path} is by ${by}, not you: only its author withdraws it (a reviewer can reject it)`,
          ).error,
        );
      } else found.set(id, hits[0]!);
    }
    if (problems.length > 0) {
      return failure(
        problems[0]!.code,
        `Nothing withdrawn: ${problems.map((p) => p.message).join("; ")}.`,
      );
    }
    const byDoc = new Map<string, { loc: Located; ids: string[] }>();
    for (const [id, { loc }] of found) {
      const entry = byDoc.get(loc.docId) ?? { loc, ids: [] };
      entry.ids.push(id);
      byDoc.set(loc.docId, entry);
    }
    const changes: { id: string; kind: "move" | "delete"; path: string }[] = [];
    for (const id of new Set(changeIds)) {
      const r = resolveChange(ws, reach, id, "withdraw", { who: author });
      if (!r.ok) return r;
      changes.push({ id, kind: r.value.change.kind, path: r.value.change.path });
    }
    const withdrawn: z.infer<typeof done>[] = [];
    const conflicts: z.infer<typeof done>[] = [];
    for (const { loc, ids } of byDoc.values()) {
      const review = reviewSuggestions(ws, reach, { action: "reject", path: loc.path, ids });
      if (!review.ok) return review;
      for (const r of review.value.documents.flatMap((d) => d.results)) {
        if (r.status === "not_found") continue;
        const item = {
          id: r.id,
          path: loc.path,
          docId: loc.docId,
          key: suggestionKey(r.suggestion),
        };
        (r.status === "applied" ? withdrawn : conflicts).push(item);
      }
    }
    return success(changes.length ? { withdrawn, conflicts, changes } : { withdrawn, conflicts });
  },
  renderText(r) {
    const lines = r.withdrawn.map((w) => `- ${w.id} in ${w.path}`);
    for (const c of r.changes ?? []) lines.push(`- ${c.id}: the ${c.kind} of ${c.path}`);
    const count = r.withdrawn.length + (r.changes?.length ?? 0);
    const head =
      count === 0
        ? "Nothing withdrawn."
        : `Withdrew ${count === 1 ? "1 suggestion" : `${count} suggestions`}; the text is as rejecting them leaves it:`;
    const left = r.conflicts.length
      ? `\nLeft pending (removing them would change how the text around them reads; ask a reviewer): ${r.conflicts.map((c) => `${c.id} in ${c.path}`).join(", ")}.`
      : "";
    return `${[head, ...lines].join("\n")}${left}`;
  },
});

/** The notes to look for the ids in: under `path`, else those the history has the author's suggestions in, else all. */
function candidates(
  ws: Workspace,
  reach: Reach,
  author: string,
  path: string | undefined,
  history: SuggestionHistory | undefined,
): { ok: true; value: Located[] } | { ok: false; error: LensError } {
  if (path !== undefined || !history) {
    const target = reviewTarget(ws, path, reach);
    return target.ok ? { ok: true, value: target.value.documents } : target;
  }
  const value: Located[] = [];
  for (const doc of history.documentsOf(author)) {
    const p = ws.paths.pathOf(doc);
    const found = p === undefined ? undefined : lookupDocument(ws, p, reach);
    if (found?.ok) value.push(found.value.loc);
  }
  return { ok: true, value };
}
