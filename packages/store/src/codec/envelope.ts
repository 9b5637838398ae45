// The outer form of `data.ysweet`: relay-server's CBOR envelope {version, created_at,
// modified_at, metadata, data}, or a legacy bare bincode data map.
import { Decoder, Encoder } from "cbor-x";
import { decodeBincodeMap } from "./bincode.js";
import { compareBytes, type KvEntries } from "./bytes.js";

export type FileFormat = "cbor" | "bincode";

export interface Envelope {
  format: FileFormat;
  /** Envelope version (relay-server writes 1); absent for bincode files. */
  version?: number;
  /** Milliseconds since the epoch; absent for bincode files. */
  createdAt?: number;
  modifiedAt?: number;
  /** relay-server's optional metadata (a Map of string → CBOR value, or null), kept as decoded. */
  metadata: unknown;
  data: KvEntries;
}

const decoder = new Decoder({ mapsAsObjects: false, useRecords: false });
// tagUint8Array: false writes byte strings (major type 2) as the Rust side expects, not tag 64.
const encoder = new Encoder({
  mapsAsObjects: false,
  useRecords: false,
  tagUint8Array: false,
  variableMapSize: true,
});

/** Reads either format: the CBOR envelope first, then bincode; throws when it is neither. */
export function decodeEnvelope(bytes: Uint8Array): Envelope {
  let cborError: unknown;
  try {
    const env = decodeCborEnvelope(bytes);
    if (env) return env;
    cborError = new Error("not a y-sweet CBOR envelope");
  } catch (e) {
    cborError = e;
  }
  try {
    return { format: "bincode", metadata: null, data: decodeBincodeMap(bytes) };
  } catch (bincodeError) {
    throw new Error(
      `neither a CBOR envelope (${message(cborError)}) nor a bincode map (${message(bincodeError)})`,
    );
  }
}

function decodeCborEnvelope(bytes: Uint8Array): Envelope | undefined {
  const value: unknown = decoder.decode(bytes);
  if (!(value instanceof Map)) return undefined;
  const data = value.get("data");
  if (!(data instanceof Map) || !value.has("version")) return undefined;
  const entries: KvEntries = [];
  for (const [k, v] of data) {
    if (!(k instanceof Uint8Array) || !(v instanceof Uint8Array)) {
      throw new Error("data map entry is not bytes → bytes");
    }
    entries.push([k, v]);
  }
  return {
    format: "cbor",
    version: toInteger(value.get("version"), "version"),
    createdAt: toInteger(value.get("created_at"), "created_at"),
    modifiedAt: toInteger(value.get("modified_at"), "modified_at"),
    metadata: value.get("metadata") ?? null,
    data: entries,
  };
}

/**
 * Writes the CBOR envelope exactly as relay-server's serde/ciborium does: a 5-entry map with
 * text keys in field order, integers in their shortest form, `data` as byte string → byte
 * string in key order.
 */
export function encodeEnvelope(env: {
  createdAt: number;
  modifiedAt: number;
  metadata: unknown;
  data: KvEntries;
}): Uint8Array {
  const data = new Map<Uint8Array, Uint8Array>();
  for (const [k, v] of [...env.data].sort((a, b) => compareBytes(a[0], b[0]))) data.set(k, v);
  const out = new Map<string, unknown>([
    ["version", 1],
    ["created_at", cborUint(env.createdAt)],
    ["modified_at", cborUint(env.modifiedAt)],
    ["metadata", env.metadata ?? null],
    ["data", data],
  ]);
  return encoder.encode(out);
}

/** cbor-x writes numbers ≥ 2^32 as floats; a bigint keeps them a CBOR unsigned integer. */
function cborUint(n: number): number | bigint {
  const v = Math.max(0, Math.trunc(n));
  return v < 2 ** 32 ? v : BigInt(v);
}

function toInteger(v: unknown, field: string): number {
  if (typeof v === "number" && Number.isFinite(v)) return v;
  if (typeof v === "bigint") return Number(v);
  throw new Error(`envelope field ${field} is not an integer`);
}

function message(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}
