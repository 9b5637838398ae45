// The one place that wires matcher → searcher → printer: grep over a set of documents, in
// `rg --sort path` order, with paging (head_limit / offset) and bounds on time and output. The
// search yields one typed page (GrepPage); renderGrep prints it as rg would.
import { clip } from "../text/clip.js";
import { plural } from "../text/english.js";
import { compileGlobs, GlobError, type GlobFilter } from "./glob.js";
import { PatternError } from "./matcher/errors.js";
import { compileMatcher, type KeptForText, type Matcher } from "./matcher/matcher.js";
import { comparePaths } from "./order.js";
import { ContentPrinter } from "./printer/contentPrinter.js";
import { CountPrinter } from "./printer/countPrinter.js";
import { entryFormat, type GrepEntry, renderEntry } from "./printer/entries.js";
import { FilesPrinter } from "./printer/filesPrinter.js";
import { OutputLines } from "./printer/output.js";
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
  /**
   * The documents come in path order already (a caller that keeps its list sorted, as the
   * server's grep worker does): they are only filtered, not sorted again per search.
   */
  inPathOrder?: boolean;
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
  /**
   * The documents the search walks, glob-filtered and in path order, for a caller that keeps
   * the resume point beside the same documents: the next page then skips filtering and sorting
   * (with `docs` empty). Left out when the point is sent elsewhere.
   */
  ordered?: readonly SearchDoc[];
  /** The glob filter left no document (goes with `ordered`). */
  filteredOut?: boolean;
}

/**
 * One document to search: its user-facing path and its text (the AI view), with what the
 * caller keeps beside the text (`folded`, `newlines`) so that searches reuse it.
 */
export interface SearchDoc extends KeptForText {
  path: string;
  text: string;
}

/** Why a grep could not run: its pattern or a glob does not compile. */
export interface GrepFailure {
  code: "invalid_pattern";
  message: string;
}

/** One page of a grep: the entries printed on it, and what a reader needs to page on. */
export interface GrepPage {
  pattern: string;
  mode: OutputMode;
  /** `-n`: content lines print their number (what renderGrep needs). */
  lineNumbers: boolean;
  entries: GrepEntry[];
  offset: number;
  headLimit: number;
  /** Entries the search produced up to where it stopped, skipped ones included. */
  produced: number;
  /** Why the page ends early: head_limit, or the bound on output size. */
  cut: "head" | "size" | null;
  /** The offset of the next page when there is one. */
  nextOffset: number | null;
  /** The time limit stopped the search: the page is partial. */
  timedOut: boolean;
  timeLimitMs: number;
  /** Set when the globs left no document to search, to say so rather than "No matches". */
  unmatchedGlobs: string[] | null;
}

/** A grep's page, or why it could not run; with how to search the next page cheaply. */
export type GrepOutcome =
  | { ok: true; page: GrepPage; resume?: GrepResume }
  | { ok: false; error: GrepFailure };

/** The grep tool's answer as text (what grepDocuments gives callers that only print). */
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

