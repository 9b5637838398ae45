// The order of `rg --sort path`: entries sorted by name within each directory, names compared as
// UTF-8 bytes — so `a/b.md` < `a b.md` < `a-b/x.md` < `a.md` (each path component in turn).

/**
 * Compares two user-facing paths as `rg --sort path` orders them. Comparing component by
 * component is the same as one pass in which `/` ranks below every other character (a name
 * that ends first sorts first), so no path is split: grep sorts every document per search.
 */
export function comparePaths(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x !== y) return pathRank(x) - pathRank(y);
  }
  return a.length - b.length;
}

const SLASH = 0x2f;

function pathRank(unit: number): number {
  return unit === SLASH ? -1 : codePointRank(unit);
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
