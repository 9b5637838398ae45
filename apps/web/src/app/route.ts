// Hash routes, so the server only ever serves `/` and `/assets/*`: `#/doc/<path>` opens a
// document, `#/queue` (and `#/`) the review queue.

export type Route =
  /** The queue; `query`: its filters (`#/queue?by=assistant&author=…`), when chosen. */
  | { name: "queue"; query?: string }
  /** A document; `suggestion`: the id of one of its suggestions to scroll to and select. */
  | { name: "doc"; path: string; suggestion?: string };

/** One key per page: the queue, or one document (its path as typed, case aside). */
export function routeKey(route: Route): string {
  return route.name === "doc" ? `doc:${route.path.toLowerCase()}` : "queue";
}

export function parseRoute(hash: string): Route {
  const h = hash.replace(/^#/, "");
  if (h.startsWith("/doc/")) {
    try {
      // The path's segments are escaped, so a literal `?` starts the query (`s=ID`).
      const [rawPath = "", query = ""] = h.slice("/doc/".length).split("?", 2);
      const path = decodeURIComponent(rawPath);
      const suggestion = new URLSearchParams(query).get("s") ?? undefined;
      if (path !== "")
        return suggestion ? { name: "doc", path, suggestion } : { name: "doc", path };
    } catch {
      // a malformed escape: fall back to the queue
    }
  }
  if (h.startsWith("/queue?")) {
    const query = h.slice("/queue?".length);
    if (query !== "") return { name: "queue", query };
  }
  return { name: "queue" };
}

/** `#/queue`, with the filters' query when there is one. */
export function queueHash(query = ""): string {
  return query === "" ? QUEUE_HASH : `${QUEUE_HASH}?${query}`;
}

/**
 * `#/doc/Team/Notes/Ideas.md`, each segment escaped, slashes kept readable; with `suggestion`,
 * `?s=ID` to open the document at that suggestion.
 */
export function docHash(path: string, suggestion?: string): string {
  const doc = `#/doc/${path.split("/").map(encodeURIComponent).join("/")}`;
  return suggestion ? `${doc}?s=${encodeURIComponent(suggestion)}` : doc;
}

export const QUEUE_HASH = "#/queue";
