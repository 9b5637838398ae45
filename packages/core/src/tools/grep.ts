// The `grep` tool: ripgrep over the AI views of the workspace's markdown documents, with Claude
// Code's parameters. Scoping by `path` happens here; everything else is search/grepDocuments.

import { z } from "zod";
import { EVERYWHERE, type Reach } from "../access/reach.js";
import { upsert } from "../links/maps.js";
import { MAX_GLOBS } from "../search/glob.js";
import {
  DEFAULT_HEAD_LIMIT,
  type GrepOptions,
  type GrepOutcome,
  type GrepPage,
  type GrepParams,
  grepSearch,
  renderGrep,
  type SearchDoc,
} from "../search/grep.js";
import { foldCase } from "../search/matcher/fold.js";
import { newlineOffsets } from "../text/lines.js";
import type { DocView } from "../workspace/viewCache.js";
import type { Workspace } from "../workspace/workspace.js";
import { documentsInScope, resolveScope, type Scope } from "./scope.js";
import { defineTool, failure, type Outcome, success } from "./tool.js";

const count = z.number().int().min(0);

const input = z.object({
  pattern: z
    .string()
    .describe(
      'Regular expression in ripgrep (Rust regex) syntax, e.g. "TODO", "meeting\\s+notes", "\\bAPI\\b", "^#+ ". Escape regex characters such as ( [ { . * + ? | with a backslash to match them literally; no look-around or backreferences.',
    ),
  path: z
    .string()
    .optional()
    .describe(
      'Folder, sub-folder or single document to search, e.g. "Lens", "Lens/Notes" or "Lens/Notes/Ideas.md". Omit to search every folder.',
    ),
  glob: z
    .union([
      z.string(),
      z
        .array(z.string())
        .max(
          MAX_GLOBS,
          `at most ${MAX_GLOBS} globs; combine several in one with braces, e.g. "{Notes,Ideas}/**"`,
        ),
    ])
    .optional()
    .describe(
      'Only documents whose path matches (rg --glob): without "/" the file name ("*.md"); with "/" the path from the folder name ("Lens/Notes/**") or from `path`. A string is one glob, spaces included; an array for several (the last match decides). "!" excludes.',
    ),
  output_mode: z
    .enum(["content", "files_with_matches", "count"])
    .optional()
    .describe(
      '"files_with_matches" (default): paths of documents that match. "content": matching lines as path:line:text (context lines path-line-text, "--" between groups); supports -A/-B/-C and -n. "count": path:number of matching lines.',
    ),
  "-i": z.boolean().optional().describe("Case-insensitive search (rg -i)."),
  "-n": z
    .boolean()
    .optional()
    .describe("Show line numbers in content mode (default true); the numbers match read's."),
  "-A": count.optional().describe("Lines of context after each match (rg -A); content mode only."),
  "-B": count.optional().describe("Lines of context before each match (rg -B); content mode only."),
  "-C": count
    .optional()
    .describe("Lines of context before and after each match (rg -C); -A/-B override it per side."),
  multiline: z
    .boolean()
    .optional()
    .describe(
      "Let matches span lines; `.` then matches newlines too (rg -U --multiline-dotall). Default false.",
    ),
  head_limit: count
    .optional()
    .describe(
      `Show at most this many output lines / paths / counts (like "| head -N"). Default ${DEFAULT_HEAD_LIMIT}; 0 = no limit (output is still bounded in size).`,
    ),
  offset: count
    .optional()
    .describe(
      'Skip this many output entries before head_limit applies (like "| tail -n +(offset+1)"), to page through long results. Default 0.',
    ),
});

const position = {
  path: z.string(),
  line: z.number().int().describe("1-based, as read numbers lines."),
};

/** One printed line of grep's output, typed (see search/printer/entries.ts). */
const GrepEntrySchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("file"), path: z.string() }),
  z.object({ kind: z.literal("count"), path: z.string(), count: z.number().int() }),
  z.object({
    kind: z.literal("match"),
    ...position,
    text: z.string(),
  }),
  z.object({ kind: z.literal("context"), ...position, text: z.string() }),
  z.object({ kind: z.literal("break") }),
]);

export const GrepPageSchema = z.object({
  pattern: z.string(),
  mode: z.enum(["content", "files_with_matches", "count"]),
  lineNumbers: z.boolean(),
  entries: z
    .array(GrepEntrySchema)
    .describe("The page's output lines, typed: file / count / match, context and break."),
  offset: z.number().int(),
  headLimit: z.number().int(),
  produced: z.number().int().describe("Entries produced up to where the search stopped."),
  cut: z.enum(["head", "size"]).nullable().describe("Why the page ends before the search does."),
  nextOffset: z.number().int().nullable().describe("offset of the next page, when one exists."),
  timedOut: z.boolean().describe("The time limit stopped the search: the page is partial."),
  timeLimitMs: z.number().int(),
  unmatchedGlobs: z
    .array(z.string())
    .nullable()
    .describe("Set when the globs left no document to search."),
});

