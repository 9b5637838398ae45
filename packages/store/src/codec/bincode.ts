// Legacy y-sweet data files: a bincode 1.x `BTreeMap<Vec<u8>, Vec<u8>>` (fixed-width u64 LE lengths).
import { compareBytes, type KvEntries } from "./bytes.js";

/** Decodes a bincode byte map; throws on truncation, overlong lengths or trailing bytes. */
export function decodeBincodeMap(bytes: Uint8Array): KvEntries {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let pos = 0;
  const readLength = (what: string): number => {
    if (pos + 8 > bytes.length) throw new Error(`bincode: truncated ${what} at byte ${pos}`);
    const n = view.getBigUint64(pos, true);
    pos += 8;
    if (n > BigInt(bytes.length - pos)) throw new Error(`bincode: ${what} ${n} runs past the end`);
    return Number(n);
  };
  const readBytes = (what: string): Uint8Array => {
    const n = readLength(what);
    const out = bytes.subarray(pos, pos + n);
    pos += n;
    return out;
  };
  const count = readLength("entry count");
  // Every entry needs at least two 8-byte lengths: reject absurd counts before allocating.
  if (count * 16 > bytes.length - pos) throw new Error(`bincode: ${count} entries cannot fit`);
  const entries: KvEntries = [];
  for (let i = 0; i < count; i++) {
    const key = readBytes("key length");
    const value = readBytes("value length");
    entries.push([key, value]);
  }
  if (pos !== bytes.length) throw new Error(`bincode: ${bytes.length - pos} trailing bytes`);
  return entries;
}

/** Encodes entries as bincode writes a BTreeMap: sorted by key, u64 LE count and lengths. */
export function encodeBincodeMap(entries: KvEntries): Uint8Array {
  const sorted = [...entries].sort((a, b) => compareBytes(a[0], b[0]));
  let size = 8;
  for (const [k, v] of sorted) size += 16 + k.length + v.length;
  const out = new Uint8Array(size);
  const view = new DataView(out.buffer);
  let pos = 0;
  const put = (b: Uint8Array) => {
    view.setBigUint64(pos, BigInt(b.length), true);
    out.set(b, pos + 8);
    pos += 8 + b.length;
  };
  view.setBigUint64(0, BigInt(sorted.length), true);
  pos = 8;
  for (const [k, v] of sorted) {
    put(k);
    put(v);
  }
  return out;
}
