// The get_links tool: the documents linking to one (from backlinks_v0) and the documents it
// links to (resolved live), unresolved links listed as such (SPEC §6).
import { z } from "zod";
import { backlinkIndexOf, type ResolvedLink } from "../links/backlinks.js";
import type { Workspace } from "../workspace/workspace.js";
import { lookupDocument } from "./document.js";
import { defineTool, fail, ok } from "./tool.js";

/** Most lines printed per section; the rest is summarised in one note. */
export const GET_LINKS_MAX_PER_SECTION = 1000;

export const getLinksTool = defineTool({
  name: "get_links",
  title: "Get links",
  description: [
    "Lists the links of one markdown document of the knowledge base, in two sections:",
    '"Backlinks": the documents that link to it; "Links": the documents it links to with',
    "[[wikilinks]] or ![[embeds]], resolved the way Obsidian resolves them. A link that names no",
    'existing document is listed as "Unresolved: [[name]]". Every path printed can be passed to',
    "read, grep (path) or get_links. Use it to find related notes, to follow a topic through the",
    "knowledge base, or to see which documents mention a note before you change it.",
  ].join(" "),
  input: z.object({
    file_path: z
      .string()
      .describe(
        'Path of the document: folder name, then the path inside the folder, e.g. "Lens/Notes/Ideas.md" (the ".md" is optional). Use paths exactly as glob, grep or get_links print them.',
      ),
  }),
  readOnly: true,
  handler(ws, _session, args) {
    const found = lookupDocument(ws, args.file_path);
    if (!found.ok) return fail(found.message);
    const index = backlinkIndexOf(ws);
    const docId = found.loc.docId;
    return ok(
      [
        section("Backlinks", backlinkLines(ws, index.backlinks(docId))),
        section("Links", linkLines(index.forwardLinks(docId))),
      ].join("\n\n"),
    );
  },
});

interface Lines {
  lines: string[];
  note?: string;
}

function backlinkLines(ws: Workspace, sourceDocIds: string[]): Lines {
  const paths = new Set<string>();
  let unknown = 0;
  for (const id of sourceDocIds) {
    const path = ws.paths.pathOf(id);
    if (path === undefined) unknown++;
    else paths.add(path);
  }
  const out: Lines = { lines: sortPaths(paths) };
  if (unknown > 0) {
    const docs = unknown === 1 ? "1 document" : `${unknown} documents`;
    out.note = `(also linked from ${docs} not in any folder: deleted, or in a folder this server does not hold)`;
  }
  return out;
}

function linkLines(links: ResolvedLink[]): Lines {
  const paths = new Set<string>();
  const unresolved = new Map<string, string>();
  for (const { link, target } of links) {
    if (link.target === "") continue; // [[#Heading]]: a place in this document
    if (target) paths.add(target.path);
    else {
      const key = link.target.toLowerCase();
      if (!unresolved.has(key)) unresolved.set(key, `Unresolved: [[${link.target}]]`);
    }
  }
  return { lines: [...sortPaths(paths), ...sortPaths(new Set(unresolved.values()))] };
}

function section(title: string, { lines, note }: Lines): string {
  if (lines.length === 0) return note ? `${title}: none\n${note}` : `${title}: none`;
  const shown = lines.slice(0, GET_LINKS_MAX_PER_SECTION);
  const out = [`${title} (${lines.length}):`, ...shown];
  if (lines.length > shown.length) out.push(`(… ${lines.length - shown.length} more not shown)`);
  if (note) out.push(note);
  return out.join("\n");
}

function sortPaths(paths: Set<string>): string[] {
  return [...paths].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}
