// The one place that wires matcher → searcher → printer: grep over a set of documents, in
// `rg --sort path` order, with paging (head_limit / offset) and bounds on time and output.
import { clip } from "../text/clip.js";
import { plural } from "../text/english.js";
import { compileGlobs, GlobError, type GlobFilter } from "./glob.js";
import { PatternError } from "./matcher/errors.js";
import { compileMatcher, type Matcher } from "./matcher/matcher.js";
import { comparePaths } from "./order.js";
import { ContentPrinter } from "./printer/contentPrinter.js";
import { CountPrinter } from "./printer/countPrinter.js";
import { FilesPrinter } from "./printer/filesPrinter.js";
import { OutputLines } from "./printer/output.js";
import { type GrepRecord, RecordsPrinter } from "./printer/recordsPrinter.js";
import { searchDocument } from "./searcher/searcher.js";
import type { Sink } from "./searcher/sink.js";

export type OutputMode = "content" | "files_with_matches" | "count";

/** The grep tool's arguments, by Claude Code's names (scope by `path` is the caller's job). */
export interface GrepParams {
  pattern: string;
  /** One glob (`rg --glob`), or several; each string is one pattern, spaces included. */
  glob?: string | readonly string[];
  output_mode?: OutputMode;
  "-i"?: boolean;
  "-n"?: boolean;
  "-A"?: number;
  "-B"?: number;
  "-C"?: number;
  multiline?: boolean;
  head_limit?: number;
  offset?: number;
}

export interface GrepOptions {
  /** Clock in ms (core takes no timers of its own). Default Date.now. */
  now?: () => number;
  /** Time budget of one search in ms. Default 5000. */
  timeLimitMs?: number;
  /** Bound on the printed output in characters. Default 50 000. */
  maxOutputChars?: number;
  /** Directory the documents were scoped to (the tool's `path`), for globs with `/`. */
  scope?: string;
  /**
   * Where the previous page of this same search (same documents, same parameters but
   * `offset`) stopped: used when `params.offset` is its `nextOffset`, so paging through a long
   * answer searches each document about once instead of from the start on every page.
   */
  resume?: GrepResume;
}

/** The document a cut search stopped in, and the printing state before that document. */
export interface GrepResume {
  /** The `offset` of the page this resumes. */
  nextOffset: number;
  /** Index, in path order of the filtered documents, of the document to search again. */
  docIndex: number;
  /** Output entries the search produced before that document. */
  producedBefore: number;
  /** Whether content mode had printed a line before that document. */
  printedBefore: boolean;
}

/** One document to search: its user-facing path and its text (the AI view). */
export interface SearchDoc {
  path: string;
  text: string;
  /** `text.toLowerCase()`, if the caller caches it (used by the `-i` prefilter). */
  lower?: () => string;
}

export interface GrepResult {
  text: string;
  isError: boolean;
  /** Set on failure: the pattern or a glob could not be compiled. */
  code?: "invalid_pattern";
  /** Output was cut: by head_limit, by the output bound, or by the time limit. */
  truncated?: boolean;
  /** Set when the output was cut before the end: how to search the next page cheaply. */
  resume?: GrepResume;
}

export const DEFAULT_HEAD_LIMIT = 250;
export const DEFAULT_TIME_LIMIT_MS = 5000;
export const DEFAULT_MAX_OUTPUT_CHARS = 50_000;
export const NO_MATCHES = "No matches found";

