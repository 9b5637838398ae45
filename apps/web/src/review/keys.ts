// The key of a suggestion across documents (ids are unique only within their document).
import type { Suggestion } from "../api/types.js";

export function suggestionKey(s: Pick<Suggestion, "path" | "id">): string {
  return `${s.path}\n${s.id}`;
}
