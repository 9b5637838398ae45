// Unicode class names as Rust's regex accepts them (loose: any case, `_ -` and spaces ignored,
// long names, `gc=` / `sc=` prefixes) mapped to the spelling RE2 understands (`Lu`, `Greek`).

const GENERAL_CATEGORIES: Record<string, string> = {
  l: "L",
  letter: "L",
  lc: "LC",
  casedletter: "LC",
  lu: "Lu",
  uppercaseletter: "Lu",
  ll: "Ll",
  lowercaseletter: "Ll",
  lt: "Lt",
  titlecaseletter: "Lt",
  lm: "Lm",
  modifierletter: "Lm",
  lo: "Lo",
  otherletter: "Lo",
  m: "M",
  mark: "M",
  combiningmark: "M",
  mn: "Mn",
  nonspacingmark: "Mn",
  mc: "Mc",
  spacingmark: "Mc",
  me: "Me",
  enclosingmark: "Me",
  n: "N",
  number: "N",
  nd: "Nd",
  decimalnumber: "Nd",
  digit: "Nd",
  nl: "Nl",
  letternumber: "Nl",
  no: "No",
  othernumber: "No",
  p: "P",
  punctuation: "P",
  punct: "P",
  pc: "Pc",
  connectorpunctuation: "Pc",
  pd: "Pd",
  dashpunctuation: "Pd",
  ps: "Ps",
  openpunctuation: "Ps",
  pe: "Pe",
  closepunctuation: "Pe",
  pi: "Pi",
  initialpunctuation: "Pi",
  pf: "Pf",
  finalpunctuation: "Pf",
  po: "Po",
  otherpunctuation: "Po",
  s: "S",
  symbol: "S",
  sm: "Sm",
  mathsymbol: "Sm",
  sc: "Sc",
  currencysymbol: "Sc",
  sk: "Sk",
  modifiersymbol: "Sk",
  so: "So",
  othersymbol: "So",
  z: "Z",
  separator: "Z",
  zs: "Zs",
  spaceseparator: "Zs",
  zl: "Zl",
  lineseparator: "Zl",
  zp: "Zp",
  paragraphseparator: "Zp",
  c: "C",
  other: "C",
  cc: "Cc",
  control: "Cc",
  cntrl: "Cc",
  cf: "Cf",
  format: "Cf",
  cs: "Cs",
  surrogate: "Cs",
  co: "Co",
  privateuse: "Co",
  any: "Any",
};

/**
 * The RE2 name for a class written `\p{raw}` (or `\pX`), or undefined when it is malformed.
 * Script names are passed on title-cased (`old_italic` → `Old_Italic`); RE2 validates them.
 */
export function unicodeClassName(raw: string): string | undefined {
  let body = raw.trim();
  const eq = /^([A-Za-z_ -]+)\s*[=:]\s*(.+)$/.exec(body);
  let kind: "gc" | "sc" | undefined;
  if (eq) {
    const key = loose(eq[1]!);
    if (key === "gc" || key === "generalcategory") kind = "gc";
    else if (key === "sc" || key === "script" || key === "scx" || key === "scriptextensions")
      kind = "sc";
    else return undefined;
    body = eq[2]!.trim();
  }
  if (!/^[A-Za-z][A-Za-z0-9_ -]*$/.test(body)) return undefined;
  if (kind !== "sc") {
    const gc = GENERAL_CATEGORIES[loose(body)];
    if (gc) return gc;
    if (kind === "gc") return undefined;
  }
  return body
    .split(/[_ -]+/)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1).toLowerCase())
    .join("_");
}

function loose(s: string): string {
  return s.replace(/[\s_-]/g, "").toLowerCase();
}
