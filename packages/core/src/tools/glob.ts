// The `glob` tool: user-facing paths matching a picomatch pattern, newest first.

import picomatch from "picomatch";
import { z } from "zod";
import {
  EVERYWHERE,
  type Reach,
  reachesEntry,
  reachesFolder,
  reachesPath,
} from "../access/reach.js";
import { ENTRY_TYPES } from "../model/folderDoc.js";
import { normalizeUserPath, PathError } from "../paths/normalize.js";
import type { Located } from "../paths/pathIndex.js";
import { matchesFilter, mayMatch, type WhereValue } from "../properties/filters.js";
import { notePropertiesOf } from "../properties/noteProperties.js";
import { asTag } from "../properties/tags.js";
import { globSyntaxError } from "../search/globSyntax.js";
import { clip } from "../text/clip.js";
import type { Workspace } from "../workspace/workspace.js";
import { defineTool, failure, type Outcome, success } from "./tool.js";

/** Paths listed before the output is cut. */
export const GLOB_MAX_RESULTS = 100;
/** Tags, and properties, one glob filters by at most. */
const MAX_FILTERS = 20;

const input = z.object({
  pattern: z
    .string()
    .min(1)
    .describe(
      'Glob pattern matched against paths like "Lens/Notes/Ideas.md": `**` any number of directories, `*` and `?` within a name, `[a-z]` classes, `{a,b}` alternatives. Example: "**/*.md".',
    ),
  path: z
    .string()
    .optional()
    .describe(
      'Folder or sub-folder to search in, e.g. "Lens" or "Lens/Notes"; the pattern is then relative to it. Omit to search every folder.',
    ),
  tag: z
    .union([z.string().min(1), z.array(z.string().min(1)).min(1).max(MAX_FILTERS)])
    .optional()
    .describe("Only notes with this tag (or one nested under it); several: all of them."),
  where: z
    .record(z.string().min(1), z.union([z.string(), z.number(), z.boolean()]))
    .refine((w) => Object.keys(w).length <= MAX_FILTERS, `at most ${MAX_FILTERS} properties`)
    .optional()
    .describe('Only notes whose properties match, e.g. {"status":"open"} (equal, or in a list).'),
});

/** The arguments globEntries takes: the tool's. */
export type GlobArgs = {
  pattern: string;
  path?: string | undefined;
  tag?: string | string[] | undefined;
  where?: Record<string, WhereValue> | undefined;
};

export const GlobResultSchema = z.object({
  pattern: z.string(),
  scope: z.string().describe('Folder the pattern was matched under; "" = every folder.'),
  entries: z
    .array(
      z.object({
        path: z.string(),
        type: z.enum(ENTRY_TYPES),
        mtime: z.number().describe("Last content change, ms since the epoch; 0 when unknown."),
      }),
    )
    .describe("Most recently modified first, ties by path."),
  total: z.number().int().describe("Entries matching, before the cut."),
  truncated: z.boolean(),
  filter: z.string().optional().describe("The tag / where filter applied, in words."),
});
export type GlobToolResult = z.infer<typeof GlobResultSchema>;

export const globTool = defineTool({
  name: "glob",
  title: "Find documents by path",
  description: [
    "Finds documents in the team knowledge base by path pattern (glob), optionally only notes with a tag or properties.",
    'Paths start with the folder name, e.g. "Lens/Notes/Ideas.md". Results are one path per line, most recently modified first.',
    `At most ${GLOB_MAX_RESULTS} paths are listed; narrow the pattern or path when cut.`,
    "Use it to see what exists before reading; grep searches inside documents.",
  ].join("\n"),
  input,
  output: GlobResultSchema,
  readOnly: true,
  run(ws, _session, args, caller) {
    return globListing(ws, args, caller?.reach);
  },
  renderText(r) {
    if (r.entries.length === 0 && r.filter !== undefined) {
      return `No notes found with ${r.filter}${r.scope ? ` under ${r.scope}` : ""} matching ${JSON.stringify(r.pattern)}.`;
    }
    if (r.entries.length === 0) {
      const hint = r.pattern.includes("/")
        ? ""
        : `. Patterns match whole paths${r.scope ? ` under ${r.scope}` : ' such as "Lens/Notes/Ideas.md"'}; try "**/${clip(r.pattern)}".`;
      return `No files found${hint}`;
    }
    const lines = r.entries.map((e) => e.path);
    if (r.truncated) {
      lines.push(
        `(Results are truncated: showing the ${r.entries.length} most recent of ${r.total} paths. Use a more specific pattern or path.)`,
      );
    }
    return lines.join("\n");
  },
});

/**
 * The glob tool's typed result, listing at most `limit` entries: the tool itself lists
 * GLOB_MAX_RESULTS (an assistant's context is the scarce thing); REST lets a client that builds
 * a whole folder tree ask for more. Render it with `globTool.renderText`.
 */
export function globListing(
  ws: Workspace,
  args: GlobArgs,
  reach: Reach = EVERYWHERE,
  limit = GLOB_MAX_RESULTS,
): Outcome<GlobToolResult> {
  const r = globEntries(ws, args, reach, limit);
  if (!r.ok) return r;
  const { scope, entries, total } = r.value;
  const filter = filterWords(args);
  return success({
    pattern: args.pattern,
    scope,
    entries: entries.map(({ path, type, mtime }) => ({ path, type, mtime })),
    total,
    truncated: total > entries.length,
    ...(filter ? { filter } : {}),
  });
}

