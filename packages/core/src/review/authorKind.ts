// Who made a suggestion: an assistant or a person. The rule (apps/web/README.md, "Who is an
// assistant"): suggestions record their author by name in their metadata, and a name that is a
// token's name is told by the token's role — `suggest` (and `view`) tokens are assistants (an
// OAuth grant is such a token), `edit` and `admin` tokens are the people who review. A name
// that is no token's is told by who wrote the metadata: Lens writes `time` (s) and `timestamp`
// (ms) together (before 0.2, `time` in ms), and only its tools write suggestions, for an MCP
// client, `--author` or a token since revoked — an assistant; the Obsidian Commentator plugin
// (`time` in s) and lens-editor (`timestamp` alone) are people writing in Obsidian. No author:
// not recorded (undefined).
import type { Role } from "../access/roles.js";
import { readMeta } from "../critic/meta.js";
import type { Suggestion } from "../critic/suggestions.js";

export type AuthorKind = "assistant" | "person";

/** Below this a `time` is in seconds (as meta.ts reads it). */
const SECONDS_BELOW = 1e11;

/** True when the suggestion's metadata is in the form Lens writes (or wrote before 0.2). */
export function writtenByLens(raw: string, s: Pick<Suggestion, "start" | "end">): boolean {
  // The metadata sits right after the first mark's three-character opening delimiter.
  const from = s.start + 3;
  const prefix = readMeta(raw, from, s.end);
  if (!prefix) return false;
  let obj: Record<string, unknown>;
  try {
    obj = JSON.parse(raw.slice(from, prefix.end - 2)) as Record<string, unknown>;
  } catch {
    return false;
  }
  const time = obj.time;
  if (typeof obj.timestamp === "number") return typeof time === "number";
  return typeof time === "number" && time >= SECONDS_BELOW;
}

/**
 * An author's kind by the rule above: `tokenRole` is the role of the token with the author's
 * name, if any; `byLens` whether Lens wrote the metadata.
 */
export function authorKind(
  author: string | undefined,
  tokenRole: Role | undefined,
  byLens: boolean,
): AuthorKind | undefined {
  if (author === undefined) return undefined;
  if (tokenRole !== undefined) {
    return tokenRole === "edit" || tokenRole === "admin" ? "person" : "assistant";
  }
  return byLens ? "assistant" : "person";
}
