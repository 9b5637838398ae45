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
  /**
   * While memoizing: source folder doc id → link target as written → what it resolves to
   * (null: nothing), or, for answers that depend on the source's directory (relative links,
   * several matches in the folder), directory → answer.
   */
  private memo: Map<string, Map<string, Answer | Map<string, Answer> | Choice>> | undefined;
  /** Set by `byBasename` (with `placeUsed` "choice") when several matches leave the choice. */
  private choice: Choice | undefined;
  /** What the last answer depended on besides the link and the source's folder. */
  private placeUsed: Place = "folder";
  constructor(private readonly ws: Workspace) {
    this.rebuild();
  }
  /** Re-indexes every folder (after a folder-level change). */
  rebuild(): void {
    if (this.memo) this.memo.clear();
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
    if (this.memo) this.memo.clear();
    for (const c of changes) if (c.before) this.basenames.remove(c.before);
    for (const c of changes) if (c.after) this.basenames.put(c.after);
  }
  /**
   * Remembers answers that depend only on the link and the source's folder (most of them)
   * until `memoize(false)` or the next change of entries or folders: for resolving many
   * notes at once, where one target is named from many notes. Off by default.
   */
  memoize(on: boolean): void {
    this.memo = on ? (this.memo ?? new Map()) : undefined;
  }
  /**
   * The entry a link target names when written in `source`; `source` itself for `""` (a
   * `[[#Heading]]` link); undefined when nothing matches.
   */
  resolve(target: string, source: Located): Located | undefined {
    if (!this.memo) return this.resolveFrom(target, source);
    let memo = this.memo.get(source.folderDocId);
    if (!memo) {
      memo = new Map();
      this.memo.set(source.folderDocId, memo);
    }
    const hit = memo.get(target);
    if (hit instanceof Choice) return hit.pick(source);
    let byDir = hit instanceof Map ? hit : undefined;
    if (hit !== undefined && !byDir) return (hit as Answer) ?? undefined;
    const dir = byDir ? dirOf(source.entryPath) : undefined;
    if (byDir && dir !== undefined && byDir.has(dir)) return byDir.get(dir) ?? undefined;
    this.placeUsed = "folder";
    const found = this.resolveFrom(target, source);
    if (this.placeUsed === "folder") memo.set(target, found ?? null);
    else if (this.placeUsed === "choice") memo.set(target, this.choice!);
    else if (this.placeUsed === "directory") {
      if (!byDir) {
        byDir = new Map();
        memo.set(target, byDir);
      }
      byDir.set(dir ?? dirOf(source.entryPath), found ?? null);
    }
    return found;
  }
  /** Sets `placeUsed` to what the answer depends on besides the link and the folder. */
  private resolveFrom(target: string, source: Located): Located | undefined {
    const link = target.normalize("NFC").trim();
    if (link === "") this.placeUsed = "source";
    else if (isRelative(link)) this.placeUsed = "directory";
    if (link === "") return source;
    if (isRelative(link)) {
      const path = joinRelative(source.path, link);
      return path === undefined ? undefined : this.exact(path);
    }
    const folder = this.ws.folder(source.folderDocId);
    const rel = link.charCodeAt(0) === SLASH ? link.replace(/^\/+/, "") : link;
    if (!folder || rel === "") return undefined;
    return (
      this.exact(`${folder.name}/${rel}`, folder.docId) ??
      this.inNamedFolder(rel) ??
      (link.charCodeAt(0) === SLASH ? undefined : this.byBasename(rel, source))
    );
  }
  /** Exact user path, case-insensitive, `.md` optional; exact case wins, then lexical order. */
  private exact(path: string, folderDocId?: string): Located | undefined {
    return (
      this.exactSpelling(path, folderDocId) ??
      (hasMdExtension(path) ? undefined : this.exactSpelling(`${path}.md`, folderDocId))
    );
  }
  /** The entry at `path` in any case (not a folder entry): exact case, else lexically first. */
  private exactSpelling(path: string, folderDocId: string | undefined): Located | undefined {
    let best: Located | undefined;
    const paths = this.ws.paths;
    for (const spelling of paths.spellings(path)) {
      const l = paths.get(spelling);
      if (
        !l ||
        l.meta.type === "folder" ||
        (folderDocId !== undefined && l.folderDocId !== folderDocId)
      )
        continue;
      if (l.path === path) return l;
      if (!best || l.path < best.path) best = l;
    }
    return best;
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
    // A bare name without `.md` matches every entry filed under its key (the key is that name,
    // lower-cased, and entries are filed by their last segment less one `.md`).
    const everyCandidate = !rel.includes("/") && !lower.endsWith(".md");
    const suffixes = lower.endsWith(".md") ? [`/${lower}`] : [`/${lower}`, `/${lower}.md`];
    const matching = (c: Located) =>
      everyCandidate ||
      suffixes.some((s) => c.entryPath.normalize("NFC").toLowerCase().endsWith(s));
    const key = linkKey(rel);
    const own = this.basenames.entriesIn(key, source.folderDocId).filter(matching);
    if (own.length === 1) return own[0];
    if (own.length > 1) {
      // What several matches leave depends on the source's directory only: kept as a choice
      // made once for every directory (per directory, a name in every directory of a large
      // vault would be looked for again from each).
      this.choice = new Choice(own);
      if (this.placeUsed === "folder") this.placeUsed = "choice";
      return this.choice.pick(source);
    }
    if (this.namesFolder(rel)) return undefined;
    let best: Ranked | undefined;
    for (const loc of this.basenames.entries(key)) {
      if (loc.folderDocId === source.folderDocId || !matching(loc)) continue;
      const folder = this.ws.folder(loc.folderDocId);
      if (!folder) continue;
      const ranked: Ranked = { loc, folder: folder.name, inFolder: inFolderLength(loc) };
      if (!best || precedes(ranked, best)) best = ranked;
    }
    return best?.loc;
  }
  /** True when the link's first segment is a folder's name (`Other/T`), any folder. */
  private namesFolder(rel: string): boolean {
    const slash = rel.indexOf("/");
    return slash > 0 && this.foldersByName.has(rel.slice(0, slash).toLowerCase());
  }
}
const SLASH = 0x2f;
/** A remembered answer: the entry, or null for none. */
type Answer = Located | null;
/**
 * Of several matches in the source's folder: one in the source's own directory, else the
 * shortest path, then the lexically first — worked out once for every directory.
 */
