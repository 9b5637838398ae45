// CriticMarkup parser: one left-to-right pass over the raw text that finds every mark, and the
// code regions (fenced blocks, inline code spans) in which mark-like text stays plain text.
import { CodeFinder, type CodeRegion } from "../text/markdownCode.js";
import { NextOccurrence } from "../text/nextOccurrence.js";
import { type CriticKind, type MarkForm, mayContainMarks, openerAt } from "./delimiters.js";
import { type CriticMeta, readMeta } from "./meta.js";
import { markReasons } from "./reason.js";

export type { CodeRegion } from "../text/markdownCode.js";
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
  /**
   * A comment that is the reason of the suggestion right before it (see reason.ts): part of
   * that suggestion, shown in neither view, resolved with it.
   */
  reason?: true;
}

export interface CriticScan {
  marks: CriticMark[];
  /**
   * Code regions outside marks, in order (text/markdownCode.ts decides what is code; marks in
   * it are plain text); a mark's content is never scanned for code.
   */
  code: CodeRegion[];
}

/** The marks of `raw`, in order. Mark-like text inside code, or malformed, is plain text. */
export function parseCritic(raw: string): CriticMark[] {
  return mayContainMarks(raw) ? scanCritic(raw).marks : [];
}

/** Marks and code regions of `raw`, found in one linear pass. */
export function scanCritic(raw: string): CriticScan {
  return new Scanner(raw).run();
}

class Scanner {
  private readonly marks: CriticMark[] = [];
  private readonly code: CodeRegion[] = [];
  /** Where each closing delimiter, and the substitution separator, next occurs. */
  private readonly next = new Map<string, NextOccurrence>();
  private readonly finder: CodeFinder;

  constructor(private readonly raw: string) {
    this.finder = new CodeFinder(raw);
  }

  run(): CriticScan {
    const raw = this.raw;
    const n = raw.length;
    // Between line starts only newlines, backticks and braces matter: the scan jumps from one
    // to the next (each found by indexOf, kept until passed) instead of reading every character.
    const backtick = this.occurrence("`");
    const brace = this.occurrence("{");
    let i = 0;
    let lineStart = true;
    while (i < n) {
      if (lineStart) {
        lineStart = false;
        const fence = this.finder.fenceAt(i);
        if (fence) {
          this.code.push(fence);
          i = fence.end;
          continue;
        }
      }
      const nl = this.finder.nextNewline(i);
      const tick = backtick.from(i);
      const open = brace.from(i);
      if (nl < tick && nl < open) {
        i = nl + 1;
        lineStart = true;
      } else if (tick < open) {
        const step = this.finder.backtickAt(tick);
        if (step.span) this.code.push(step.span);
        i = step.next;
      } else if (open < n) {
        const mark = this.mark(open);
        if (mark) this.marks.push(mark);
        i = mark ? mark.end : open + 1;
      } else i = n;
    }
    markReasons(this.marks);
    return { marks: this.marks, code: this.code };
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
