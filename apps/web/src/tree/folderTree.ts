// The folder tree of the sidebar: documents from the listing arranged by folder, each node
// with how many suggestions are pending under it, optionally narrowed by a path search.

export interface TreeNode {
  name: string;
  /** User path: a folder's (`Team/Notes`) or a document's (`Team/Notes/Ideas.md`). */
  path: string;
  kind: "folder" | "document";
  /** Pending suggestions in this document, or in every document under this folder. */
  pending: number;
  children: TreeNode[];
}

const byName = (a: TreeNode, b: TreeNode) =>
  a.kind === b.kind ? a.name.localeCompare(b.name) : a.kind === "folder" ? -1 : 1;

/**
 * The tree of `paths` (documents), with `pending` counts per document path. `query` keeps
 * the documents whose path contains every one of its words (case-insensitive).
 */
export function folderTree(
  paths: readonly string[],
  pending: ReadonlyMap<string, number>,
  query = "",
): TreeNode[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  const root: TreeNode = { name: "", path: "", kind: "folder", pending: 0, children: [] };
  const folders = new Map<string, TreeNode>([["", root]]);
  const folderAt = (path: string): TreeNode => {
    const found = folders.get(path);
    if (found) return found;
    const slash = path.lastIndexOf("/");
    const parent = folderAt(slash === -1 ? "" : path.slice(0, slash));
    const node: TreeNode = {
      name: path.slice(slash + 1),
      path,
      kind: "folder",
      pending: 0,
      children: [],
    };
    parent.children.push(node);
    folders.set(path, node);
    return node;
  };
  for (const path of paths) {
    const lower = path.toLowerCase();
    if (!words.every((w) => lower.includes(w))) continue;
    const slash = path.lastIndexOf("/");
    const count = pending.get(path) ?? 0;
    folderAt(slash === -1 ? "" : path.slice(0, slash)).children.push({
      name: path.slice(slash + 1),
      path,
      kind: "document",
      pending: count,
      children: [],
    });
    for (let p = path; p.includes("/"); ) {
      p = p.slice(0, p.lastIndexOf("/"));
      folderAt(p).pending += count;
    }
  }
  const sort = (node: TreeNode) => {
    node.children.sort(byName);
    node.children.forEach(sort);
  };
  sort(root);
  return root.children;
}

/** Pending suggestions per document path. */
export function pendingByPath(suggestions: readonly { path: string }[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const s of suggestions) counts.set(s.path, (counts.get(s.path) ?? 0) + 1);
  return counts;
}
