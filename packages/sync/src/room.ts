// A document's room: answers its clients' sync messages, relays their awareness, and broadcasts
// every update of the doc at once — from clients, the HTTP API and in-process AI edits alike.
import { Awareness, applyAwarenessUpdate, removeAwarenessStates } from "y-protocols/awareness";
import * as Y from "yjs";
import { SyncConnection } from "./connection.js";
import {
  decodeMessage,
  encodeAwareness,
  encodeSyncStep1,
  encodeSyncStep2,
  encodeUpdate,
} from "./protocol.js";

interface AwarenessChange {
  added: number[];
  updated: number[];
  removed: number[];
}

export class DocRoom {
  /**
   * Presence of the connected clients. It sits on a placeholder doc of its own, so it never
   * hooks the workspace doc's lifecycle, and it has no local state: the server is not a peer.
   */
  readonly awareness = new Awareness(new Y.Doc());
  private readonly connections = new Set<SyncConnection>();
  private destroyed = false;

  constructor(
    readonly docId: string,
    readonly doc: Y.Doc,
    /** Applies a client's update to the doc (the hub also reconciles the doc's kind). */
    private readonly applyUpdate: (update: Uint8Array, origin: SyncConnection) => void,
    /** An update of the doc as `conn` may see it (backlinkView.ts); the same one by default. */
    private readonly viewFor: (conn: SyncConnection, update: Uint8Array) => Uint8Array = (
      _conn,
      update,
    ) => update,
  ) {
    this.awareness.setLocalState(null);
    doc.on("update", this.onDocUpdate);
    this.awareness.on("update", this.onAwarenessUpdate);
  }

  get size(): number {
    return this.connections.size;
  }

  clients(): SyncConnection[] {
    return [...this.connections];
  }

  /** Adds a client and opens the handshake: sync step 1, then everyone's awareness. */
  join(conn: SyncConnection): void {
    this.connections.add(conn);
    conn.send(encodeSyncStep1(this.doc));
    if (this.awareness.getStates().size > 0) conn.send(encodeAwareness(this.awareness));
  }

  /** Removes a client and withdraws its awareness states from the others. */
  leave(conn: SyncConnection): void {
    if (!this.connections.delete(conn)) return;
    const ids = [...conn.awarenessClients];
    if (ids.length > 0) removeAwarenessStates(this.awareness, ids, conn);
  }

  /** Handles one binary message from a client; throws on malformed input. */
  receive(conn: SyncConnection, data: Uint8Array): void {
    const message = decodeMessage(data);
    switch (message.type) {
      case "sync-step-1":
        conn.send(
          encodeSyncStep2(this.viewFor(conn, Y.encodeStateAsUpdate(this.doc, message.stateVector))),
        );
        return;
      case "update":
        // Read-only clients may sync down but their changes are dropped, as y-sweet does.
        if (conn.canWrite) this.applyUpdate(message.update, conn);
        return;
      case "awareness":
        applyAwarenessUpdate(this.awareness, message.update, conn);
        return;
      case "query-awareness":
        conn.send(encodeAwareness(this.awareness));
        return;
      case "sync-status":
        // y-sweet's heartbeat / ack: echo it; updates sent before it are applied by now.
        conn.send(data);
        return;
      case "ignored":
        return;
    }
  }

  /** Closes every client connection (they reconnect on their own). */
  closeAll(code: number, reason: string): void {
    for (const conn of this.connections) conn.close(code, reason);
  }

  /** Detaches from the doc; call once the room is empty or retired. Idempotent. */
  destroy(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    this.doc.off("update", this.onDocUpdate);
    this.awareness.off("update", this.onAwarenessUpdate);
    this.awareness.destroy();
  }

  private readonly onDocUpdate = (update: Uint8Array, origin: unknown): void => {
    if (this.connections.size === 0) return;
    const message = encodeUpdate(update);
    for (const conn of this.connections) {
      if (conn === origin) continue;
      const seen = this.viewFor(conn, update);
      conn.send(seen === update ? message : encodeUpdate(seen));
    }
  };

  private readonly onAwarenessUpdate = (change: AwarenessChange, origin: unknown): void => {
    const changed = [...change.added, ...change.updated, ...change.removed];
    if (origin instanceof SyncConnection) {
      for (const id of [...change.added, ...change.updated]) origin.awarenessClients.add(id);
      for (const id of change.removed) origin.awarenessClients.delete(id);
    }
    if (changed.length === 0 || this.connections.size === 0) return;
    const message = encodeAwareness(this.awareness, changed);
    for (const conn of this.connections) if (conn !== origin) conn.send(message);
  };
}
