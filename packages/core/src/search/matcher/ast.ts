// The parsed form of a pattern in ripgrep's (Rust regex) syntax, with every inline flag already
// resolved onto the node it affects, so later passes never track flag scopes.

/** One item inside a bracket class `[...]`. */
export type ClassItem =
  | { type: "range"; lo: number; hi: number }
  | PerlClass
  | UnicodeClass
  | { type: "posix"; name: string; negated: boolean };

/** `\d` `\s` `\w` and their negations; `unicode` is the `u` flag at that point (on by default). */
export interface PerlClass {
  type: "perl";
  kind: "d" | "s" | "w";
  negated: boolean;
  unicode: boolean;
}

/** `\pL`, `\p{Greek}`, `\P{…}`; `name` is normalised to the RE2 spelling. */
export interface UnicodeClass {
  type: "unicode";
  name: string;
  negated: boolean;
}

export type AssertionKind = "lineStart" | "lineEnd" | "textStart" | "textEnd" | "word" | "notWord";

export type Node =
  | { type: "empty" }
  | { type: "literal"; cp: number; fold: boolean }
  | { type: "dot"; dotAll: boolean }
  | { type: "class"; negated: boolean; items: ClassItem[]; fold: boolean }
  | PerlClass
  | UnicodeClass
  | { type: "assert"; kind: AssertionKind; unicode: boolean }
  | { type: "group"; node: Node }
  | { type: "repeat"; node: Node; min: number; max: number; greedy: boolean }
  | { type: "concat"; nodes: Node[] }
  | { type: "alt"; nodes: Node[] };
