// Link resolution with Obsidian's observed rules, inside the source's folder first (SPEC §5):
// relative paths exactly; else exact from the folder root, a folder named by the first segment,
// then the best basename match in the source's folder, then in the other folders.
// Case-insensitive, `.md` optional.
import type { Located } from "../paths/pathIndex.js";
import type { EntryChange } from "../workspace/events.js";
import type { Folder, Workspace } from "../workspace/workspace.js";
import { BasenameIndex, linkKey } from "./basenames.js";

/**
 * Resolves link targets against a Workspace. Owns the per-folder basename index; whoever holds
 * the resolver feeds it `entries` changes (`applyEntries`) and calls `rebuild` when folders were
 * added, removed or renamed.
 */
export class LinkResolver {
  private readonly basenames = new BasenameIndex();
  private readonly foldersByName = new Map<string, Folder[]>();

  constructor(private readonly ws: Workspace) {
    this.rebuild();
  }

  /** Re-indexes every folder (after a folder-level change). */
  rebuild(): void {
    const folders = this.ws.folders();
    this.basenames.rebuild(
      this.ws.paths,
      folders.map((f) => f.docId),
    );
    this.foldersByName.clear();
    for (const f of [...folders].sort((a, b) => compare(a.docId, b.docId))) {
      const key = f.name.toLowerCase();
      const list = this.foldersByName.get(key);
      if (list) list.push(f);
      else this.foldersByName.set(key, [f]);
    }
  }

  /** Applies filemeta changes (already applied to `ws.paths`) to the basename index. */
  applyEntries(changes: readonly EntryChange[]): void {
    for (const c of changes) if (c.before) this.basenames.remove(c.before);
    for (const c of changes) if (c.after) this.basenames.put(c.after);
  }

  /**
   * The entry a link target names when written in `source`; `source` itself for `""` (a
   * `[[#Heading]]` link); undefined when nothing matches.
   */
  resolve(target: string, source: Located): Located | undefined {
    const link = target.normalize("NFC").trim();
    if (link === "") return source;
    if (isRelative(link)) {
      const path = joinRelative(source.path, link);
      return path === undefined ? undefined : this.exact(path);
    }
    const folder = this.ws.folder(source.folderDocId);
    const rel = link.replace(/^\/+/, "");
    if (!folder || rel === "") return undefined;
    return (
      this.exact(`${folder.name}/${rel}`, folder.docId) ??
      this.inNamedFolder(rel) ??
      (link.startsWith("/") ? undefined : this.byBasename(rel, source))
    );
  }

  /** Exact user path, case-insensitive, `.md` optional; exact case wins, then lexical order. */
  private exact(path: string, folderDocId?: string): Located | undefined {
    const tries = /\.md$/i.test(path) ? [path] : [path, `${path}.md`];
    for (const p of tries) {
      const found = this.ws.paths
        .getIgnoringCase(p)
        .filter(
          (l) =>
            l.meta.type !== "folder" &&
            (folderDocId === undefined || l.folderDocId === folderDocId),
        );
      if (found.length > 0)
        return found.find((l) => l.path === p) ?? found.sort((a, b) => compare(a.path, b.path))[0];
    }
    return undefined;
  }

  /** `Other/Notes/T` where `Other` is a folder's name: exact path in that folder. */
  private inNamedFolder(rel: string): Located | undefined {
    const slash = rel.indexOf("/");
    if (slash <= 0 || slash === rel.length - 1) return undefined;
    const named = this.foldersByName.get(rel.slice(0, slash).toLowerCase()) ?? [];
    const first = rel.slice(0, slash);
    const ordered = [
      ...named.filter((f) => f.name === first),
      ...named.filter((f) => f.name !== first),
    ];
    for (const f of ordered) {
      const found = this.exact(`${f.name}/${rel.slice(slash + 1)}`, f.docId);
      if (found) return found;
    }
    return undefined;
  }

  /**
   * Basename / path-suffix match (`T` → any `…/T.md`, `dir/T` → any `…/dir/T.md`). In the
   * source's folder: the only match; else one in the source's own directory; then the shortest
   * path; then the lexically first. When the source's folder has none and the link's first
   * segment names no folder, the same match in the other folders: the shortest in-folder path,
   * then the folder name, then the lexically first user path.
   */
  private byBasename(rel: string, source: Located): Located | undefined {
    const lower = rel.toLowerCase();
    const suffixes = lower.endsWith(".md") ? [`/${lower}`] : [`/${lower}`, `/${lower}.md`];
    const matching = (c: Located) =>
      suffixes.some((s) => c.entryPath.normalize("NFC").toLowerCase().endsWith(s));
    const key = linkKey(rel);
    const own = [...this.basenames.candidates(source.folderDocId, key)].filter(matching);
    if (own.length > 0) return this.bestInFolder(own, source);
    if (this.namesFolder(rel)) return undefined;
    let best: Ranked | undefined;
    for (const [folderDocId, entries] of this.basenames.folders(key)) {
      const folder = folderDocId === source.folderDocId ? undefined : this.ws.folder(folderDocId);
      if (!folder) continue;
      for (const loc of entries) {
        if (!matching(loc)) continue;
        const ranked: Ranked = { loc, folder: folder.name, inFolder: inFolderLength(loc) };
        if (!best || precedes(ranked, best)) best = ranked;
      }
    }
    return best?.loc;
  }

  /** Of several matches in the source's folder: its own directory, shortest, lexically first. */
  private bestInFolder(matches: Located[], source: Located): Located | undefined {
    if (matches.length <= 1) return matches[0];
    const dir = dirOf(source.entryPath);
    const sameDir = matches.filter((c) => dirOf(c.entryPath) === dir);
    const pool = sameDir.length > 0 ? sameDir : matches;
    return pool.sort((a, b) => a.path.length - b.path.length || compare(a.path, b.path))[0];
  }

  /** True when the link's first segment is a folder's name (`Other/T`), any folder. */
  private namesFolder(rel: string): boolean {
    const slash = rel.indexOf("/");
    return slash > 0 && this.foldersByName.has(rel.slice(0, slash).toLowerCase());
  }
}

/** A match in another folder, with what the cross-folder tie order compares. */
interface Ranked {
  loc: Located;
  folder: string;
  inFolder: number;
}

/** Cross-folder tie order: shorter in-folder path, then folder name, then user path. */
function precedes(a: Ranked, b: Ranked): boolean {
  return (
    (a.inFolder - b.inFolder || compare(a.folder, b.folder) || compare(a.loc.path, b.loc.path)) < 0
  );
}

/** Length of the in-folder part of the user path (`Notes/T.md` of `Lens/Notes/T.md`). */
function inFolderLength(loc: Located): number {
  return loc.entryPath.replace(/^\/+/, "").normalize("NFC").length;
}

function isRelative(link: string): boolean {
  return link === "." || link === ".." || link.startsWith("./") || link.startsWith("../");
}

/**
 * `Lens/Notes/A.md` + `../x/T` → `Lens/x/T`. Climbing above the folder root reaches the
 * workspace root, where the first segment is a folder name; above that → undefined.
 */
export function joinRelative(sourcePath: string, link: string): string | undefined {
  const parts = sourcePath.split("/");
  parts.pop();
  for (const seg of link.split("/")) {
    if (seg === "" || seg === ".") continue;
    if (seg === "..") {
      if (parts.length === 0) return undefined;
      parts.pop();
    } else parts.push(seg);
  }
  return parts.length > 0 ? parts.join("/") : undefined;
}

function dirOf(entryPath: string): string {
  return entryPath.slice(0, entryPath.lastIndexOf("/"));
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