/** Runs grep over `docs` (any order) and renders the result text. */
export function grepDocuments(
  docs: Iterable<SearchDoc>,
  params: GrepParams,
  options: GrepOptions = {},
): GrepResult {
  const mode = params.output_mode ?? "files_with_matches";
  const offset = Math.max(0, Math.floor(params.offset ?? 0));
  const headLimit = Math.max(0, Math.floor(params.head_limit ?? DEFAULT_HEAD_LIMIT));
  const resume = options.resume?.nextOffset === offset ? options.resume : undefined;
  const out = new OutputLines({
    offset,
    headLimit,
    maxChars: options.maxOutputChars ?? DEFAULT_MAX_OUTPUT_CHARS,
    producedBefore: resume?.producedBefore ?? 0,
  });
  let printer: Sink | undefined;
  let stoppedIn: Omit<GrepResume, "nextOffset"> | undefined;
  const run = runSearch(
    docs,
    params,
    options,
    (matcher, contextOn) => {
      printer = printerFor(
        mode,
        out,
        params,
        contextOn,
        (params.multiline ?? false) && matcher.canMatchNewline,
        resume?.printedBefore ?? false,
      );
      return printer;
    },
    {
      startAt: resume?.docIndex ?? 0,
      beforeDoc: (docIndex) => {
        stoppedIn = {
          docIndex,
          producedBefore: out.total,
          printedBefore: printer instanceof ContentPrinter && printer.printedSomething,
        };
      },
    },
  );
  if ("error" in run) return run.error;
  const result = render(out, {
    offset,
    headLimit,
    timedOut: run.timedOut,
    timeLimitMs: options.timeLimitMs ?? DEFAULT_TIME_LIMIT_MS,
    globsMatchedNothing: run.filteredOut ? params.glob : undefined,
  });
  if (out.cut !== undefined && !run.timedOut && stoppedIn) {
    result.resume = { ...stoppedIn, nextOffset: offset + out.lines.length };
  }
  return result;
}

export interface GrepRecordsResult {
  records: GrepRecord[];
  /** Records were cut by head_limit, or the time limit stopped the search. */
  truncated: boolean;
  timedOut: boolean;
}

/**
 * The same search as grepDocuments, returned as records (one per matching line, with column
 * and context) instead of text: what REST returns beside the tool text. Paged by
 * offset / head_limit over records.
 */
export function grepRecords(
  docs: Iterable<SearchDoc>,
  params: GrepParams,
  options: GrepOptions = {},
): GrepRecordsResult | { error: GrepResult } {
  let printer: RecordsPrinter | undefined;
  const run = runSearch(docs, { ...params, output_mode: "content" }, options, (matcher) => {
    printer = new RecordsPrinter(matcher, {
      offset: Math.max(0, Math.floor(params.offset ?? 0)),
      headLimit: Math.max(0, Math.floor(params.head_limit ?? DEFAULT_HEAD_LIMIT)),
    });
    return printer;
  });
  if ("error" in run) return run;
  const records = printer?.records ?? [];
  return { records, truncated: (printer?.cut ?? false) || run.timedOut, timedOut: run.timedOut };
}

interface SearchRun {
  timedOut: boolean;
  /** The glob filter left no document of those in scope. */
  filteredOut: boolean;
}

/** Compiles the pattern and drives the searcher over the documents into one sink. */
function runSearch(
  docs: Iterable<SearchDoc>,
  params: GrepParams,
  options: GrepOptions,
  makeSink: (matcher: Matcher, contextOn: boolean) => Sink,
  walk: { startAt?: number; beforeDoc?: (docIndex: number) => void } = {},
): SearchRun | { error: GrepResult } {
  const mode = params.output_mode ?? "files_with_matches";
  const multiline = params.multiline ?? false;
  let matcher: Matcher;
  try {
    matcher = compileMatcher(params.pattern, { caseInsensitive: params["-i"] ?? false, multiline });
  } catch (e) {
    if (e instanceof PatternError) return { error: patternFailure(params.pattern, e) };
    throw e;
  }
  let globs: GlobFilter;
  try {
    globs = compileGlobs(params.glob, options.scope);
  } catch (e) {
    if (e instanceof GlobError) return { error: globFailure(e) };
    throw e;
  }
  const now = options.now ?? Date.now;
  const deadline = now() + (options.timeLimitMs ?? DEFAULT_TIME_LIMIT_MS);
  const shouldStop = () => now() > deadline;
  const all = [...docs];
  const sorted = all
    .filter((d) => globs.accepts(d.path))
    .sort((a, b) => comparePaths(a.path, b.path));
  const filteredOut = globs.size > 0 && all.length > 0 && sorted.length === 0;
  const before = mode === "content" ? (params["-B"] ?? params["-C"] ?? 0) : 0;
  const after = mode === "content" ? (params["-A"] ?? params["-C"] ?? 0) : 0;
  const sink = makeSink(matcher, before > 0 || after > 0);

  let timedOut = false;
  for (let i = walk.startAt ?? 0; i < sorted.length; i++) {
    const doc = sorted[i]!;
    walk.beforeDoc?.(i);
    if (shouldStop()) {
      timedOut = true;
      break;
    }
    if (!matcher.mayMatch(doc.text, doc.lower)) continue;
    const r = searchDocument(
      matcher,
      doc.path,
      doc.text,
      { before, after, multiline, shouldStop, endOfTextMatches: mode === "content" },
      sink,
    );
    if (r.stopped) timedOut = true;
    if (!r.goOn || r.stopped) break;
  }
  return { timedOut, filteredOut };
}