/** Runs grep over `docs` (any order): one page of typed entries. */
export function grepSearch(
  docs: Iterable<SearchDoc>,
  params: GrepParams,
  options: GrepOptions = {},
): GrepOutcome {
  const mode = params.output_mode ?? "files_with_matches";
  const offset = Math.max(0, Math.floor(params.offset ?? 0));
  const headLimit = Math.max(0, Math.floor(params.head_limit ?? DEFAULT_HEAD_LIMIT));
  const lineNumbers = params["-n"] ?? true;
  const resume = options.resume?.nextOffset === offset ? options.resume : undefined;
  const out = new OutputLines<GrepEntry>(
    {
      offset,
      headLimit,
      maxChars: options.maxOutputChars ?? DEFAULT_MAX_OUTPUT_CHARS,
      producedBefore: resume?.producedBefore ?? 0,
    },
    entryFormat({ lineNumbers }),
  );
  let printer: Sink | undefined;
  let stoppedIn: Omit<GrepResume, "nextOffset"> | undefined;
  const run = runSearch(
    docs,
    params,
    options,
    (matcher, contextOn) => {
      printer = printerFor(mode, out, {
        contextOn,
        countMatches: (params.multiline ?? false) && matcher.canMatchNewline,
        printedBefore: resume?.printedBefore ?? false,
      });
      return printer;
    },
    {
      startAt: resume?.docIndex ?? 0,
      ...(resume?.ordered
        ? { ordered: { docs: resume.ordered, filteredOut: resume.filteredOut ?? false } }
        : {}),
      beforeDoc: (docIndex) => {
        stoppedIn = {
          docIndex,
          producedBefore: out.total,
          printedBefore: printer instanceof ContentPrinter && printer.printedSomething,
        };
      },
    },
  );
  if ("error" in run) return { ok: false, error: run.error };
  const cut = out.cut ?? null;
  const nextOffset = cut ? offset + out.entries.length : null;
  const page: GrepPage = {
    pattern: params.pattern,
    mode,
    lineNumbers,
    entries: out.entries,
    offset,
    headLimit,
    produced: out.total,
    cut,
    nextOffset,
    timedOut: run.timedOut,
    timeLimitMs: options.timeLimitMs ?? DEFAULT_TIME_LIMIT_MS,
    unmatchedGlobs: run.filteredOut ? globList(params.glob) : null,
  };
  const outcome: GrepOutcome = { ok: true, page };
  if (nextOffset !== null && !run.timedOut && stoppedIn) {
    outcome.resume = {
      ...stoppedIn,
      nextOffset,
      ordered: run.ordered,
      filteredOut: run.filteredOut,
    };
  }
  return outcome;
}

/** Runs grep over `docs` (any order) and renders the result text. */
export function grepDocuments(
  docs: Iterable<SearchDoc>,
  params: GrepParams,
  options: GrepOptions = {},
): GrepResult {
  const r = grepSearch(docs, params, options);
  if (!r.ok) return { text: r.error.message, isError: true, code: r.error.code };
  const text = renderGrep(r.page);
  const result: GrepResult =
    r.page.cut !== null || r.page.timedOut
      ? { text, isError: false, truncated: true }
      : { text, isError: false };
  if (r.resume) result.resume = r.resume;
  return result;
}

/** A page printed as rg prints it, with notes on cuts, time limit and unmatched globs. */
export function renderGrep(page: GrepPage): string {
  const notes: string[] = [];
  const shown = page.entries.length;
  if (page.cut === "head") {
    const next = page.offset + shown;
    notes.push(
      `[Showing entries ${page.offset + 1}–${next}; more exist. Call again with offset: ${next} to see the next ones, or narrow the search.]`,
    );
  } else if (page.cut === "size") {
    const next = page.offset + shown;
    notes.push(
      `[Output cut at its size bound after ${plural(shown, "entry", "entries")}; continue with offset: ${next}, or narrow the search with path, glob or a more specific pattern.]`,
    );
  }
  if (page.timedOut) {
    notes.push(
      `[Search stopped at its time limit (${page.timeLimitMs} ms) before every document was searched; results are partial. Narrow the search with path or glob.]`,
    );
  }
  const style = { lineNumbers: page.lineNumbers };
  let body = page.entries.map((e) => renderEntry(e, style)).join("\n");
  if (shown === 0) {
    body =
      page.offset > 0 && page.produced > 0
        ? `No entries at offset ${page.offset}: the search produced ${page.produced}.`
        : page.unmatchedGlobs !== null
          ? `${NO_MATCHES}: no document in scope matches the glob ${describeGlobs(page.unmatchedGlobs)}. A glob without "/" matches file names ("*.md"); one with "/" matches paths from the folder name ("Team/Notes/**").`
          : NO_MATCHES;
  }
  return notes.length ? `${body}\n\n${notes.join("\n")}` : body;
}

