// Notes a path that names nothing may have meant: those whose path ends with it, e.g. `Home.md`
// for `Lens Team/Home.md` (a path given without its shared folder). Only notes the caller
// reaches are named, so the hint says nothing about folders it cannot see.
import { type Reach, reachesEntry } from "../access/reach.js";
import type { Workspace } from "../workspace/workspace.js";

/** Most candidates named; with more, the path says too little to guess from. */
const MAX_CANDIDATES = 5;

/**
 * The reachable notes whose path ends with `/` + `path` (`.md` optional, any case), sorted;
 * empty when none do, or more than MAX_CANDIDATES. Scans the path index: only a failed
 * lookup pays for it.
 */
export function notesEndingWith(ws: Workspace, path: string, reach: Reach): string[] {
  const lower = path.toLowerCase();
  const tail = `/${lower.endsWith(".md") ? lower : `${lower}.md`}`;
  const found: string[] = [];
  for (const loc of ws.paths.entries()) {
    const p = loc.path;
    if (p.length < tail.length || p.slice(-tail.length).toLowerCase() !== tail) continue;
    if (loc.meta.type !== "markdown") continue;
    if (!reachesEntry(ws, reach, loc)) continue;
    found.push(loc.path);
    if (found.length > MAX_CANDIDATES) return [];
  }
  return found.sort();
}

/** "Did you mean …?" for `candidates`, or undefined when there are none. */
export function didYouMean(candidates: readonly string[]): string | undefined {
  if (candidates.length === 0) return undefined;
  const which = candidates.length === 1 ? candidates[0] : `one of: ${candidates.join(", ")}`;
  return `Did you mean ${which}? Paths start with a shared folder's name.`;
}
