// Keeping links pointing where they pointed: a snapshot of what every link resolves to before
// a change to the entries (a move), and the rewrites that make each link that now resolves
// elsewhere name its old target again — in the shortest form that resolves to it (SPEC §5).
import type { Replacement } from "../edit/plan.js";
import type { Located } from "../paths/pathIndex.js";
import type { Workspace } from "../workspace/workspace.js";
import { backlinkIndexOf } from "./backlinks.js";
import { linkKey } from "./basenames.js";
import type { Wikilink } from "./wikilink.js";

/** Each resolved link of each loaded note, with the doc id it names now. */
export interface LinkSnapshot {
  links: { sourceDocId: string; link: Wikilink; targetDocId: string }[];
}

export function snapshotLinks(ws: Workspace): LinkSnapshot {
  const index = backlinkIndexOf(ws);
  const links: LinkSnapshot["links"] = [];
  for (const sourceDocId of ws.contentDocIds()) {
    for (const { link, target } of index.forwardLinks(sourceDocId)) {
      // `[[#Heading]]` names a place in the note itself, whatever its path.
      if (link.target === "" || !target) continue;
      links.push({ sourceDocId, link, targetDocId: target.docId });
    }
  }
  return { links };
}

/** Link rewrites per source doc id (sorted, AI-view ranges) that restore the snapshot's targets. */
export function linkRepairs(ws: Workspace, before: LinkSnapshot): Map<string, Replacement[]> {
  const index = backlinkIndexOf(ws);
  const out = new Map<string, Replacement[]>();
  for (const { sourceDocId, link, targetDocId } of before.links) {
    const source = locate(ws, sourceDocId);
    const target = locate(ws, targetDocId);
    if (!source || !target) continue;
    if (index.resolve(link.target, source)?.docId === targetDocId) continue;
    const name = shortestName(ws, source, target);
    if (name === undefined) continue;
    const reps = out.get(sourceDocId) ?? [];
    reps.push({ start: link.start, end: link.end, text: relinked(link, name) });
    out.set(sourceDocId, reps);
  }
  for (const reps of out.values()) reps.sort((a, b) => a.start - b.start);
  return out;
}

function locate(ws: Workspace, docId: string): Located | undefined {
  const path = ws.paths.pathOf(docId);
  return path === undefined ? undefined : ws.paths.get(path);
}

/** The shortest way to name `target` from `source`: base name, in-folder path, full path. */
function shortestName(ws: Workspace, source: Located, target: Located): string | undefined {
  const index = backlinkIndexOf(ws);
  const strip = (p: string) => (target.meta.type === "markdown" ? p.replace(/\.md$/i, "") : p);
  const inFolder = strip(target.entryPath.slice(1));
  const candidates = [inFolder.slice(inFolder.lastIndexOf("/") + 1), inFolder, strip(target.path)];
  return candidates.find((c) => index.resolve(c, source)?.docId === target.docId);
}

/** The link written again with another target, keeping embed, heading, block and alias. */
function relinked(link: Wikilink, target: string): string {
  const heading = link.heading !== undefined ? `#${link.heading}` : "";
  const block = link.block !== undefined ? `#^${link.block}` : "";
  const pipe = link.raw.includes("\\|") ? "\\|" : "|";
  const alias = link.alias !== undefined ? `${pipe}${link.alias}` : "";
  return `${link.embed ? "!" : ""}[[${target}${heading}${block}${alias}]]`;
}

/**
 * The notes whose links moving `moved` to `entryPath` may make resolve elsewhere (SPEC §5): the
 * note itself (its relative links), the notes linking to it, and those with a link whose last
 * segment is its new name (which may now resolve to it). Any other link keeps its target.
 */
export function mayRewrite(before: LinkSnapshot, moved: string, entryPath: string): Set<string> {
  const key = linkKey(entryPath);
  const sources = new Set<string>();
  for (const { sourceDocId, link, targetDocId } of before.links) {
    if (sourceDocId === moved || targetDocId === moved || linkKey(link.target.trim()) === key) {
      sources.add(sourceDocId);
    }
  }
  return sources;
}

/** A link a pending move would rewrite: in which note, as written now, and as it would be. */
export interface PreviewedRewrite {
  docId: string;
  link: string;
  text: string;
}

/**
 * The rewrites moving `docId` to in-folder `entryPath` would make in the notes linking to it, as
 * a reviewer previews them: a link by its bare name that stays unique keeps resolving; any other
 * gets the new bare name when nothing else has it, else the new in-folder path. Accepting the
 * move computes them again exactly (linkRepairs) on the notes as they are then.
 */
export function previewMoveRewrites(
  ws: Workspace,
  docId: string,
  entryPath: string,
): PreviewedRewrite[] {
  const index = backlinkIndexOf(ws);
  const moved = locate(ws, docId);
  if (!moved) return [];
  const key = linkKey(entryPath);
  const inFolder = entryPath.slice(1).replace(/\.md$/i, "");
  const bare = inFolder.slice(inFolder.lastIndexOf("/") + 1);
  const out: PreviewedRewrite[] = [];
  for (const sourceDocId of index.backlinks(docId)) {
    if (sourceDocId === docId) continue;
    const source = locate(ws, sourceDocId);
    if (!source) continue;
    const other = index.resolve(bare, source);
    const bareFree = !other || other.docId === docId;
    for (const { link, target } of index.forwardLinks(sourceDocId)) {
      if (target?.docId !== docId || link.target === "") continue;
      const written = link.target.trim();
      if (bareFree && !written.includes("/") && linkKey(written) === key) continue;
      out.push({
        docId: sourceDocId,
        link: link.raw,
        text: relinked(link, bareFree ? bare : inFolder),
      });
    }
  }
  return out;
}
