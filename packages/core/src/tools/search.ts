// The `search` tool: ranked full-text search — notes by what they are about, best first, with
// the lines that match (SPEC §6 search). grep finds exact patterns; search ranks.
import { z } from "zod";
import { EVERYWHERE } from "../access/reach.js";
import { RANKED_MAX_WORDS, rankedSearch } from "../ranked/search.js";
import { markedText } from "../ranked/snippets.js";
import { plural } from "../text/english.js";
import { resolveScope } from "./scope.js";
import { defineTool, fail, ok } from "./tool.js";

export const SEARCH_DEFAULT_LIMIT = 10;
export const SEARCH_MAX_LIMIT = 50;

const input = z.object({
  query: z
    .string()
    .min(1)
    .max(1000)
    .describe(
      'What to look for, in words: e.g. "onboarding checklist". Words match by prefix and with small typos, case and accents ignored; "quoted phrases" must appear as written; -word excludes notes holding it; #tag keeps notes with that tag.',
    ),
  path: z
    .string()
    .optional()
    .describe(
      'A folder or sub-folder to search in (e.g. "Team/Meetings"); omit to search everywhere.',
    ),
  limit: z
    .number()
    .int()
    .min(1)
    .max(SEARCH_MAX_LIMIT)
    .default(SEARCH_DEFAULT_LIMIT)
    .describe(
      `Most notes to return (default ${SEARCH_DEFAULT_LIMIT}, at most ${SEARCH_MAX_LIMIT}).`,
    ),
  offset: z.number().int().min(0).default(0).describe("Skip this many results (paging)."),
});

export const searchTool = defineTool({
  name: "search",
  title: "Search notes by topic",
  description: [
    "Finds the notes of the team knowledge base that are most about what you ask, best first (full-text ranking, BM25): a match in a note's name counts most, then its tags and headings, then its text.",
    "Each result is a path (as read and edit accept it), a score, and up to two lines that match, with their line numbers and the matching words in **bold**.",
    'Use it for questions like "what do we know about onboarding?"; use grep for exact text or patterns.',
  ].join("\n"),
  input,
  readOnly: true,
  handler(ws, _session, args, caller) {
    const reach = caller?.reach ?? EVERYWHERE;
    const scope = resolveScope(ws, args.path, reach);
    if ("error" in scope) return fail(scope.error, scope.code);
    if (scope.kind === "document") {
      return fail(
        `${scope.loc.path} is a document; search takes a folder as path. Use read or grep on one document.`,
        "not_a_folder",
      );
    }
    const result = rankedSearch(ws, args.query, {
      ...(scope.kind === "directory" ? { scope: scope.path } : {}),
      reach,
      limit: args.limit,
      offset: args.offset,
    });
    if (result && "tooManyWords" in result) {
      return fail(
        `The query holds ${result.tooManyWords} words; search takes at most ${RANKED_MAX_WORDS}. Keep the words that say what the notes are about.`,
        "invalid_pattern",
      );
    }
    if (!result) {
      return fail(
        `The query ${JSON.stringify(args.query.slice(0, 200))} holds no word, phrase or #tag to look for (very common words such as "the" are not searched alone).`,
        "invalid_pattern",
      );
    }
    const data = { total: result.total, offset: args.offset, hits: result.hits };
    if (result.hits.length === 0) {
      return ok(
        result.total ? `No more results (there are ${result.total}).` : "No notes found",
        data,
      );
    }
    const blocks = result.hits.map((h) =>
      [
        `${h.path} (score ${h.score.toFixed(2)})`,
        ...h.snippets.map((s) => `  ${s.line}: ${markedText(s)}`),
      ].join("\n"),
    );
    const shown = args.offset + result.hits.length;
    if (shown < result.total) {
      blocks.push(
        `(${plural(result.total - shown, "more result")}: pass offset ${shown} for the next ${Math.min(args.limit, result.total - shown)})`,
      );
    }
    return ok(blocks.join("\n\n"), data);
  },
});