function globList(globs: string | readonly string[] | undefined): string[] {
  return globs === undefined ? [] : typeof globs === "string" ? [globs] : [...globs];
}

interface SearchRun {
  timedOut: boolean;
  /** The glob filter left no document of those in scope. */
  filteredOut: boolean;
  /** The documents searched: glob-filtered, in path order. */
  ordered: readonly SearchDoc[];
}

/** How runSearch walks the documents: where to start, and what it already knows. */
interface Walk {
  startAt?: number;
  /** The documents already filtered and ordered by an earlier page of the same search. */
  ordered?: { docs: readonly SearchDoc[]; filteredOut: boolean };
  beforeDoc?: (docIndex: number) => void;
}

/** Compiles the pattern and drives the searcher over the documents into one sink. */
function runSearch(
  docs: Iterable<SearchDoc>,
  params: GrepParams,
  options: GrepOptions,
  makeSink: (matcher: Matcher, contextOn: boolean) => Sink,
  walk: Walk = {},
): SearchRun | { error: GrepFailure } {
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
  const { docs: sorted, filteredOut } =
    walk.ordered ?? orderDocs(docs, globs, options.inPathOrder ?? false);
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
    if (!matcher.mayMatch(doc.text, mode === "content" ? doc : foldedOnly(doc))) continue;
    const r = searchDocument(
      matcher,
      doc.path,
      doc.text,
      {
        before,
        after,
        multiline,
        shouldStop,
        endOfTextMatches: mode === "content",
        holdsMatch: matcher.hitIsMatch,
        ...(mode === "content" && doc.newlines ? { newlines: doc.newlines } : {}),
      },
      sink,
    );
    if (r.stopped) timedOut = true;
    if (!r.goOn || r.stopped) break;
  }
  return { timedOut, filteredOut, ordered: sorted };
}

/**
 * What files and count modes take of a document's kept copies: not its newline offsets, which
 * only content mode's numbering needs (building them is a pass over the whole text, where
 * finding a matching line's ends scans that line).
 */
function foldedOnly(doc: SearchDoc): KeptForText | undefined {
  return doc.folded ? { folded: doc.folded } : undefined;
}

/** The documents the globs accept, in path order (rg --sort path). */
function orderDocs(
  docs: Iterable<SearchDoc>,
  globs: GlobFilter,
  inPathOrder: boolean,
): { docs: SearchDoc[]; filteredOut: boolean } {
  const all = [...docs];
  const accepted = globs.size > 0 ? all.filter((d) => globs.accepts(d.path)) : all;
  const sorted = inPathOrder ? accepted : accepted.sort((a, b) => comparePaths(a.path, b.path));
  return { docs: sorted, filteredOut: globs.size > 0 && all.length > 0 && sorted.length === 0 };
}

interface PrinterSettings {
  contextOn: boolean;
  countMatches: boolean;
  printedBefore: boolean;
}

function printerFor(
  mode: OutputMode,
  out: OutputLines<GrepEntry>,
  settings: PrinterSettings,
): Sink {
  switch (mode) {
    case "content":
      return new ContentPrinter(out, settings);
    case "count":
      return new CountPrinter(out, { countMatches: settings.countMatches });
    case "files_with_matches":
      return new FilesPrinter(out);
  }
}

function describeGlobs(globs: readonly string[]): string {
  return globs.map((g) => JSON.stringify(clip(g))).join(", ");
}

function globFailure(e: GlobError): GrepFailure {
  return { code: "invalid_pattern", message: `Invalid glob: ${e.message}` };
}

function patternFailure(pattern: string, e: PatternError): GrepFailure {
  return {
    code: "invalid_pattern",
    message: `Invalid pattern ${JSON.stringify(clip(pattern))}: ${e.message.replace(/\.$/, "")}. Patterns use ripgrep's regex syntax (Rust regex); escape regex characters such as ( [ { . * + ? with a backslash to match them literally.`,
  };
}
