// The order of `rg --sort path`: entries sorted by name within each directory, names compared as
// UTF-8 bytes — so `a/b.md` < `a b.md` < `a-b/x.md` < `a.md` (each path component in turn).

/** Compares two user-facing paths as `rg --sort path` orders them. */
export function comparePaths(a: string, b: string): number {
  const as = a.split("/");
  const bs = b.split("/");
  const n = Math.min(as.length, bs.length);
  for (let i = 0; i < n; i++) {
    const c = compareBytes(as[i]!, bs[i]!);
    if (c !== 0) return c;
  }
  return as.length - bs.length;
}

/** Compares strings in code point order, which is UTF-8 byte order. */
export function compareBytes(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x !== y) return codePointRank(x) - codePointRank(y);
  }
  return a.length - b.length;
}

/** UTF-16 units ranked so surrogates (astral code points) sort after U+E000–U+FFFF. */
function codePointRank(unit: number): number {
  if (unit >= 0xd800 && unit <= 0xdfff) return unit + 0x2000;
  if (unit >= 0xe000) return unit - 0x800;
  return unit;
}
