// Transaction origins for changes that arrive through the sync server, so observers (the
// store's batching, the workspace's `content` events) can tell human traffic from AI edits.

/** Marks a Yjs transaction as applied from a y-sweet client (WebSocket) or the HTTP update API. */
export interface SyncOrigin {
  readonly syncTransport: "websocket" | "http";
  readonly docId: string;
}

/** True when a transaction origin is a change received by the sync server. */
export function isSyncOrigin(origin: unknown): origin is SyncOrigin {
  return (
    typeof origin === "object" &&
    origin !== null &&
    "syncTransport" in origin &&
    ((origin as SyncOrigin).syncTransport === "websocket" ||
      (origin as SyncOrigin).syncTransport === "http")
  );
}
