// Link targets resolved against the document listing with Lens's rules (SPEC §5, core's
// LinkResolver, which works on a Workspace): relative paths exactly; else exact from the
// source's folder root, then a folder named by the first segment, then the best basename
// match in the source's folder, then in the other folders. Case-insensitive, `.md` optional.
import { joinRelative, linkKey } from "@lens/core";

/** The user path a link written in `source` names, or undefined. */
export type LinkResolver = (target: string, source: string) => string | undefined;

interface Entry {
  path: string;
  folder: string;
  /** The path inside its folder: `Notes/Idea.md` of `Team/Notes/Idea.md`. */
  inFolder: string;
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const dirOf = (path: string) => path.slice(0, path.lastIndexOf("/") + 1);

/** A resolver over the user paths of documents (not folders). */
export function linkResolver(paths: readonly string[]): LinkResolver {
  const byLower = new Map<string, string[]>();
  const byKey = new Map<string, Entry[]>();
  const folders = new Map<string, string[]>();
  for (const path of paths) {
    const slash = path.indexOf("/");
    if (slash <= 0) continue;
    const entry = { path, folder: path.slice(0, slash), inFolder: path.slice(slash + 1) };
    push(byLower, path.normalize("NFC").toLowerCase(), path);
    push(byKey, linkKey(path), entry);
    const names = folders.get(entry.folder.toLowerCase()) ?? [];
    if (!names.includes(entry.folder)) names.push(entry.folder);
    folders.set(entry.folder.toLowerCase(), names.sort(compare));
  }

  const exact = (path: string, folder?: string): string | undefined => {
    for (const p of /\.md$/i.test(path) ? [path] : [path, `${path}.md`]) {
      const found = (byLower.get(p.normalize("NFC").toLowerCase()) ?? []).filter(
        (c) => folder === undefined || c.startsWith(`${folder}/`),
      );
      if (found.length > 0) return found.includes(p) ? p : [...found].sort(compare)[0];
    }
    return undefined;
  };

  const inNamedFolder = (rel: string): string | undefined => {
    const slash = rel.indexOf("/");
    if (slash <= 0 || slash === rel.length - 1) return undefined;
    const first = rel.slice(0, slash);
    const named = folders.get(first.toLowerCase()) ?? [];
    for (const f of [...named.filter((n) => n === first), ...named.filter((n) => n !== first)]) {
      const found = exact(`${f}/${rel.slice(slash + 1)}`, f);
      if (found) return found;
    }
    return undefined;
  };

  const byBasename = (rel: string, source: string, folder: string): string | undefined => {
    const lower = rel.normalize("NFC").toLowerCase();
    const suffixes = lower.endsWith(".md") ? [`/${lower}`] : [`/${lower}`, `/${lower}.md`];
    const matches = (byKey.get(linkKey(rel)) ?? []).filter((e) =>
      suffixes.some((s) => `/${e.inFolder}`.normalize("NFC").toLowerCase().endsWith(s)),
    );
    const own = matches.filter((e) => e.folder === folder);
    if (own.length > 0) {
      const sameDir = own.filter((e) => dirOf(e.path) === dirOf(source));
      const pool = sameDir.length > 0 ? sameDir : own;
      return pool.sort((a, b) => a.path.length - b.path.length || compare(a.path, b.path))[0]?.path;
    }
    const slash = rel.indexOf("/");
    if (slash > 0 && folders.has(rel.slice(0, slash).toLowerCase())) return undefined;
    return matches.sort(
      (a, b) =>
        a.inFolder.length - b.inFolder.length ||
        compare(a.folder, b.folder) ||
        compare(a.path, b.path),
    )[0]?.path;
  };

  return (target, source) => {
    const link = target.normalize("NFC").trim();
    if (link === "") return source;
    if (link === "." || link === ".." || link.startsWith("./") || link.startsWith("../")) {
      const path = joinRelative(source, link);
      return path === undefined ? undefined : exact(path);
    }
    const folder = source.slice(0, source.indexOf("/"));
    const rel = link.replace(/^\/+/, "");
    if (folder === "" || rel === "") return undefined;
    return (
      exact(`${folder}/${rel}`, folder) ??
      inNamedFolder(rel) ??
      (link.startsWith("/") ? undefined : byBasename(rel, source, folder))
    );
  };
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
