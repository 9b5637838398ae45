// What a client's Yjs update must pass before it is applied: it is no more work than one update
// may be (updateBounds.ts), it decodes as a v1 update, its clocks are plausible, and the folder
// keys it adds (`filemeta_v0`, `docs`) are paths Lens would serve. Refusing here means a bad
// update changes nothing, for anyone.
import { FILEMETA, isEntryPath, LEGACY_DOCS } from "@lens/core";
import * as Y from "yjs";
import { updateSizeProblem } from "./updateBounds.js";

/** Above this, a clock (a client's operation count) is not from a real editing session. */
export const MAX_CLOCK = 2 ** 32;

/** Why `update` must not be applied, or undefined when it may be. */
export function updateProblem(update: Uint8Array): string | undefined {
  // First how much work it is, without decoding it (updateBounds.ts).
  const tooMuch = updateSizeProblem(update);
  if (tooMuch) return tooMuch;
  let decoded: ReturnType<typeof Y.decodeUpdate>;
  try {
    decoded = Y.decodeUpdate(update);
  } catch (error) {
    return `not a Yjs update (${String(error)})`;
  }
  // An update that changes nothing is two bytes; more that decode to nothing is another
  // encoding (a v2 update sent as v1) or garbage.
  if (decoded.structs.length === 0 && decoded.ds.clients.size === 0 && update.length > 2) {
    return "not a Yjs v1 update (a v2 update, or garbage)";
  }
  for (const struct of decoded.structs) {
    if (struct.id.clock + struct.length > MAX_CLOCK) return "an operation clock out of range";
    if (!(struct instanceof Y.Item)) continue;
    // In a decoded update, an item that starts a map key names its parent: a root type by
    // name (a string, whatever the typings say), and the key. Later values of the same key
    // point at earlier items instead, so checking the first item of each key is enough.
    const parent = struct.parent as unknown;
    const key = struct.parentSub;
    if ((parent === FILEMETA || parent === LEGACY_DOCS) && key !== null && !isEntryPath(key)) {
      return `${parent} key ${JSON.stringify(key.slice(0, 200))} is not a folder path Lens accepts`;
    }
  }
  for (const ranges of decoded.ds.clients.values()) {
    for (const r of ranges) if (r.clock + r.len > MAX_CLOCK) return "a deletion clock out of range";
  }
  return undefined;
}
