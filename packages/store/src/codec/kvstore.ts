// The yrs-kvstore key layout inside a y-sweet `data` map: doc name → oid, full state, state
// vector and pending updates of that oid.
import { compareBytes, concatBytes, type KvEntries } from "./bytes.js";

const V1 = 0;
const KEYSPACE_OID = 0;
const KEYSPACE_DOC = 1;
const SUB_DOC = 0;
const SUB_STATE_VECTOR = 1;
const SUB_UPDATE = 2;
const TERMINATOR = 0;

/** The name y-sweet and relay-server store their one document under. */
export const DOC_NAME = "doc";
/** The oid y-sweet assigns to the first (only) document of a file: u32 big-endian 1. */
export const DEFAULT_OID = Uint8Array.of(0, 0, 0, 1);

/** `00 00 name 00` → oid. */
export function oidKey(name: string = DOC_NAME): Uint8Array {
  return concatBytes([V1, KEYSPACE_OID], new TextEncoder().encode(name), [TERMINATOR]);
}
/** The oid key of DOC_NAME, made once. */
const DOC_OID_KEY = oidKey(DOC_NAME);

/** `00 01 oid 00` → full state as a Yjs v1 update. */
export function stateKey(oid: Uint8Array): Uint8Array {
  return concatBytes([V1, KEYSPACE_DOC], oid, [SUB_DOC]);
}
/** `00 01 oid 01` → state vector (v1). */
export function stateVectorKey(oid: Uint8Array): Uint8Array {
  return concatBytes([V1, KEYSPACE_DOC], oid, [SUB_STATE_VECTOR]);
}
/** `00 01 oid 02 seq 00` → one pending update; `seq` is a u32 big-endian sequence number. */
export function updateKey(oid: Uint8Array, seq: number): Uint8Array {
  const s = new Uint8Array(4);
  new DataView(s.buffer).setUint32(0, seq, false);
  return concatBytes([V1, KEYSPACE_DOC], oid, [SUB_UPDATE], s, [TERMINATOR]);
}

/**
 * The Yjs updates stored for the named document, in the order to apply them: the full state
 * first, then pending updates by sequence number. Empty when the map holds no document at all;
 * throws when it holds data but not under `name`.
 */
export function readDocUpdates(entries: KvEntries, name: string = DOC_NAME): Uint8Array[] {
  if (entries.length === 0) return [];
  const nameKey = name === DOC_NAME ? DOC_OID_KEY : oidKey(name);
  const oid = entries.find(([k]) => compareBytes(k, nameKey) === 0)?.[1];
  if (!oid) throw new Error(`data map has ${entries.length} keys but no document named "${name}"`);
  // Keys of this oid: `00 01 oid sub …`; the full state is `… 00` alone, an update `… 02 seq 00`.
  const head = 2 + oid.length;
  let state: Uint8Array | undefined;
  const pending: Array<[Uint8Array, Uint8Array]> = [];
  for (const [k, v] of entries) {
    if (k.length <= head || k[0] !== V1 || k[1] !== KEYSPACE_DOC || !bytesAt(k, 2, oid)) continue;
    if (k[head] === SUB_DOC && k.length === head + 1) state = v;
    else if (k[head] === SUB_UPDATE && k.length > head + 1) pending.push([k, v]);
  }
  // Sequence numbers are fixed-width big-endian, so byte order is numeric order.
  if (pending.length > 1) pending.sort((a, b) => compareBytes(a[0], b[0]));
  const out = state ? [state] : [];
  for (const [, v] of pending) out.push(v);
  return out;
}

/** True when `bytes` holds `part` at `at`. */
function bytesAt(bytes: Uint8Array, at: number, part: Uint8Array): boolean {
  if (bytes.length < at + part.length) return false;
  for (let i = 0; i < part.length; i++) if (bytes[at + i] !== part[i]) return false;
  return true;
}

/** A compacted data map, as yrs-kvstore leaves it after a flush: oid, full state, state vector. */
export function writeDocEntries(
  state: Uint8Array,
  stateVector: Uint8Array,
  oid: Uint8Array = DEFAULT_OID,
  name: string = DOC_NAME,
): KvEntries {
  return [
    [oidKey(name), oid],
    [stateKey(oid), state],
    [stateVectorKey(oid), stateVector],
  ];
}
