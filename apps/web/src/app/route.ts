// Hash routes, so the server only ever serves `/` and `/assets/*`: `#/doc/<path>` opens a
// document, `#/queue` (and `#/`) the review queue.

export type Route = { name: "queue" } | { name: "doc"; path: string };

/** One key per page: the queue, or one document (its path as typed, case aside). */
export function routeKey(route: Route): string {
  return route.name === "doc" ? `doc:${route.path.toLowerCase()}` : "queue";
}

export function parseRoute(hash: string): Route {
  const h = hash.replace(/^#/, "");
  if (h.startsWith("/doc/")) {
    try {
      const path = decodeURIComponent(h.slice("/doc/".length));
      if (path !== "") return { name: "doc", path };
    } catch {
      // a malformed escape: fall back to the queue
    }
  }
  return { name: "queue" };
}

/** `#/doc/Team/Notes/Ideas.md`, each segment escaped, slashes kept readable. */
export function docHash(path: string): string {
  return `#/doc/${path.split("/").map(encodeURIComponent).join("/")}`;
}

export const QUEUE_HASH = "#/queue";
