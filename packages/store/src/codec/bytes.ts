// Byte-key helpers shared by the codecs: the key/value list of a data map and byte ordering.

/** The `data` map of a y-sweet file: byte key → byte value, in file order. */
export type KvEntries = Array<[Uint8Array, Uint8Array]>;

/** Lexicographic byte order, as Rust's BTreeMap<Vec<u8>, _> sorts its keys. */
export function compareBytes(a: Uint8Array, b: Uint8Array): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const d = a[i]! - b[i]!;
    if (d !== 0) return d;
  }
  return a.length - b.length;
}

export function concatBytes(...parts: ArrayLike<number>[]): Uint8Array {
  let size = 0;
  for (const p of parts) size += p.length;
  const out = new Uint8Array(size);
  let pos = 0;
  for (const p of parts) {
    out.set(p, pos);
    pos += p.length;
  }
  return out;
}
