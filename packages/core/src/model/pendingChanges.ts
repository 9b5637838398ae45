// Pending structural changes of a shared folder: the moves and deletions suggested for its notes,
// kept in the folder doc's `lens_changes_v0` map (change id → plain record), so they are saved
// with the folder and reach every process and sync client as any folder change does. A change
// stays in the map once resolved, with its status and reviewer: what `suggestions` reports.
import type * as Y from "yjs";

export const PENDING_CHANGES = "lens_changes_v0";

export const CHANGE_STATUSES = ["pending", "accepted", "rejected", "withdrawn"] as const;
export type ChangeStatus = (typeof CHANGE_STATUSES)[number];

/** One suggested move or deletion of a note, as its folder doc holds it. */
export interface StructuralChange {
  id: string;
  kind: "move" | "delete";
  /** The note's entry id (filemeta `id`): kept across renames. */
  entry: string;
  /** In-folder path of the note when the change was suggested (`/Notes/Draft.md`). */
  from: string;
  /** Move: the in-folder path it goes to. */
  to?: string;
  /** Delete: the note's raw text fingerprint when suggested (a later edit refuses the accept). */
  fingerprint?: string;
  author?: string;
  /** When suggested (ms). */
  time: number;
  reason?: string;
  changeset?: string;
  status: ChangeStatus;
  /** Who accepted, rejected or withdrew it, when (ms), and the reviewer's reply. */
  reviewer?: string;
  reviewed?: number;
  reply?: string;
}

export function changesMap(doc: Y.Doc): Y.Map<unknown> {
  return doc.getMap(PENDING_CHANGES);
}

/** Reads one stored record; undefined when it is not one Lens wrote. */
function toChange(value: unknown): StructuralChange | undefined {
  if (value === null || typeof value !== "object") return undefined;
  const c = value as Partial<StructuralChange>;
  if (typeof c.id !== "string" || (c.kind !== "move" && c.kind !== "delete")) return undefined;
  if (typeof c.entry !== "string" || typeof c.from !== "string") return undefined;
  if (!(CHANGE_STATUSES as readonly unknown[]).includes(c.status)) return undefined;
  if (c.kind === "move" && typeof c.to !== "string") return undefined;
  return { ...(c as StructuralChange), time: typeof c.time === "number" ? c.time : 0 };
}

/** Every change the folder holds, oldest first. Only `doc.share` is asked when it has none. */
export function readChanges(doc: Y.Doc): StructuralChange[] {
  if (!doc.share.has(PENDING_CHANGES)) return [];
  const out: StructuralChange[] = [];
  for (const value of changesMap(doc).values()) {
    const c = toChange(value);
    if (c) out.push(c);
  }
  return out.sort((a, b) => a.time - b.time || (a.id < b.id ? -1 : 1));
}

export function getChange(doc: Y.Doc, id: string): StructuralChange | undefined {
  return doc.share.has(PENDING_CHANGES) ? toChange(changesMap(doc).get(id)) : undefined;
}

/** Writes a change record (a new one, or its new status), in the caller's transaction or one. */
export function putChange(doc: Y.Doc, change: StructuralChange, origin?: unknown): void {
  doc.transact(() => {
    changesMap(doc).set(change.id, { ...change });
  }, origin);
}
