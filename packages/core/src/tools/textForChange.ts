// The text a change is about to be made to, woken if dormant; a doc whose source cannot be read
// right now (WakeDeferredError) turns into a `busy` failure that names the cause: nothing was
// changed, and the same call may succeed later.
import type * as Y from "yjs";
import { isWakeDeferred, type WakeDeferredError } from "../workspace/wakeDeferred.js";
import type { Workspace } from "../workspace/workspace.js";
import { failure, type LensError, type Outcome, success } from "./tool.js";

/**
 * The `contents` text of `docId` (shown to users as `path`), woken if dormant; undefined when
 * the workspace holds no content for it. Errors other than a deferred wake are thrown on.
 */
export function textForChange(
  ws: Workspace,
  docId: string,
  path: string,
): Outcome<Y.Text | undefined> {
  try {
    return success(ws.contentText(docId));
  } catch (error) {
    if (isWakeDeferred(error)) return wakeDeferredFailure(path, error);
    throw error;
  }
}

/** The failure of a change that needed `path`'s doc, which could not be woken right now. */
export function wakeDeferredFailure(
  path: string,
  error: WakeDeferredError,
): { ok: false; error: LensError } {
  return failure(
    "busy",
    `${path} cannot be changed right now: ${error.message}. Nothing was changed; try again.`,
    { path, docId: error.docId, retryable: true },
  );
}
