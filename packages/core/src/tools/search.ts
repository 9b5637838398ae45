// The `search` tool: ranked full-text search — notes by what they are about, best first, with
// the lines that match (SPEC §6 search). grep finds exact patterns; search ranks.
import { z } from "zod";
import { EVERYWHERE } from "../access/reach.js";
import { RANKED_MAX_WORDS, rankedSearch } from "../ranked/search.js";
import { markedText } from "../ranked/snippets.js";
import { plural } from "../text/english.js";
import { resolveScope } from "./scope.js";
import { defineTool, failure, success } from "./tool.js";

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
    "Finds the notes most about what you ask, best first (BM25): a note's name counts most, then its tags and headings, then its text.",
    "Each result is a path (as read and edit accept it), a score, and up to two matching lines, numbered, the matching words in **bold**.",
    'Use it for questions like "what do we know about onboarding?"; grep finds exact text or patterns.',
  ].join("\n"),
  input,
  output: z.object({
    query: z.string(),
    total: z.number().int().describe("Notes matching, before paging."),
    offset: z.number().int(),
    limit: z.number().int(),
    hits: z.array(
      z.object({
        path: z.string().describe("As read and edit accept it."),
        score: z.number(),
        snippets: z.array(
          z.object({
            line: z.number().int().describe("1-based line in the AI view (read's numbers)."),
            text: z.string(),
            marks: z
              .array(z.tuple([z.number().int(), z.number().int()]))
              .describe("[start, end) offsets of the matched words in text."),
          }),
        ),
      }),
    ),
  }),
  readOnly: true,
  run(ws, _session, args, caller) {
    const reach = caller?.reach ?? EVERYWHERE;
    const resolved = resolveScope(ws, args.path, reach);
    if (!resolved.ok) return resolved;
    const scope = resolved.value;
    if (scope.kind === "document") {
      return failure(
        "not_a_folder",
        `${scope.loc.path} is a document; search takes a folder as path. Use read or grep on one document.`,
      );
    }
    const result = rankedSearch(ws, args.query, {
      ...(scope.kind === "directory" ? { scope: scope.path } : {}),
      reach,
      limit: args.limit,
      offset: args.offset,
    });
    if (result && "tooManyWords" in result) {
      return failure(
        "invalid_pattern",
        `The query holds ${result.tooManyWords} words; search takes at most ${RANKED_MAX_WORDS}. Keep the words that say what the notes are about.`,
      );
    }
    if (!result) {
      return failure(
        "invalid_pattern",
        `The query ${JSON.stringify(args.query.slice(0, 200))} holds no word, phrase or #tag to look for (very common words such as "the" are not searched alone).`,
      );
    }
    return success({
      query: args.query,
      total: result.total,
      offset: args.offset,
      limit: args.limit,
      hits: result.hits,
    });
  },
  renderText(r) {
    if (r.hits.length === 0) {
      return r.total ? `No more results (there are ${r.total}).` : "No notes found";
    }
    const blocks = r.hits.map((h) =>
      [
        `${h.path} (score ${h.score.toFixed(2)})`,
        ...h.snippets.map((s) => `  ${s.line}: ${markedText(s)}`),
      ].join("\n"),
    );
    const shown = r.offset + r.hits.length;
    if (shown < r.total) {
      blocks.push(
        `(${plural(r.total - shown, "more result")}: pass offset ${shown} for the next ${Math.min(r.limit, r.total - shown)})`,
      );
    }
    return blocks.join("\n\n");
  },
});
