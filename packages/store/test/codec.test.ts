// The data.ysweet codec: bincode maps, the CBOR envelope (byte-exact against relay-server
// files), and the yrs-kvstore layout (full state, state vector, pending updates in order).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import * as Y from "yjs";
import { decodeBincodeMap, encodeBincodeMap } from "../src/codec/bincode.js";
import type { KvEntries } from "../src/codec/bytes.js";
import { decodeDocFile, encodeDocFile } from "../src/codec/docFile.js";
import { decodeEnvelope, encodeEnvelope } from "../src/codec/envelope.js";
import {
  DEFAULT_OID,
  oidKey,
  readDocUpdates,
  stateKey,
  stateVectorKey,
  updateKey,
} from "../src/codec/kvstore.js";
import { FIXTURE_DOC_IDS } from "./support/ids.js";
import { FIXTURES } from "./support/tmp.js";

const hex = (b: Uint8Array) => Buffer.from(b).toString("hex");
const fixtureBytes = (docId: string) => readFileSync(join(FIXTURES, docId, "data.ysweet"));
const bytesArb = fc.uint8Array({ maxLength: 40 });

describe("bincode map", () => {
  it("lays out a BTreeMap<Vec<u8>,Vec<u8>> as bincode 1.x does (u64 LE count and lengths)", () => {
    const bytes = encodeBincodeMap([[Uint8Array.of(0xaa), Uint8Array.of(1, 2)]]);
    expect(hex(bytes)).toBe(
      "0100000000000000" + "0100000000000000" + "aa" + "0200000000000000" + "0102",
    );
  });

  it("round-trips any byte map, keys sorted", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(bytesArb, bytesArb), { maxLength: 20 }), (pairs) => {
        const unique = new Map(pairs.map(([k, v]) => [hex(k), [k, v] as [Uint8Array, Uint8Array]]));
        const entries: KvEntries = [...unique.values()];
        const decoded = decodeBincodeMap(encodeBincodeMap(entries));
        const want = [...entries].sort((a, b) => Buffer.compare(a[0], b[0]));
        expect(decoded.map(([k, v]) => [hex(k), hex(v)])).toEqual(
          want.map(([k, v]) => [hex(k), hex(v)]),
        );
      }),
    );
  });

  it("rejects truncation, overlong lengths and trailing bytes", () => {
    const good = encodeBincodeMap([[Uint8Array.of(1), Uint8Array.of(2, 3)]]);
    for (let n = 0; n < good.length; n++)
      expect(() => decodeBincodeMap(good.subarray(0, n))).toThrow();
    expect(() => decodeBincodeMap(Uint8Array.of(...good, 0))).toThrow(/trailing/);
    const huge = new Uint8Array(16);
    huge[7] = 0x10;
    expect(() => decodeBincodeMap(huge)).toThrow();
  });
});

describe("CBOR envelope", () => {
  it.each(FIXTURE_DOC_IDS)("re-encodes relay-server's file %s byte for byte", (docId) => {
    const bytes = fixtureBytes(docId);
    const env = decodeEnvelope(bytes);
    expect(env.format).toBe("cbor");
    expect(env.version).toBe(1);
    const again = encodeEnvelope({
      createdAt: env.createdAt!,
      modifiedAt: env.modifiedAt!,
      metadata: env.metadata,
      data: env.data,
    });
    expect(hex(again)).toBe(hex(bytes));
  });

  it("keeps timestamps as CBOR unsigned integers, also below 2^32", () => {
    const env = decodeEnvelope(
      encodeEnvelope({ createdAt: 5, modifiedAt: 2 ** 40, metadata: null, data: [] }),
    );
    expect([env.createdAt, env.modifiedAt]).toEqual([5, 2 ** 40]);
    const bytes = encodeEnvelope({
      createdAt: 1_770_000_000_000,
      modifiedAt: 7,
      metadata: null,
      data: [],
    });
    expect(hex(bytes)).toContain("1b0000019c1");
  });

  it("reads a legacy bincode file as the same data map", () => {
    const env = decodeEnvelope(fixtureBytes(FIXTURE_DOC_IDS[1]!));
    const legacy = decodeEnvelope(encodeBincodeMap(env.data));
    expect(legacy.format).toBe("bincode");
    expect(legacy.data.map(([k, v]) => hex(k) + hex(v))).toEqual(
      env.data.map(([k, v]) => hex(k) + hex(v)),
    );
  });

  it("rejects truncated and random bytes with a message naming both formats", () => {
    const bytes = fixtureBytes(FIXTURE_DOC_IDS[1]!);
    expect(() => decodeEnvelope(bytes.subarray(0, bytes.length - 10))).toThrow(/CBOR.*bincode/);
    expect(() => decodeEnvelope(Buffer.from("hello, not a doc"))).toThrow(/CBOR.*bincode/);
    expect(() => decodeEnvelope(new Uint8Array(0))).toThrow();
  });
});

