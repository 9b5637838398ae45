// The sidebar: a link to the review queue, a path search, and the folder tree with the
// number of pending suggestions of each folder and document.
import { useMemo, useState } from "preact/hooks";
import type { DocumentEntry } from "../api/types.js";
import { queueLink } from "../app/queueQuery.js";
import { docHash, type Route } from "../app/route.js";
import { folderTree, type TreeNode } from "../tree/folderTree.js";
import { ChevronDown, ChevronRight, FileText, Folder } from "./icons.js";

interface Props {
  documents: DocumentEntry[] | undefined;
  truncated: boolean;
  pending: ReadonlyMap<string, number>;
  total: number | undefined;
  route: Route;
  /** The open document's path as the server names it. */
  openPath: string | undefined;
}

export function Sidebar(p: Props) {
  const [query, setQuery] = useState("");
  const paths = useMemo(
    () => (p.documents ?? []).filter((d) => d.type === "markdown").map((d) => d.path),
    [p.documents],
  );
  const tree = useMemo(() => folderTree(paths, p.pending, query), [paths, p.pending, query]);
  return (
    <nav class="sidebar" aria-label="Documents">
      <a class={`queue-link ${p.route.name === "queue" ? "current" : ""}`} href={queueLink()}>
        Review queue
        {p.total !== undefined && <Count n={p.total} />}
      </a>
      <input
        type="search"
        class="path-search"
        placeholder="Search paths"
        aria-label="Search paths"
        value={query}
        onInput={(e) => setQuery(e.currentTarget.value)}
      />
      {p.documents === undefined ? (
        <p class="muted">Loading documents…</p>
      ) : tree.length === 0 ? (
        <p class="muted">{query ? "No path matches." : "No documents."}</p>
      ) : (
        <ul class="tree">
          {tree.map((n) => (
            <Node key={n.path} node={n} open={query !== ""} current={p.openPath} />
          ))}
        </ul>
      )}
      {p.truncated && <p class="muted">Only the first {paths.length} documents are listed.</p>}
    </nav>
  );
}

function Count({ n }: { n: number }) {
  return n > 0 ? (
    <span class="badge" title={`${n} pending`}>
      {n}
    </span>
  ) : null;
}

function Node({ node, open, current }: { node: TreeNode; open: boolean; current?: string }) {
  if (node.kind === "document") {
    const here = node.path === current;
    return (
      <li>
        <a
          class={`doc-link ${here ? "current" : ""}`}
          href={docHash(node.path)}
          aria-current={here ? "page" : undefined}
        >
          <FileText size={14} class="icon" />
          <span class="name">{node.name.replace(/\.md$/i, "")}</span>
          <Count n={node.pending} />
        </a>
      </li>
    );
  }
  const inside = current?.startsWith(`${node.path}/`) ?? false;
  return (
    <li>
      {/* Open: while searching, on the way to the open document, top-level, or with work in it. */}
      <details open={open || inside || !node.path.includes("/") || node.pending > 0}>
        <summary>
          <ChevronRight size={14} class="icon closed-only" />
          <ChevronDown size={14} class="icon open-only" />
          <Folder size={14} class="icon" />
          <span class="name">{node.name}</span>
          <Count n={node.pending} />
        </summary>
        <ul>
          {node.children.map((c) => (
            <Node key={c.path} node={c} open={open} current={current} />
          ))}
        </ul>
      </details>
    </li>
  );
}
