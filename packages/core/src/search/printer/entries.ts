// What grep's printers produce: typed entries, one per output line. Programs take them as they
// are; `renderEntry` prints each exactly as rg does (`path:3:text`, `path-4-text`, `--`, …).
import { RG_SEPARATORS, type Separators } from "./separators.js";

export type GrepEntry =
  /** files_with_matches: a document with a match. */
  | { kind: "file"; path: string }
  /** count: matching lines (or matches, rg -U) of a document. */
  | { kind: "count"; path: string; count: number }
  /**
   * content: a matching line. No column: finding where on the line the match starts costs a
   * regex search per printed line, which would multiply content mode's cost (see README).
   */
  | { kind: "match"; path: string; line: number; text: string }
  /** content: a context line (-A/-B/-C). */
  | { kind: "context"; path: string; line: number; text: string }
  /** content: the `--` between groups that are not adjacent. */
  | { kind: "break" };

export interface EntryStyle {
  /** `-n` (default true): content lines carry their line number. */
  lineNumbers?: boolean;
  separators?: Separators;
}

/** How output holds entries of type E: their printed form, and a cut of one too long. */
export interface EntryFormat<E> {
  render(entry: E): string;
  /** The entry whose printed form is the first `max` characters of `entry`'s. */
  shorten(entry: E, max: number): E;
}

/** The printed line of one entry. */
export function renderEntry(entry: GrepEntry, style: EntryStyle = {}): string {
  const sep = style.separators ?? RG_SEPARATORS;
  switch (entry.kind) {
    case "file":
      return entry.path;
    case "count":
      return `${entry.path}${sep.match}${entry.count}`;
    case "break":
      return sep.contextBreak;
    case "match":
    case "context": {
      const s = entry.kind === "match" ? sep.match : sep.context;
      const number = style.lineNumbers === false ? "" : `${entry.line}${s}`;
      return `${entry.path}${s}${number}${entry.text}`;
    }
  }
}

/** Entries printed in `style`. */
export function entryFormat(style: EntryStyle = {}): EntryFormat<GrepEntry> {
  return {
    render: (e) => renderEntry(e, style),
    shorten(e, max) {
      if (e.kind === "file") return { ...e, path: e.path.slice(0, max) };
      if (e.kind !== "match" && e.kind !== "context") return e;
      const prefix = renderEntry({ ...e, text: "" }, style).length;
      return { ...e, text: e.text.slice(0, Math.max(0, max - prefix)) };
    },
  };
}

/** Plain strings as entries (tests, and any printer of ready lines). */
export const STRING_FORMAT: EntryFormat<string> = {
  render: (s) => s,
  shorten: (s, max) => s.slice(0, max),
};
