// CriticMarkup parser: one left-to-right pass over the raw text that finds every mark, and the
// code regions (fenced blocks, inline code spans) in which mark-like text stays plain text.
import {
  closingBacktickRun,
  fencedBlockEnd,
  fenceOpening,
  isEscaped,
  paragraphEnd,
  runLength,
} from "./code.js";
import { type CriticKind, type MarkForm, mayContainMarks, openerAt } from "./delimiters.js";
import { type CriticMeta, readMeta } from "./meta.js";

export type { CriticKind } from "./delimiters.js";
export type { CriticMeta } from "./meta.js";

/** One CriticMarkup mark in the raw text. */
export interface CriticMark {
  kind: CriticKind;
  /** Raw offsets of the whole mark, delimiters included: raw.slice(start, end). */
  start: number;
  end: number;
  /** Raw offsets of the content: after the opening delimiter and any metadata. */
  contentStart: number;
  contentEnd: number;
  /** The content; for a substitution the whole inner `old~>new`. */
  text: string;
  /** Substitution only: the two sides of `~>`. */
  oldText?: string;
  newText?: string;
  meta?: CriticMeta;
}

/** A stretch of markdown code: marks inside it are plain text. */
export interface CodeRegion {
  start: number;
  end: number;
  fenced: boolean;
}

export interface CriticScan {
  marks: CriticMark[];
  /** Code regions outside marks, in order; a mark's content is never scanned for code. */
  code: CodeRegion[];
}

/** The marks of `raw`, in order. Mark-like text inside code, or malformed, is plain text. */
export function parseCritic(raw: string): CriticMark[] {
  return mayContainMarks(raw) ? scanCritic(raw).marks : [];
}

const NL = 0x0a;
const BACKTICK = 0x60;
const OPEN_BRACE = 0x7b;

/** Marks and code regions of `raw`, found in one linear pass. */
export function scanCritic(raw: string): CriticScan {
  return new Scanner(raw).run();
}

class Scanner {
  private readonly marks: CriticMark[] = [];
  private readonly code: CodeRegion[] = [];
  /** Where each closing delimiter, and the substitution separator, next occurs. */
  private readonly next = new Map<string, NextOccurrence>();
  /** Backtick run length → [from, limit) known to hold no run of that length. */
  private readonly spanMissing = new Map<number, { from: number; limit: number }>();
  private paragraph = { from: -1, end: -1 };

  constructor(private readonly raw: string) {}

  run(): CriticScan {
    const raw = this.raw;
    const n = raw.length;
    let i = 0;
    let lineStart = true;
    while (i < n) {
      if (lineStart) {
        lineStart = false;
        const fence = fenceOpening(raw, i);
        if (fence) {
          const end = fencedBlockEnd(raw, i, fence);
          this.code.push({ start: i, end, fenced: true });
          i = end;
          continue;
        }
      }
      const c = raw.charCodeAt(i);
      if (c === NL) {
        i++;
        lineStart = true;
      } else if (c === BACKTICK) {
        i = this.codeSpan(i);
      } else if (c === OPEN_BRACE) {
        const mark = this.mark(i);
        if (mark) this.marks.push(mark);
        i = mark ? mark.end : i + 1;
      } else i++;
    }
    return { marks: this.marks, code: this.code };
  }

  /** Handles the backtick run at `j`; returns where scanning goes on. */
  private codeSpan(j: number): number {
    const raw = this.raw;
    if (isEscaped(raw, j)) return j + 1;
    const length = runLength(raw, j, BACKTICK);
    const from = j + length;
    const known = this.spanMissing.get(length);
    if (known && from >= known.from && from < known.limit) return from;
    const limit = this.paragraphEnd(from);
    const close = closingBacktickRun(raw, from, length, limit);
    if (close === -1) {
      this.spanMissing.set(length, { from, limit });
      return from;
    }
    this.code.push({ start: j, end: close + length, fenced: false });
    return close + length;
  }

  private paragraphEnd(from: number): number {
    const p = this.paragraph;
    if (from >= p.from && from <= p.end) return p.end;
    const end = paragraphEnd(this.raw, from);
    this.paragraph = { from, end };
    return end;
  }

  /** The mark opening at `j`, or undefined when there is none (plain text). */
  private mark(j: number): CriticMark | undefined {
    const raw = this.raw;
    const form = openerAt(raw, j);
    if (!form) return undefined;
    const innerStart = j + 3;
    const close = this.closer(form, innerStart);
    if (close === -1) return undefined;
    let contentStart = innerStart;
    let meta: CriticMeta | undefined;
    if (form.kind === "substitute" && this.separatorFrom(innerStart) > close - 2) return undefined;
    const prefix = readMeta(raw, innerStart, close);
    if (prefix) {
      meta = prefix.meta;
      contentStart = prefix.end;
    }
    const mark: CriticMark = {
      kind: form.kind,
      start: j,
      end: close + 3,
      contentStart,
      contentEnd: close,
      text: raw.slice(contentStart, close),
    };
    if (form.kind === "substitute") {
      const sep = this.separatorFrom(contentStart);
      if (sep > close - 2) return undefined;
      mark.oldText = raw.slice(contentStart, sep);
      mark.newText = raw.slice(sep + 2, close);
    }
    if (meta) mark.meta = meta;
    return mark;
  }

  /** Start of the first closing delimiter of `form` at or after `from`, or -1. */
  private closer(form: MarkForm, from: number): number {
    const at = this.occurrence(form.close).from(from);
    return at === this.raw.length ? -1 : at;
  }

  /** Start of the first `~>` at or after `from`; the text length when there is none. */
  private separatorFrom(from: number): number {
    return this.occurrence("~>").from(from);
  }

  private occurrence(needle: string): NextOccurrence {
    let o = this.next.get(needle);
    if (!o) {
      o = new NextOccurrence(this.raw, needle);
      this.next.set(needle, o);
    }
    return o;
  }
}

/**
 * The next occurrence of a fixed string, remembering the last answer: the scanner asks with
 * growing positions, so every character is searched about once (no quadratic rescans).
 */
class NextOccurrence {
  private askedFrom = 0;
  private at = -1;
  constructor(
    private readonly raw: string,
    private readonly needle: string,
  ) {}

  /** First index at or after `from` where the needle starts; the text length when none. */
  from(from: number): number {
    if (from >= this.askedFrom && from <= this.at) return this.at;
    const found = this.raw.indexOf(this.needle, from);
    this.askedFrom = from;
    this.at = found === -1 ? this.raw.length : found;
    return this.at;
  }
}