describe("yrs-kvstore layout", () => {
  it("uses the key bytes relay-server writes", () => {
    const env = decodeEnvelope(fixtureBytes(FIXTURE_DOC_IDS[1]!));
    expect(env.data.map(([k]) => hex(k))).toEqual([
      hex(oidKey()),
      hex(stateKey(DEFAULT_OID)),
      hex(stateVectorKey(DEFAULT_OID)),
    ]);
    expect(hex(oidKey())).toBe("0000646f6300");
    expect(hex(updateKey(DEFAULT_OID, 258))).toBe("00010000000102" + "00000102" + "00");
  });

  it("applies pending updates in sequence order after the full state", () => {
    const a = new Y.Doc();
    const text = a.getText("contents");
    text.insert(0, "base");
    const state = Y.encodeStateAsUpdate(a);
    const updates: Uint8Array[] = [];
    a.on("update", (u: Uint8Array) => updates.push(u));
    for (let i = 0; i < 300; i++) text.insert(text.length, String(i % 10));
    // Stored in shuffled key order; seq 256+ checks numeric (big-endian) ordering.
    const entries: KvEntries = [
      [oidKey(), DEFAULT_OID],
      [stateKey(DEFAULT_OID), state],
    ];
    const order = updates.map((_, i) => i).sort((x, y) => ((x * 7919) % 301) - ((y * 7919) % 301));
    for (const i of order) entries.push([updateKey(DEFAULT_OID, i), updates[i]!]);
    const seen = readDocUpdates(entries);
    expect(seen[0]).toBe(state);
    expect(seen.slice(1)).toEqual(updates);
    const bytes = encodeEnvelope({ createdAt: 1, modifiedAt: 2, metadata: null, data: entries });
    const { doc, info } = decodeDocFile(bytes);
    expect(info.pendingUpdates).toBe(300);
    expect(doc.getText("contents").toString()).toBe(text.toString());
  });

  it("an empty data map is an empty doc; data without a doc name is an error", () => {
    expect(readDocUpdates([])).toEqual([]);
    expect(() => readDocUpdates([[Uint8Array.of(9), Uint8Array.of(9)]])).toThrow(/no document/);
  });

  it("writes a compacted file: doc name, full state, state vector, no pending updates", () => {
    const doc = new Y.Doc();
    doc.getText("contents").insert(0, "héllo\r\nwörld 🎉");
    const bytes = encodeDocFile(doc, {
      createdAt: 10,
      modifiedAt: 20,
      metadata: new Map([["channel", "x"]]),
    });
    const env = decodeEnvelope(bytes);
    expect(env.data.map(([k]) => hex(k))).toEqual([
      hex(oidKey()),
      hex(stateKey(DEFAULT_OID)),
      hex(stateVectorKey(DEFAULT_OID)),
    ]);
    expect(hex(env.data[2]![1])).toBe(hex(Y.encodeStateVector(doc)));
    expect(env.metadata).toEqual(new Map([["channel", "x"]]));
    const back = decodeDocFile(bytes).doc;
    expect(hex(Y.encodeStateAsUpdate(back))).toBe(hex(Y.encodeStateAsUpdate(doc)));
  });
});