export const grepTool = defineTool({
  name: "grep",
  title: "Search document contents",
  description: [
    "Searches the team's markdown documents with a regular expression, like ripgrep (Rust regex, Unicode-aware, ^ $ per line).",
    "It searches what read shows (pending suggestions as accepted), so line numbers agree with read and edit.",
    `Paths are in path order and are accepted by read and edit. Results are paged by head_limit (default ${DEFAULT_HEAD_LIMIT}) and offset; "No matches found" when nothing matches.`,
    "Find where with files_with_matches, then read lines with content and -C.",
  ].join("\n"),
  input,
  output: GrepPageSchema,
  readOnly: true,
  run(ws, _session, args, caller) {
    const reach = caller?.reach ?? EVERYWHERE;
    const resolved = resolveScope(ws, args.path, reach);
    if (!resolved.ok) return resolved;
    const scope = resolved.value;
    return grepOutcome(
      grepSearch(scopedDocs(ws, scope, reach), searchParams(args, scope), searchOptions(ws, scope)),
    );
  },
  renderText: renderGrep,
});

/** A search's outcome as the tool's. */
export function grepOutcome(r: GrepOutcome): Outcome<GrepPage> {
  return r.ok ? success(r.page) : failure(r.error.code, r.error.message);
}

export type GrepArgs = z.infer<typeof input>;

/**
 * A grep call made ready to run anywhere (another thread, say): the documents in scope by path
 * and doc id, and the search's parameters. The pattern is not compiled here.
 */
export interface GrepPlan {
  /** Listed on first use: a runner that can resume an earlier page never needs them. */
  readonly docs: readonly { path: string; docId: string }[];
  params: GrepParams;
  /** Directory the documents were scoped to, for globs with `/`. */
  scope?: string;
  /**
   * The search whatever its page: every argument but `offset`, and the caller's reach. Two
   * plans with one key search the same documents the same way while the workspace's paths
   * stay as they are.
   */
  key: string;
  /**
   * The documents whatever the search: `path` and the caller's reach. Two plans with one
   * docsKey list the same documents (`docs`) while the workspace does not change, so a runner
   * that kept the list of an earlier search need not be sent it again.
   */
  docsKey: string;
}

/** The documents a grep over one `path` and reach searches (see GrepPlan.docs and docsKey). */
export interface GrepListing {
  /** Listed on first use. */
  readonly docs: readonly { path: string; docId: string }[];
  docsKey: string;
}

/**
 * The documents of every grep over `path` (undefined: the whole workspace) within `reach`,
 * and the key they go by: what a runner that keeps document lists can make ready before any
 * search asks (the server lists the whole workspace once it is loaded).
 */
export function grepListing(
  ws: Workspace,
  path: string | undefined,
  reach: Reach = EVERYWHERE,
): Outcome<GrepListing> {
  const resolved = resolveScope(ws, path, reach);
  return resolved.ok ? success(listing(ws, path, resolved.value, reach)) : resolved;
}

function listing(ws: Workspace, path: string | undefined, scope: Scope, reach: Reach): GrepListing {
  let docs: { path: string; docId: string }[] | undefined;
  return {
    get docs() {
      docs ??= documentsInScope(ws, scope, reach).map(({ path, docId }) => ({ path, docId }));
      return docs;
    },
    docsKey: JSON.stringify([path ?? null, reachKey(reach)]),
  };
}

/** Resolves a grep call's scope (the part that needs the workspace); the search is pure. */
export function grepPlan(
  ws: Workspace,
  args: GrepArgs,
  reach: Reach = EVERYWHERE,
): Outcome<GrepPlan> {
  const resolved = resolveScope(ws, args.path, reach);
  if (!resolved.ok) return resolved;
  const scope = resolved.value;
  const list = listing(ws, args.path, scope, reach);
  const plan: GrepPlan = {
    get docs() {
      return list.docs;
    },
    params: searchParams(args, scope),
    key: searchKey(args, reach),
    docsKey: list.docsKey,
  };
  if (scope.kind === "directory") plan.scope = scope.path;
  return success(plan);
}

function searchKey(args: GrepArgs, reach: Reach): string {
  const { offset: _page, ...search } = args;
  const sorted = Object.fromEntries(Object.entries(search).sort(([a], [b]) => (a < b ? -1 : 1)));
  return JSON.stringify([sorted, reachKey(reach)]);
}

function reachKey(reach: Reach): string[] | null {
  return reach.all ? null : [...reach.folders].sort();
}

function searchParams(args: GrepArgs, scope: Scope): GrepParams {
  const { path: _path, ...params } = args;
  return { ...params, glob: scope.kind === "document" ? undefined : args.glob };
}

function searchOptions(ws: Workspace, scope: Scope): GrepOptions {
  return scope.kind === "directory" ? { now: ws.now, scope: scope.path } : { now: ws.now };
}

/** The documents in scope, with text read lazily (glob-filtered ones are never materialised). */
function scopedDocs(ws: Workspace, scope: Scope, reach: Reach): SearchDoc[] {
  return documentsInScope(ws, scope, reach).map(({ path, docId }) => ({
    path,
    get text() {
      return ws.view(docId)?.ai ?? "";
    },
    folded: () => keptFor(foldedCache, ws.view(docId), foldCase, ""),
    newlines: () => keptFor(newlinesCache, ws.view(docId), newlineOffsets, EMPTY),
  }));
}

/** What a search reuses of a view's AI text, made once per view and dropped with it. */
const foldedCache = new WeakMap<DocView, string>();
const newlinesCache = new WeakMap<DocView, Int32Array>();
const EMPTY = new Int32Array(0);

function keptFor<V>(
  cache: WeakMap<DocView, V>,
  view: DocView | undefined,
  make: (text: string) => V,
  none: V,
): V {
  return view ? upsert(cache, view, () => make(view.ai)) : none;
}
