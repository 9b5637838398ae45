// A folder doc as a folder-scoped token may see it over sync. backlinks_v0 of a folder lists,
// for each of its notes, the notes linking to it — from every folder, since links cross
// folders (SPEC §5) — so a reader scoped to this folder would learn the ids of notes in folders
// it does not reach. What it is sent (sync step 2, every update after, `as-update`) is the
// same update with each backlinks_v0 value holding only the sources it reaches: the items keep
// their ids, neighbours and lengths (a value is one item, an array of ids), so the reader's
// doc stays a replica of the same history with those values narrowed. Readers that reach every
// folder, and every other doc, get the update unchanged, at no cost.
import { BACKLINKS, parseDocId, type Reach, type Workspace } from "@lens/core";
import * as Y from "yjs";
import { docInReach } from "./tokens.js";
import { docItemAt } from "./updateRoots.js";
import { writeDecodedUpdate } from "./updateWriter.js";

/**
 * `update` (made from `doc`, the workspace's folder doc `docId`, and already applied to it) as
 * a reader with `reach` may see it: backlinks_v0 source ids out of its reach left out.
 */
export function backlinksInReach(
  ws: Workspace,
  docId: string,
  doc: Y.Doc,
  update: Uint8Array,
  reach: Reach,
): Uint8Array {
  if (reach.all || ws.folder(docId)?.doc !== doc) return update;
  // doc.share only: asking for a root that is not there would add an empty one.
  const backlinks = doc.share.get(BACKLINKS);
  const relayId = parseDocId(docId)?.relayId;
  if (!backlinks || backlinks._map.size === 0 || relayId === undefined) return update;
  const seen = new Map<unknown, boolean>();
  const inReach = (source: unknown): boolean => {
    let known = seen.get(source);
    if (known === undefined) {
      known = typeof source === "string" && docInReach(ws, `${relayId}-${source}`, reach, false);
      seen.set(source, known);
    }
    return known;
  };
  const narrowIds = (ids: unknown[]) => {
    const kept = ids.filter(inReach);
    return kept.length === ids.length ? ids : kept;
  };
  const decoded = Y.decodeUpdate(update);
  let narrowed = false;
  for (const struct of decoded.structs) {
    if (!(struct instanceof Y.Item) || !(struct.content instanceof Y.ContentAny)) continue;
    const parent = docItemAt(doc, struct.id)?.parent as Y.AbstractType<unknown> | null | undefined;
    if (!parent) continue;
    const values = struct.content.arr;
    let kept: unknown[];
    if (parent === backlinks) {
      // A value of backlinks_v0: one array of source ids (a plain array, as Lens writes it).
      kept = values.map((v) => (Array.isArray(v) ? narrowIds(v) : v));
    } else if (parent._item?.parent === backlinks) {
      // Ids held in a nested Y.Array value, one item each: the ones out of reach become null.
      kept = values.map((v) => (typeof v === "string" && !inReach(v) ? null : v));
    } else continue;
    if (kept.some((v, i) => v !== values[i])) {
      struct.content = new Y.ContentAny(kept);
      narrowed = true;
    }
  }
  return narrowed ? writeDecodedUpdate(decoded) : update;
}
