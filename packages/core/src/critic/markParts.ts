// What one mark shows in each view of a document: the AI view (suggestion accepted) and the
// base view (suggestion rejected). Comments and highlights show verbatim in both, except a
// suggestion's reason (reason.ts), which is part of the suggestion and shows in neither.
import type { CriticMark } from "./parse.js";

/** What a mark shows in the AI view: its content if it adds text, nothing if it removes. */
export function aiPart(raw: string, m: CriticMark): string {
  switch (m.kind) {
    case "insert":
      return m.text;
    case "delete":
      return "";
    case "substitute":
      return m.newText ?? "";
    default:
      return m.reason ? "" : raw.slice(m.start, m.end);
  }
}

/** What a mark shows in the base view: what the humans last agreed on. */
export function basePart(raw: string, m: CriticMark): string {
  switch (m.kind) {
    case "insert":
      return "";
    case "delete":
      return m.text;
    case "substitute":
      return m.oldText ?? "";
    default:
      return m.reason ? "" : raw.slice(m.start, m.end);
  }
}
