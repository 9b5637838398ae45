// The queue's filters as last chosen in this tab, so the sidebar's "Review queue" link (and the
// way back from a rejected creation) opens the queue as the reviewer left it, not the default.
import { queueHash } from "./route.js";

const KEY = "lens.queueQuery";

export function rememberQueueQuery(query: string): void {
  sessionStorage.setItem(KEY, query);
}

/** `#/queue` with the filters last chosen in this tab. */
export function queueLink(): string {
  return queueHash(sessionStorage.getItem(KEY) ?? "");
}
