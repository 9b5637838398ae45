// Read-before-write: a tool that changes a document (edit, insert) first asks whether this
// session read it, and refuses with one message when it did not.
import type { Located } from "../paths/pathIndex.js";
import { clip } from "../text/clip.js";
import type { ReadTracker } from "./session.js";
import { failure } from "./tool.js";

/** The `not_read` refusal of `tool` on `loc` (named `filePath` by the caller), or undefined. */
export function notReadYet(
  session: ReadTracker,
  loc: Located,
  filePath: string,
  tool: string,
): ReturnType<typeof failure> | undefined {
  if (session.hasRead(loc.docId)) return undefined;
  return failure(
    "not_read",
    `You have not read ${loc.path} in this session. Call read with file_path "${clip(filePath)}" first, then retry this ${tool}. (If you did read it and your client opens a new connection for every call, pass the same session_id to read and ${tool}.)`,
  );
}
