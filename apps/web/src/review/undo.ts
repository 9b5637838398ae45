// Undoing reviews: each document's review answered with a token; POST /suggestions/undo with it
// puts the text back exactly while it has not changed since. What happened to each token: undone,
// refused because the note changed (the server's 409, with where the note is now), or no longer
// available (404: used, expired, the server restarted).
import { type Api, ApiError } from "../api/client.js";
import type { UndoAnswer } from "../api/types.js";

export type UndoResult =
  | { token: string; status: "undone"; path: string; restored: number }
  | { token: string; status: "changed"; path: string; message: string }
  | { token: string; status: "gone"; message: string }
  | { token: string; status: "error"; message: string };

/** Undoes each token in turn (one document each). */
export async function undoReviews(api: Api, tokens: readonly string[]): Promise<UndoResult[]> {
  const out: UndoResult[] = [];
  for (const token of tokens) {
    try {
      const a = await api.post<UndoAnswer>("/suggestions/undo", { token });
      out.push({ token, status: "undone", path: a.path, restored: a.suggestions.length });
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      if (e instanceof ApiError && e.status === 409 && typeof e.problem.path === "string") {
        out.push({ token, status: "changed", path: e.problem.path, message });
      } else if (e instanceof ApiError && e.status === 404) {
        out.push({ token, status: "gone", message });
      } else out.push({ token, status: "error", message });
    }
  }
  return out;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** One sentence for the notice after an undo. */
export function undoText(results: readonly UndoResult[]): string {
  const restored = results.reduce((n, r) => n + (r.status === "undone" ? r.restored : 0), 0);
  const parts: string[] = [];
  if (results.some((r) => r.status === "undone")) {
    parts.push(`Undone: ${plural(restored, "suggestion is", "suggestions are")} pending again.`);
  }
  for (const r of results) {
    if (r.status === "changed")
      parts.push(`${r.path} changed since it was reviewed, so that review cannot be undone.`);
    else if (r.status !== "undone") parts.push(r.message);
  }
  return parts.join(" ");
}