class Choice {
  /** Directory (in-folder, as `dirOf`) → its best match. */
  private readonly byDir = new Map<string, Located>();
  private readonly overall: Located;
  constructor(matches: readonly Located[]) {
    let overall: Located | undefined;
    for (const m of matches) {
      const dir = dirOf(m.entryPath);
      const mine = this.byDir.get(dir);
      if (!mine || shorterFirst(m, mine) < 0) this.byDir.set(dir, m);
      if (!overall || shorterFirst(m, overall) < 0) overall = m;
    }
    this.overall = overall!;
  }
  pick(source: Located): Located {
    return this.byDir.get(dirOf(source.entryPath)) ?? this.overall;
  }
}
/** Shorter user path first, then lexical order. */
function shorterFirst(a: Located, b: Located): number {
  return a.path.length - b.path.length || compare(a.path, b.path);
}
/**
 * What a resolution depends on besides the link and the source's folder: nothing more, the
 * source's directory (relative links, several matches in the folder), or the source itself
 * (`[[#Heading]]`, never remembered).
 */
type Place = "folder" | "directory" | "choice" | "source";
/** True when `path` ends in `.md`, any case. */
function hasMdExtension(path: string): boolean {
  const n = path.length;
  return (
    n >= 3 &&
    path.charCodeAt(n - 3) === 0x2e &&
    (path.charCodeAt(n - 2) | 0x20) === 0x6d &&
    (path.charCodeAt(n - 1) | 0x20) === 0x64
  );
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
