// The `glob` tool: user-facing paths matching a picomatch pattern, newest first.
import picomatch from "picomatch";
import { z } from "zod";
import { PathError, normalizeUserPath } from "../paths/normalize.js";
import type { Located } from "../paths/pathIndex.js";
import type { Workspace } from "../workspace/workspace.js";
import { defineTool, fail, ok } from "./tool.js";

/** Paths listed before the output is cut. */
export const GLOB_MAX_RESULTS = 100;

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
});

export const globTool = defineTool({
  name: "glob",
  title: "Find documents by path",
  description: [
    "Finds documents and files in the team knowledge base by path pattern (glob).",
    'Paths start with the folder name, e.g. "Lens/Notes/Ideas.md". Results are one path per line, most recently modified first.',
    `At most ${GLOB_MAX_RESULTS} paths are listed; narrow the pattern or path if the list is cut.`,
    "Use it to discover what exists before reading; use grep to search inside documents.",
  ].join("\n"),
  input,
  readOnly: true,
  handler(ws, _session, args) {
    let scope = "";
    if (args.path !== undefined && args.path.trim() !== "") {
      let path: string;
      try {
        path = normalizeUserPath(args.path);
      } catch (e) {
        if (e instanceof PathError) return fail(`Invalid path: ${e.message}.`);
        throw e;
      }
      if (path !== "" && !ws.paths.isDirectory(path)) {
        return fail(
          ws.paths.get(path)
            ? `${path} is a document, not a folder: give a folder (e.g. "${path.split("/")[0]}") as path, or read the document directly.`
            : `Folder not found: ${path}. Known folders: ${folderList(ws)}.`,
        );
      }
      scope = path;
    }
    let isMatch: (s: string) => boolean;
    try {
      isMatch = picomatch(args.pattern.normalize("NFC"));
    } catch (e) {
      return fail(`Invalid glob pattern ${JSON.stringify(args.pattern)}: ${(e as Error).message}`);
    }
    const prefix = scope === "" ? "" : `${scope}/`;
    const found: { loc: Located; mtime: number }[] = [];
    for (const loc of ws.paths.entries()) {
      if (loc.meta.type === "folder" || !loc.path.startsWith(prefix)) continue;
      if (!isMatch(loc.path.slice(prefix.length))) continue;
      found.push({ loc, mtime: ws.mtime(loc.docId) || loc.meta.synctime || 0 });
    }
    if (found.length === 0) {
      const hint = args.pattern.includes("/")
        ? ""
        : ` Patterns match whole paths${scope ? ` under ${scope}` : ' such as "Lens/Notes/Ideas.md"'}; try "**/${args.pattern}".`;
      return ok(`No files found${hint}`);
    }
    found.sort((a, b) => b.mtime - a.mtime || compareStrings(a.loc.path, b.loc.path));
    const lines = found.slice(0, GLOB_MAX_RESULTS).map((f) => f.loc.path);
    if (found.length > GLOB_MAX_RESULTS) {
      lines.push(
        `(Results are truncated: showing the ${GLOB_MAX_RESULTS} most recent of ${found.length} paths. Use a more specific pattern or path.)`,
      );
    }
    return ok(lines.join("\n"));
  },
});

function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function folderList(ws: Workspace): string {
  const names = ws
    .folders()
    .map((f) => f.name)
    .sort(compareStrings);
  return names.length ? names.join(", ") : "(none)";
}
