// The get_links tool: the documents linking to one (from backlinks_v0) and the documents it
// links to (resolved live), unresolved links listed as such (SPEC §6).
import { z } from "zod";
import { EVERYWHERE, type Reach, reachesEntry } from "../access/reach.js";
import { backlinkIndexOf } from "../links/backlinks.js";
import type { Workspace } from "../workspace/workspace.js";
import { attachmentEntry } from "./attachment.js";
import { lookupDocument } from "./document.js";
import { defineTool, success } from "./tool.js";

/** Most lines printed per section; the rest is summarised in one note. */
export const GET_LINKS_MAX_PER_SECTION = 1000;

export const getLinksTool = defineTool({
  name: "get_links",
  title: "Get links",
  description: [
    '"Backlinks": the notes linking to a note; "Links": the notes it links to ([[wikilinks]], ![[embeds]]),',
    'resolved as Obsidian does; "Unresolved: [[name]]" names none. Finds related notes, or what mentions one.',
  ].join(" "),
  input: z.object({
    file_path: z
      .string()
      .describe(
        'Path of the document: folder name, then the path inside the folder, e.g. "Lens/Notes/Ideas.md" (the ".md" is optional). Use paths exactly as glob, grep or get_links print them.',
      ),
  }),
  output: z.object({
    path: z.string().describe("The document whose links these are."),
    backlinks: z.array(z.string()).describe("Documents linking to it, sorted."),
    unknownBacklinks: z.number().int().describe("Linking documents in no folder held here."),
    links: z.array(z.string()).describe("Documents it links to, resolved live, sorted."),
    unresolved: z.array(z.string()).describe("Link targets that name no document, as written."),
    hiddenBacklinks: z.number().int().describe("Linking documents in folders out of reach."),
    hiddenLinks: z.number().int().describe("Linked documents in folders out of reach."),
  }),
  readOnly: true,
  run(ws, _session, args, caller) {
    // An attachment has backlinks (notes embedding it) and links of its own none.
    const attached = attachmentEntry(ws, args.file_path, caller?.reach ?? EVERYWHERE);
    const found = attached
      ? success({ loc: attached })
      : lookupDocument(ws, args.file_path, caller?.reach);
    if (!found.ok) return found;
    const { loc } = found.value;
    return success({ path: loc.path, ...linksOf(ws, loc.docId, caller?.reach) });
  },
  renderText(links) {
    const unknownNote =
      links.unknownBacklinks > 0
        ? `(also linked from ${links.unknownBacklinks === 1 ? "1 document" : `${links.unknownBacklinks} documents`} not in any folder: deleted, or in a folder this server does not hold)`
        : undefined;
    return [
      section(
        "Backlinks",
        links.backlinks,
        joinNotes(unknownNote, hiddenNote(links.hiddenBacklinks)),
      ),
      section(
        "Links",
        [...links.links, ...links.unresolved.map((t) => `Unresolved: [[${t}]]`)],
        hiddenNote(links.hiddenLinks),
      ),
    ].join("\n\n");
  },
});

/** The links of one document, structured: what get_links prints and REST returns. */
export interface DocumentLinks {
  /** Paths of the documents linking to this one (from backlinks_v0), sorted. */
  backlinks: string[];
  /** Backlink sources that are in no folder this workspace holds. */
  unknownBacklinks: number;
  /** Paths this document links to, resolved live, sorted, without self-references. */
  links: string[];
  /** Link targets that name no document, as written (first spelling), sorted. */
  unresolved: string[];
  /** Backlink sources in folders the caller does not reach: counted, never named. */
  hiddenBacklinks: number;
  /** Link targets in folders the caller does not reach: counted, never named. */
  hiddenLinks: number;
}

/** Backlinks, forward links and unresolved links of a loaded document. */
export function linksOf(ws: Workspace, docId: string, reach: Reach = EVERYWHERE): DocumentLinks {
  const index = backlinkIndexOf(ws);
  const backlinks = new Set<string>();
  const hiddenBacklinks = new Set<string>();
  let unknownBacklinks = 0;
  for (const id of index.backlinks(docId)) {
    const path = ws.paths.pathOf(id);
    if (path === undefined) unknownBacklinks++;
    else (reachesEntry(ws, reach, { path, docId: id }) ? backlinks : hiddenBacklinks).add(path);
  }
  const links = new Set<string>();
  const hiddenLinks = new Set<string>();
  const unresolved = new Map<string, string>();
  for (const { link, target } of index.forwardLinks(docId)) {
    if (link.target === "") continue; // [[#Heading]]: a place in this document
    if (target) (reachesEntry(ws, reach, target) ? links : hiddenLinks).add(target.path);
    else if (!unresolved.has(link.target.toLowerCase()))
      unresolved.set(link.target.toLowerCase(), link.target);
  }
  return {
    backlinks: sortStrings(backlinks),
    unknownBacklinks,
    links: sortStrings(links),
    unresolved: sortStrings(unresolved.values()),
    hiddenBacklinks: hiddenBacklinks.size,
    hiddenLinks: hiddenLinks.size,
  };
}

/** The line saying how many entries lie in folders this token does not reach. */
function hiddenNote(count: number): string | undefined {
  if (count === 0) return undefined;
  return `(${count === 1 ? "1 document" : `${count} documents`} in folders this token cannot see: not shown)`;
}

function joinNotes(...notes: (string | undefined)[]): string | undefined {
  const present = notes.filter((n) => n !== undefined);
  return present.length ? present.join("\n") : undefined;
}

function section(title: string, lines: string[], note?: string): string {
  if (lines.length === 0) return note ? `${title}: none\n${note}` : `${title}: none`;
  const shown = lines.slice(0, GET_LINKS_MAX_PER_SECTION);
  const out = [`${title} (${lines.length}):`, ...shown];
  if (lines.length > shown.length) out.push(`(… ${lines.length - shown.length} more not shown)`);
  if (note) out.push(note);
  return out.join("\n");
}

function sortStrings(items: Iterable<string>): string[] {
  return [...items].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}
