// How much work a client's Yjs update would be, measured before it is decoded: decoding and
// applying cost per struct and per value (a map entry, an array element, a field of a JSON
// value), not per byte — 30 000 folder keys held the event loop for 561 ms, odd filemeta
// values for 245 ms, while 7 MB of text decodes in a few. This walks the v1 encoding (frozen
// by Yjs) with lib0's decoder, reading lengths and skipping strings and bytes without making
// them, and stops at the first bound passed, so a refused update costs only its first part.
// Malformed input is left to updateCheck.ts, which decodes it for real.
import { JsonShapeScanner, MAX_JSON_DEPTH } from "@lens/access";
import * as decoding from "lib0/decoding";

/** Most structs (items, runs of text, deletions) one update may carry. */
export const MAX_UPDATE_STRUCTS = 100_000;

/**
 * Most values one update may carry outside text: each map entry, array element, embedded or
 * formatting value, and each element and field nested in them. A folder entry (filemeta_v0 and
 * docs) is about eight.
 */
export const MAX_UPDATE_VALUES = 10_000;

/** Deepest a value inside an update may nest. */
export const MAX_UPDATE_DEPTH = MAX_JSON_DEPTH;

/** Thrown to stop the walk at the first bound passed. */
class TooMuch extends Error {}

/** Item info bits (Yjs): content kind in the low five, then parent sub, right origin, origin. */
const CONTENT_BITS = 0b11111;
const HAS_PARENT_SUB = 0b0010_0000;
const HAS_RIGHT_ORIGIN = 0b0100_0000;
const HAS_ORIGIN = 0b1000_0000;

/** Type refs (ContentType) that carry a node name: XmlElement and XmlHook. */
const NAMED_TYPE_REFS = new Set([3, 5]);

class Walk {
  structs = 0;
  values = 0;

  constructor(private readonly d: decoding.Decoder) {}

  struct(): void {
    if (++this.structs > MAX_UPDATE_STRUCTS) this.tooManyStructs();
  }

  tooManyStructs(): never {
    throw new TooMuch(`it carries more than ${MAX_UPDATE_STRUCTS} structs`);
  }

  /** Two varuints: an id (client, clock). */
  skipId(): void {
    decoding.readVarUint(this.d);
    decoding.readVarUint(this.d);
  }

  value(): void {
    if (++this.values > MAX_UPDATE_VALUES) {
      throw new TooMuch(
        `it carries more than ${MAX_UPDATE_VALUES} values (map entries, array elements and their fields)`,
      );
    }
  }

  skipBytes(): void {
    decoding.readVarUint8Array(this.d);
  }

  /** One lib0 `any`, counted with everything nested in it. */
  any(depth: number): void {
    if (depth > MAX_UPDATE_DEPTH) {
      throw new TooMuch(`a value nests deeper than ${MAX_UPDATE_DEPTH} levels`);
    }
    this.value();
    if (this.d.pos >= this.d.arr.length) throw new Error("unexpected end");
    const type = decoding.readUint8(this.d);
    switch (type) {
      case 125: // integer
        decoding.readVarInt(this.d);
        return;
      case 124: // float32
        decoding.readUint8Array(this.d, 4);
        return;
      case 123: // float64
      case 122: // bigint
        decoding.readUint8Array(this.d, 8);
        return;
      case 119: // string
      case 116: // Uint8Array
        this.skipBytes();
        return;
      case 118: {
        // object: keys and values
        const n = decoding.readVarUint(this.d);
        for (let i = 0; i < n; i++) {
          this.skipBytes();
          this.any(depth + 1);
        }
        return;
      }
      case 117: {
        // array
        const n = decoding.readVarUint(this.d);
        for (let i = 0; i < n; i++) this.any(depth + 1);
        return;
      }
      default: // undefined, null, booleans: no payload; anything else fails the real decode
        return;
    }
  }

  /** A JSON text (legacy ContentJSON, embeds, formats), counted as JSON.parse would meet it. */
  json(): void {
    const text = decoding.readVarString(this.d);
    const scanner = new JsonShapeScanner(MAX_UPDATE_DEPTH, MAX_UPDATE_VALUES - this.values);
    const problem = scanner.scan(text, 0, text.length);
    if (problem) throw new TooMuch(`a JSON value in it: ${problem.message}`);
    this.value();
  }

  content(kind: number): void {
    const d = this.d;
    switch (kind) {
      case 1: // deleted
        decoding.readVarUint(d);
        return;
      case 2: {
        // JSON
        const n = decoding.readVarUint(d);
        for (let i = 0; i < n; i++) this.json();
        return;
      }
      case 3: // binary
      case 4: // string
        this.skipBytes();
        return;
      case 5: // embed
        this.json();
        return;
      case 6: // format: key, value
        this.skipBytes();
        this.json();
        return;
      case 7: {
        // a shared type
        this.value();
        if (NAMED_TYPE_REFS.has(decoding.readVarUint(d))) this.skipBytes();
        return;
      }
      case 8: {
        // any
        const n = decoding.readVarUint(d);
        for (let i = 0; i < n; i++) this.any(0);
        return;
      }
      case 9: // a subdocument: guid, options
        this.skipBytes();
        this.any(0);
        return;
      default:
        throw new Error("unknown content");
    }
  }

  /** The structs of every client, then the delete set (not counted: applying it is cheap). */
  update(): void {
    const d = this.d;
    const clients = decoding.readVarUint(d);
    for (let c = 0; c < clients; c++) {
      const structs = decoding.readVarUint(d);
      // Refused on the count the update declares, before its structs are read.
      if (this.structs + structs > MAX_UPDATE_STRUCTS) this.tooManyStructs();
      decoding.readVarUint(d); // client
      decoding.readVarUint(d); // clock
      for (let s = 0; s < structs; s++) {
        this.struct();
        const info = decoding.readUint8(d);
        const kind = info & CONTENT_BITS;
        if (kind === 0 || kind === 10) {
          decoding.readVarUint(d); // a GC or skip run: its length
          continue;
        }
        if (info & HAS_ORIGIN) this.skipId();
        if (info & HAS_RIGHT_ORIGIN) this.skipId();
        if ((info & (HAS_ORIGIN | HAS_RIGHT_ORIGIN)) === 0) {
          // The parent: a root type by name, or a nested type's id; then the map key, if any.
          if (decoding.readVarUint(d) === 1) this.skipBytes();
          else this.skipId();
          if (info & HAS_PARENT_SUB) this.skipBytes();
        }
        this.content(kind);
      }
    }
  }
}

export type UpdateMeasure =
  | { ok: true; structs: number; values: number /** Where the delete set starts. */; end: number }
  | { ok: false; tooMuch: string }
  | { ok: false; malformed: string };

/** Counts `update`'s structs and values, stopping at the first bound passed. */
export function measureUpdate(update: Uint8Array): UpdateMeasure {
  const d = decoding.createDecoder(update);
  const walk = new Walk(d);
  try {
    walk.update();
  } catch (error) {
    if (error instanceof TooMuch) return { ok: false, tooMuch: error.message };
    return { ok: false, malformed: String(error) };
  }
  return { ok: true, structs: walk.structs, values: walk.values, end: d.pos };
}

/**
 * Why `update` (v1) is more work than one update may be, or undefined when it is within the
 * bounds (or malformed: updateCheck.ts refuses that with the decoder's own reason).
 */
export function updateSizeProblem(update: Uint8Array): string | undefined {
  const measured = measureUpdate(update);
  return "tooMuch" in measured ? measured.tooMuch : undefined;
}
