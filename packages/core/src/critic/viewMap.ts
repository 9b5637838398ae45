// Offset map between the raw text and its AI view: the document cut into segments (plain
// text, code, marks), each with its raw range and the AI-view range it shows as.
import { aiPart, basePart } from "./markParts.js";
import {
  type CodeRegion,
  type CriticKind,
  type CriticMark,
  type CriticScan,
  scanCritic,
} from "./parse.js";

/** One piece of the raw text. Text and code show as themselves; a mark is all or nothing. */
export interface ViewSegment {
  kind: "text" | "code" | CriticKind;
  rawStart: number;
  rawEnd: number;
  aiStart: number;
  aiEnd: number;
  mark?: CriticMark;
}

/** An AI-view range located in the raw text. */
export interface RawRange {
  /** Raw offsets; a range that ends inside a mark is widened to the whole mark. */
  rawStart: number;
  rawEnd: number;
  /** Marks the range overlaps, and marks that show as nothing strictly inside it. */
  marks: CriticMark[];
}

export class ViewMap {
  constructor(
    readonly raw: string,
    readonly ai: string,
    readonly segments: readonly ViewSegment[],
    readonly scan: CriticScan,
  ) {}

  /** Index of the segment showing AI-view character `pos` (-1 past the end). */
  segmentAt(pos: number): number {
    return this.firstEndingAfter(pos, false);
  }

  /** First segment whose AI range ends after `pos` (or at it, with `orAt`); -1 if none. */
  private firstEndingAfter(pos: number, orAt: boolean): number {
    const segs = this.segments;
    let lo = 0;
    let hi = segs.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      const end = segs[mid]!.aiEnd;
      if (end > pos || (orAt && end === pos)) hi = mid;
      else lo = mid + 1;
    }
    return lo < segs.length ? lo : -1;
  }

  /**
   * The first raw offset at which the AI view has shown `pos` characters: before any marks
   * that show nothing there; inside a mark, the mark's start.
   */
  aiToRaw(pos: number): number {
    const i = this.firstEndingAfter(pos, true);
    if (i === -1) return this.raw.length;
    const seg = this.segments[i]!;
    if (isPlain(seg)) return seg.rawStart + (pos - seg.aiStart);
    return pos === seg.aiEnd && seg.aiEnd > seg.aiStart ? seg.rawEnd : seg.rawStart;
  }

  /** Index of the segment holding raw offset `pos` (the last one starting at or before it). */
  segmentAtRaw(pos: number): number {
    const segs = this.segments;
    let lo = 0;
    let hi = segs.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (segs[mid]!.rawStart <= pos) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  /** AI-view offset of raw offset `pos`; inside a mark, where the mark's AI text starts. */
  rawToAi(pos: number): number {
    if (this.segments.length === 0) return pos;
    const seg = this.segments[this.segmentAtRaw(pos)]!;
    if (pos >= seg.rawEnd) return seg.aiEnd;
    if (seg.kind === "text" || seg.kind === "code") return seg.aiStart + (pos - seg.rawStart);
    return seg.aiStart;
  }

  /** Raw offsets of the AI-view range [aiStart, aiEnd), widened to whole marks. */
  rangeToRaw(aiStart: number, aiEnd: number): RawRange {
    const segs = this.segments;
    const first = this.segmentAt(aiStart);
    if (aiEnd <= aiStart || first === -1) {
      const at = this.aiToRaw(aiStart);
      return { rawStart: at, rawEnd: at, marks: [] };
    }
    const last = this.segmentAt(aiEnd - 1);
    const marks: CriticMark[] = [];
    for (let i = first; i <= last; i++) {
      const m = segs[i]!.mark;
      if (m) marks.push(m);
    }
    return {
      rawStart: pointToRaw(segs[first]!, aiStart),
      rawEnd: endToRaw(segs[last]!, aiEnd),
      marks,
    };
  }

  /** The base view of the raw range [rawStart, rawEnd), which must not cut through a mark. */
  baseOf(rawStart: number, rawEnd: number): string {
    if (rawEnd <= rawStart) return "";
    const out: string[] = [];
    for (let i = this.segmentAtRaw(rawStart); i < this.segments.length; i++) {
      const seg = this.segments[i]!;
      if (seg.rawStart >= rawEnd) break;
      if (seg.mark) out.push(basePart(this.raw, seg.mark));
      else out.push(this.raw.slice(Math.max(seg.rawStart, rawStart), Math.min(seg.rawEnd, rawEnd)));
    }
    return out.join("");
  }
}

function isPlain(seg: ViewSegment): boolean {
  return seg.kind === "text" || seg.kind === "code";
}

function pointToRaw(seg: ViewSegment, pos: number): number {
  return isPlain(seg) ? seg.rawStart + (pos - seg.aiStart) : seg.rawStart;
}

function endToRaw(seg: ViewSegment, pos: number): number {
  return isPlain(seg) ? seg.rawStart + (pos - seg.aiStart) : seg.rawEnd;
}

/** Cuts `raw` into segments and builds its AI view. Linear in the length of `raw`. */
export function buildViewMap(raw: string, scan: CriticScan = scanCritic(raw)): ViewMap {
  const segments: ViewSegment[] = [];
  const ai: string[] = [];
  let rawAt = 0;
  let aiAt = 0;
  const plain = (kind: "text" | "code", end: number) => {
    if (end <= rawAt) return;
    const len = end - rawAt;
    segments.push({ kind, rawStart: rawAt, rawEnd: end, aiStart: aiAt, aiEnd: aiAt + len });
    ai.push(raw.slice(rawAt, end));
    rawAt = end;
    aiAt += len;
  };
  for (const token of mergeTokens(scan.marks, scan.code)) {
    plain("text", token.start);
    if ("kind" in token) {
      const shown = aiPart(raw, token);
      segments.push({
        kind: token.kind,
        rawStart: token.start,
        rawEnd: token.end,
        aiStart: aiAt,
        aiEnd: aiAt + shown.length,
        mark: token,
      });
      ai.push(shown);
      rawAt = token.end;
      aiAt += shown.length;
    } else plain("code", token.end);
  }
  plain("text", raw.length);
  return new ViewMap(raw, ai.join(""), segments, scan);
}

/** Marks and code regions (disjoint) in raw order. */
function mergeTokens(
  marks: readonly CriticMark[],
  code: readonly CodeRegion[],
): (CriticMark | CodeRegion)[] {
  const out: (CriticMark | CodeRegion)[] = [];
  let i = 0;
  let j = 0;
  while (i < marks.length || j < code.length) {
    const m = marks[i];
    const c = code[j];
    if (m && (!c || m.start < c.start)) {
      out.push(m);
      i++;
    } else if (c) {
      out.push(c);
      j++;
    }
  }
  return out;
}
