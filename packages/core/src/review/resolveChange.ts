// Accepting, rejecting or withdrawing a suggested move or deletion. Accepting a move renames the
// note and rewrites, as plain text, every link that would otherwise stop naming what it named
// (the reviewer approved them with the move), in one synchronous step; accepting a deletion
// removes the note's entry (links to it stay, unresolved, as in Obsidian). Rejecting or
// withdrawing only records the status. A change that no longer applies — reviewed already, the
// note moved, deleted or (for a deletion) edited since, the target taken — is refused as a
// `conflict` and nothing changes.
import { EVERYWHERE, type Reach, reachesEntry } from "../access/reach.js";
import { findChange, type LocatedChange } from "../changes/changes.js";
import { textFingerprint } from "../critic/fingerprint.js";
import { LENS_REVIEW_ORIGIN } from "../critic/review.js";
import { plainReplace, plainReplaced } from "../edit/plainReplace.js";
import { linkRepairs, mayRewrite, snapshotLinks } from "../links/rewrite.js";
import { deleteEntry, getEntry, renameEntry } from "../model/folderDoc.js";
import { type ChangeStatus, putChange, type StructuralChange } from "../model/pendingChanges.js";
import { createMissingDirs, placeDocument } from "../tools/placement.js";
import { textForChange } from "../tools/textForChange.js";
import { failure, type Outcome, success } from "../tools/tool.js";
import type { Workspace } from "../workspace/workspace.js";

export type ChangeAction = "accept" | "reject" | "withdraw";

export interface ResolvedChange {
  change: LocatedChange;
  action: ChangeAction;
  /** Accepted move: notes in reach whose links were rewritten (as plain text). */
  rewritten: string[];
  /** Accepted move: notes out of reach whose links were rewritten: counted, never named. */
  hiddenRewritten: number;
}

export interface ResolveOptions {
  /** Who resolves it (a token's name); recorded as the reviewer. */
  who?: string | undefined;
  reply?: string | undefined;
  origin?: unknown;
}

const STATUS: Record<ChangeAction, ChangeStatus> = {
  accept: "accepted",
  reject: "rejected",
  withdraw: "withdrawn",
};

function conflict(message: string, id: string) {
  return failure("conflict", `${message} Nothing was changed.`, { change: id });
}

/** Why `change` cannot be accepted now, or undefined when it can (the checks, nothing changed). */
export function acceptProblem(ws: Workspace, change: LocatedChange): string | undefined {
  const folder = ws.folder(change.folderDocId);
  const entry = folder && getEntry(folder.doc, change.from);
  if (!folder || !entry || entry.id !== change.entry) {
    return `${change.path} is no longer at ${folder?.name ?? ""}${change.from}: it was moved or deleted since the ${change.kind === "move" ? "move" : "deletion"} was suggested. Reject it; the assistant can suggest it again.`;
  }
  if (change.kind === "delete") {
    const text = ws.contentText(change.docId)?.toString() ?? ws.view(change.docId)?.raw;
    if (change.fingerprint !== undefined && text !== undefined) {
      if (textFingerprint(text) !== change.fingerprint) {
        return `${change.path} was edited since its deletion was suggested. Reject the deletion, or read the note again before deciding.`;
      }
    }
    return undefined;
  }
  const placed = placeDocument(ws, change.toPath ?? "", EVERYWHERE, "the target", {
    movingDocId: change.docId,
  });
  if (!placed.ok) return `${change.path} cannot move to ${change.toPath}: ${placed.error.message}`;
  return undefined;
}

/**
 * Resolves the change `id` (within `reach`). Synchronous from the checks to the last rewrite, so
 * no reader sees the note moved with its links not yet rewritten.
 */