function printerFor(
  mode: OutputMode,
  out: OutputLines,
  params: GrepParams,
  contextOn: boolean,
  countMatches: boolean,
  printedBefore: boolean,
): Sink {
  switch (mode) {
    case "content":
      return new ContentPrinter(out, {
        lineNumbers: params["-n"] ?? true,
        contextOn,
        printedBefore,
      });
    case "count":
      return new CountPrinter(out, { countMatches });
    case "files_with_matches":
      return new FilesPrinter(out);
  }
}

interface RenderInfo {
  offset: number;
  headLimit: number;
  timedOut: boolean;
  timeLimitMs: number;
  /** Set when the glob filter left nothing to search: said, never a silent "No matches". */
  globsMatchedNothing?: string | readonly string[];
}

function render(out: OutputLines, info: RenderInfo): GrepResult {
  const notes: string[] = [];
  if (out.cut === "head") {
    const next = info.offset + out.lines.length;
    notes.push(
      `[Showing entries ${info.offset + 1}–${next}; more exist. Call again with offset: ${next} to see the next ones, or narrow the search.]`,
    );
  } else if (out.cut === "size") {
    const next = info.offset + out.lines.length;
    notes.push(
      `[Output cut at its size bound after ${plural(out.lines.length, "entry", "entries")}; continue with offset: ${next}, or narrow the search with path, glob or a more specific pattern.]`,
    );
  }
  if (info.timedOut) {
    notes.push(
      `[Search stopped at its time limit (${info.timeLimitMs} ms) before every document was searched; results are partial. Narrow the search with path or glob.]`,
    );
  }
  const truncated = out.cut !== undefined || info.timedOut;
  let body = out.lines.join("\n");
  if (out.lines.length === 0) {
    body =
      info.offset > 0 && out.total > 0
        ? `No entries at offset ${info.offset}: the search produced ${out.total}.`
        : info.globsMatchedNothing !== undefined
          ? `${NO_MATCHES}: no document in scope matches the glob ${describeGlobs(info.globsMatchedNothing)}. A glob without "/" matches file names ("*.md"); one with "/" matches paths from the folder name ("Team/Notes/**").`
          : NO_MATCHES;
  }
  const text = notes.length ? `${body}\n\n${notes.join("\n")}` : body;
  return truncated ? { text, isError: false, truncated } : { text, isError: false };
}

function describeGlobs(globs: string | readonly string[]): string {
  const list = typeof globs === "string" ? [globs] : globs;
  return list.map((g) => JSON.stringify(clip(g))).join(", ");
}

function globFailure(e: GlobError): GrepResult {
  return { code: "invalid_pattern", text: `Invalid glob: ${e.message}`, isError: true };
}

function patternFailure(pattern: string, e: PatternError): GrepResult {
  return {
    code: "invalid_pattern",
    text: `Invalid pattern ${JSON.stringify(clip(pattern))}: ${e.message.replace(/\.$/, "")}. Patterns use ripgrep's regex syntax (Rust regex); escape regex characters such as ( [ { . * + ? with a backslash to match them literally.`,
    isError: true,
  };
}
