// CriticMarkup delimiters: the five mark forms with their opening and closing tokens, and
// detection of any delimiter inside a string.

export type CriticKind = "insert" | "delete" | "substitute" | "comment" | "highlight";

/** One CriticMarkup form: `{++a++}` is `{ open: "{++", close: "++}" }`. */
export interface MarkForm {
  kind: CriticKind;
  open: string;
  close: string;
}

export const MARK_FORMS: readonly MarkForm[] = [
  { kind: "insert", open: "{++", close: "++}" },
  { kind: "delete", open: "{--", close: "--}" },
  { kind: "substitute", open: "{~~", close: "~~}" },
  { kind: "comment", open: "{>>", close: "<<}" },
  { kind: "highlight", open: "{==", close: "==}" },
];

/** Separates old from new inside a substitution: `{~~old~>new~~}`. */
export const SUBSTITUTE_SEPARATOR = "~>";

const FORM_BY_KIND = new Map(MARK_FORMS.map((f) => [f.kind, f]));
const FORM_BY_SECOND_CHAR = new Map(MARK_FORMS.map((f) => [f.open.charCodeAt(1), f]));

export function markForm(kind: CriticKind): MarkForm {
  return FORM_BY_KIND.get(kind)!;
}

/** The form whose opening delimiter starts at `i` in `s`, if any. */
export function openerAt(s: string, i: number): MarkForm | undefined {
  if (s.charCodeAt(i) !== 0x7b /* { */) return undefined;
  const form = FORM_BY_SECOND_CHAR.get(s.charCodeAt(i + 1));
  return form && s.charCodeAt(i + 2) === form.open.charCodeAt(2) ? form : undefined;
}

const ANY_DELIMITER = /\{(?:\+\+|--|~~|>>|==)|(?:\+\+|--|~~|<<|==)\}|~>/;
const ANY_MARK_DELIMITER = /\{(?:\+\+|--|~~|>>|==)|(?:\+\+|--|~~|<<|==)\}/;

/** The second and third characters of an opener: `{++` `{--` `{~~` `{>>` `{==`. */
const OPENER_CHARS = new Set([0x2b, 0x2d, 0x7e, 0x3e, 0x3d]);

/**
 * Cheap pre-check: a string without any opening delimiter holds no mark. It jumps from brace
 * to brace with indexOf (a few hundred µs over 7 MB of prose, where the opener regex took
 * several ms, at every change of the note, for each view).
 */
export function mayContainMarks(s: string): boolean {
  for (let i = s.indexOf("{"); i !== -1; i = s.indexOf("{", i + 1)) {
    const c = s.charCodeAt(i + 1);
    if (c === s.charCodeAt(i + 2) && OPENER_CHARS.has(c)) return true;
  }
  return false;
}

/** A delimiter found in a string, and where. */
export interface DelimiterHit {
  index: number;
  delimiter: string;
}

/**
 * The first CriticMarkup delimiter in `s` (`{++ ++} {-- --} {~~ ~> ~~} {>> <<} {== ==}`).
 * With `separator: false`, the substitution separator `~>` is not counted: outside a
 * `{~~…~~}` it is plain text (e.g. `~> 2.0` version constraints).
 */
export function findDelimiter(
  s: string,
  options: { separator?: boolean } = {},
): DelimiterHit | undefined {
  const m = (options.separator === false ? ANY_MARK_DELIMITER : ANY_DELIMITER).exec(s);
  return m ? { index: m.index, delimiter: m[0] } : undefined;
}

export function hasDelimiter(s: string, options: { separator?: boolean } = {}): boolean {
  return findDelimiter(s, options) !== undefined;
}