export function resolveChange(
  ws: Workspace,
  reach: Reach,
  id: string,
  action: ChangeAction,
  options: ResolveOptions = {},
): Outcome<ResolvedChange> {
  const change = findChange(ws, reach, id);
  if (!change) {
    return failure(
      "not_found",
      `No suggested move or deletion has the id ${JSON.stringify(id.slice(0, 100))} in the folders you reach.`,
      { change: id },
    );
  }
  if (change.status !== "pending") {
    return conflict(
      `The ${change.kind} of ${change.path} (${id}) is ${change.status} already.`,
      id,
    );
  }
  const folder = ws.folder(change.folderDocId);
  if (!folder) return conflict(`${change.path}'s folder is not loaded here.`, id);
  const origin = options.origin ?? LENS_REVIEW_ORIGIN;
  const record: StructuralChange = stored(change, action, options, ws.now());
  const out: ResolvedChange = { change, action, rewritten: [], hiddenRewritten: 0 };
  if (action !== "accept") {
    putChange(folder.doc, record, origin);
    return success({ ...out, change: { ...change, ...record } });
  }
  const problem = acceptProblem(ws, change);
  if (problem) return conflict(problem, id);
  if (change.kind === "delete") {
    folder.doc.transact(() => {
      deleteEntry(folder.doc, change.from);
      putChange(folder.doc, record);
    }, origin);
    return success({ ...out, change: { ...change, ...record } });
  }
  return acceptMove(ws, reach, change, record, origin);
}

function acceptMove(
  ws: Workspace,
  reach: Reach,
  change: LocatedChange,
  record: StructuralChange,
  origin: unknown,
): Outcome<ResolvedChange> {
  const folder = ws.folder(change.folderDocId)!;
  const placed = placeDocument(ws, change.toPath ?? "", EVERYWHERE, "the target", {
    movingDocId: change.docId,
  });
  if (!placed.ok) return conflict(placed.error.message, change.id);
  // Every note that may hold a link to rewrite is woken first: one that cannot be read now
  // refuses the accept (busy), nothing changed.
  const to = placed.value.entryPath;
  const before = snapshotLinks(ws);
  for (const docId of mayRewrite(before, change.docId, to)) {
    const woken = textForChange(ws, docId, ws.paths.pathOf(docId) ?? docId);
    if (!woken.ok) return woken;
  }
  folder.doc.transact(() => {
    createMissingDirs(ws, placed.value, origin);
    renameEntry(folder.doc, change.from, to);
  }, origin);
  const repairs = linkRepairs(ws, before);
  const texts = [...repairs].map(([docId, reps]) => ({ docId, reps, text: ws.contentText(docId) }));
  const stuck = texts.filter(({ reps, text }) => !text || !plainReplaced(text.toString(), reps));
  if (stuck.length > 0) {
    // Put it back before any reader runs: the move stays pending.
    folder.doc.transact(() => renameEntry(folder.doc, to, change.from), origin);
    const names = stuck.map(({ docId }) => ws.paths.pathOf(docId) ?? "a note out of your reach");
    return conflict(
      `Accepting the move of ${change.path} would leave links that cannot be rewritten (inside a comment, code or another change) in: ${names.join(", ")}. Fix those links by hand, then accept again.`,
      change.id,
    );
  }
  const out: ResolvedChange = {
    change: { ...change, ...record, path: placed.value.path },
    action: "accept",
    rewritten: [],
    hiddenRewritten: 0,
  };
  for (const { docId, reps, text } of texts) {
    plainReplace(text!, reps, origin);
    const path = ws.paths.pathOf(docId) ?? docId;
    if (reachesEntry(ws, reach, { path, docId })) out.rewritten.push(path);
    else out.hiddenRewritten++;
  }
  out.rewritten.sort();
  putChange(folder.doc, record, origin);
  return success(out);
}

function stored(
  change: LocatedChange,
  action: ChangeAction,
  options: ResolveOptions,
  now: number,
): StructuralChange {
  const { folderDocId: _f, docId: _d, path: _p, toPath: _t, ...c } = change;
  return {
    ...c,
    status: STATUS[action],
    ...(options.who !== undefined ? { reviewer: options.who } : {}),
    reviewed: now,
    ...(options.reply !== undefined ? { reply: options.reply } : {}),
  };
}
