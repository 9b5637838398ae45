// Suggesting a move or a deletion: recorded as a pending change in the note's folder doc
// (model/pendingChanges.ts), nothing else changes until a reviewer accepts it. One pending
// structural change per note: a second is refused until the first is resolved or withdrawn.
import { EVERYWHERE } from "../access/reach.js";
import { textFingerprint } from "../critic/fingerprint.js";
import { LENS_EDIT_ORIGIN } from "../edit/origin.js";
import { putChange, type StructuralChange } from "../model/pendingChanges.js";
import { failure, type Outcome, success } from "../outcome/outcome.js";
import type { Located } from "../paths/pathIndex.js";
import type { Workspace } from "../workspace/workspace.js";
import { type LocatedChange, locateChange, pendingChangesOf } from "./changes.js";

export interface ChangeRequest {
  kind: "move" | "delete";
  /** Move: the in-folder path it goes to. */
  to?: string;
  author?: string | undefined;
  reason?: string | undefined;
  changeset?: string | undefined;
}

/** A new change id: short, unlikely to repeat (`ch-` and 12 hex digits of a fresh uuid). */
function changeId(ws: Workspace): string {
  return `ch-${ws.newId().replace(/-/g, "").slice(0, 12)}`;
}

export function suggestChange(
  ws: Workspace,
  loc: Located,
  request: ChangeRequest,
): Outcome<LocatedChange> {
  const folder = ws.folder(loc.folderDocId);
  if (!folder) return failure("not_loaded", `${loc.path}'s folder is not loaded on this server.`);
  const [open] = pendingChangesOf(ws, loc.docId, EVERYWHERE);
  if (open) {
    const what = open.kind === "move" ? `a move to ${open.toPath}` : "a deletion";
    return failure(
      "conflict",
      `${loc.path} already has ${what} awaiting review (${open.id}); nothing was changed. Withdraw it first to suggest another change.`,
      { change: open.id },
    );
  }
  const change: StructuralChange = {
    id: changeId(ws),
    kind: request.kind,
    entry: loc.meta.id,
    from: loc.entryPath,
    time: ws.now(),
    status: "pending",
  };
  if (request.to !== undefined) change.to = request.to;
  if (request.kind === "delete") {
    const raw = ws.contentText(loc.docId)?.toString() ?? ws.view(loc.docId)?.raw;
    if (raw !== undefined) change.fingerprint = textFingerprint(raw);
  }
  if (request.author !== undefined) change.author = request.author;
  if (request.reason !== undefined) change.reason = request.reason;
  if (request.changeset !== undefined) change.changeset = request.changeset;
  putChange(folder.doc, change, LENS_EDIT_ORIGIN);
  return success(locateChange(ws, folder, change));
}