/** One path glob found, with what a listing shows about it. */
export interface GlobEntry {
  path: string;
  docId: string;
  type: Located["meta"]["type"];
  /** Last content change (ms since epoch); 0 when unknown. */
  mtime: number;
}

export type GlobResult = Outcome<{ scope: string; entries: GlobEntry[]; total: number }>;

/**
 * The glob tool's search, structured: entries matching `pattern` under `path`, most recently
 * modified first (ties by path), at most `limit` of `total`. REST lists documents with it.
 */
export function globEntries(
  ws: Workspace,
  args: GlobArgs,
  reach: Reach = EVERYWHERE,
  limit = GLOB_MAX_RESULTS,
): GlobResult {
  let scope = "";
  if (args.path !== undefined && args.path.trim() !== "") {
    let path: string;
    try {
      path = normalizeUserPath(args.path);
    } catch (e) {
      if (e instanceof PathError) return failure("invalid_path", `Invalid path: ${e.message}.`);
      throw e;
    }
    const seen = reachesPath(reach, path);
    if (path !== "" && !(seen && ws.paths.isDirectory(path))) {
      return seen && ws.paths.get(path)
        ? failure(
            "not_a_folder",
            `${path} is a document, not a folder: give a folder (e.g. "${path.split("/")[0]}") as path, or read the document directly.`,
          )
        : failure(
            "not_found",
            `Folder not found: ${clip(path)}. Known folders: ${folderList(ws, reach)}.`,
          );
    }
    scope = path;
  }
  const why = globSyntaxError(args.pattern);
  if (why !== undefined) {
    return failure(
      "invalid_pattern",
      `Invalid glob pattern ${JSON.stringify(clip(args.pattern))}: ${why}.`,
    );
  }
  let isMatch: (s: string) => boolean;
  try {
    isMatch = picomatch(args.pattern.normalize("NFC"));
  } catch (e) {
    return failure(
      "invalid_pattern",
      `Invalid glob pattern ${JSON.stringify(clip(args.pattern))}: ${(e as Error).message}`,
    );
  }
  const filter = propertyFilter(args);
  if (!filter.ok) return filter;
  const keep = filter.value;
  const prefix = scope === "" ? "" : `${scope}/`;
  const found: GlobEntry[] = [];
  for (const loc of ws.paths.entries()) {
    if (loc.meta.type === "folder" || !loc.path.startsWith(prefix)) continue;
    if (!reach.all && !reachesEntry(ws, reach, loc)) continue;
    if (!isMatch(loc.path.slice(prefix.length))) continue;
    if (keep && !keep(ws, loc)) continue;
    found.push({
      path: loc.path,
      docId: loc.docId,
      type: loc.meta.type,
      mtime: ws.mtime(loc.docId) || loc.meta.synctime || 0,
    });
  }
  found.sort((a, b) => b.mtime - a.mtime || compareStrings(a.path, b.path));
  return success({ scope, entries: found.slice(0, limit), total: found.length });
}

/** `tag "daily", status = "open"`: a call's filters in words, if it has any. */
function filterWords(args: GlobArgs): string | undefined {
  const tags = typeof args.tag === "string" ? [args.tag] : (args.tag ?? []);
  const parts = tags.map((t) => `tag ${JSON.stringify(clip(t, 80))}`);
  for (const [k, v] of Object.entries(args.where ?? {})) {
    parts.push(`${clip(k, 80)} = ${JSON.stringify(typeof v === "string" ? clip(v, 80) : v)}`);
  }
  return parts.length ? parts.join(", ") : undefined;
}

/** The `tag` / `where` test of a call, if it has one; a tag Obsidian could not hold is refused. */
function propertyFilter(
  args: GlobArgs,
): Outcome<((ws: Workspace, loc: Located) => boolean) | undefined> {
  if (args.tag === undefined && args.where === undefined) return success(undefined);
  const tags: string[] = [];
  for (const given of typeof args.tag === "string" ? [args.tag] : (args.tag ?? [])) {
    const tag = asTag(given);
    if (!tag) {
      return failure(
        "invalid_pattern",
        `Invalid tag ${JSON.stringify(clip(given))}: a tag is letters, digits, _, - and / (with at least one non-digit), e.g. "project/alpha"; nothing else, spaces included.`,
      );
    }
    tags.push(tag);
  }
  const filter = { tags, where: args.where ?? {} };
  const may = mayMatch(filter);
  return success((ws: Workspace, loc: Located) => {
    if (loc.meta.type !== "markdown") return false;
    const view = ws.view(loc.docId);
    if (view === undefined || !may(view.aiOnce())) return false;
    return matchesFilter(notePropertiesOf(view), filter);
  });
}

function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function folderList(ws: Workspace, reach: Reach): string {
  const names = ws
    .folders()
    .map((f) => f.name)
    .filter((name) => reachesFolder(reach, name))
    .sort(compareStrings);
  return names.length ? names.join(", ") : "(none)";
}
