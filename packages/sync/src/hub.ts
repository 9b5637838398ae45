// The sync hub: finds or creates workspace docs, applies remote updates, and keeps one room
// per document with clients (made on first join, dropped after the last, retired on doc swap).
import { isWakeDeferred, type Reach } from "@lens/core";
import type { RawData, WebSocket } from "ws";
import * as Y from "yjs";
import { backlinksInReach } from "./backlinkView.js";
import { SyncConnection } from "./connection.js";
import { createContentDoc, promoteToFolder } from "./documents.js";
import { SyncError } from "./errors.js";
import { folderWriteRefusal } from "./folderGuard.js";
import type { SyncSettings } from "./options.js";
import type { SyncOrigin } from "./origin.js";
import { DocRoom } from "./room.js";
import type { Grant, TokenAuthority } from "./tokens.js";
import { updateProblem } from "./updateCheck.js";

/** WebSocket close codes the hub uses. */
/** From this size on, an update's follow-up work waits for the next turn (see applyRemoteUpdate). */
const LARGE_UPDATE_BYTES = 64 * 1024;

export const CLOSE_GOING_AWAY = 1001;
export const CLOSE_SERVER_ERROR = 1011;
export const CLOSE_RESTART = 1012;
/** "Try Again Later": the doc could not be read right now (a WakeDeferredError). */
export const CLOSE_TRY_AGAIN = 1013;
/**
 * "Policy Violation": the credential behind the socket was revoked or expired, or no longer
 * reaches the doc (the reason says which); the client's reconnect asks for a new token.
 */
export const CLOSE_POLICY = 1008;

export interface SyncStats {
  rooms: number;
  connections: number;
}

export class SyncHub {
  private readonly rooms = new Map<string, DocRoom>();
  private readonly sockets = new Map<WebSocket, SyncConnection>();
  /** Size of each doc that took updates from sync: its state then, plus updates since. */
  private readonly sizes = new WeakMap<Y.Doc, number>();
  private readonly stopWatching: () => void;
  private readonly pinger: ReturnType<typeof setInterval> | undefined;
  private closing = false;
  private lastViews: { update: Uint8Array; byReach: Map<string, Uint8Array> } | undefined;

  constructor(
    private readonly settings: SyncSettings,
    private readonly tokens: TokenAuthority,
  ) {
    this.stopWatching = settings.workspace.on((event) => {
      if (event.type === "doc" && this.rooms.has(event.docId)) {
        // Checked after the current change settles: a doc re-added as the same Y.Doc (folder
        // promotion, re-indexing) keeps its room.
        const docId = event.docId;
        queueMicrotask(() => this.retireIfReplaced(docId));
      }
    });
    if (settings.pingIntervalMs > 0) {
      this.pinger = setInterval(() => {
        for (const conn of this.sockets.values()) conn.ping();
      }, settings.pingIntervalMs);
      this.pinger.unref();
    }
  }

  get closed(): boolean {
    return this.closing;
  }

  stats(): SyncStats {
    return { rooms: this.rooms.size, connections: this.sockets.size };
  }

  /** Whether a room (a client) holds `docId` now. */
  isOpen(docId: string): boolean {
    return this.rooms.has(docId);
  }

  /**
   * The workspace doc under `docId`, if held, woken if dormant. A dormant doc whose file cannot
   * be read right now stays dormant: a 503 SyncError says so (retryable).
   */
  findDoc(docId: string): Y.Doc | undefined {
    try {
      return this.settings.workspace.getDoc(docId);
    } catch (error) {
      if (!isWakeDeferred(error)) throw error;
      this.settings.log("warn", "sync: document cannot be read right now", {
        docId,
        error: error.message,
      });
      throw new SyncError(
        503,
        `Document ${docId} cannot be read right now, try again: ${error.message}`,
        { retryable: true },
      );
    }
  }

  /**
   * The doc under `docId`, created as an empty content doc when missing and a `creator` (the
   * credential that may create it) is given. Throws a 409 SyncError for a doc marked
   * unavailable (quarantined), a 503 for a dormant doc that cannot be read right now (see
   * findDoc), and a 507 when the workspace already holds `maxDocs` docs.
   */
  openDoc(docId: string, creator: string | undefined): Y.Doc | undefined {
    const found = this.findDoc(docId);
    if (found || creator === undefined) return found;
    // A doc whose file failed to load must not be recreated empty: its file would be
    // written over (the store quarantines it).
    const unavailable = this.settings.workspace.unavailableReason(docId);
    if (unavailable) throw new SyncError(409, `Document ${docId} is unavailable: ${unavailable}`);
    if (this.settings.workspace.docCount >= this.settings.maxDocs) {
      this.settings.log("warn", "sync: document limit reached", { max: this.settings.maxDocs });
      throw new SyncError(507, `Document limit reached (${this.settings.maxDocs})`);
    }
    const doc = createContentDoc(this.settings.workspace, docId);
    this.tokens.created(docId, creator);
    this.settings.log("info", "sync: created document", { docId });
    this.settings.onDocCreated?.(docId, doc);
    return doc;
  }

  /**
   * Applies a client's Yjs update after checking it (updateCheck.ts), what `caller` may do to
   * folders (folderGuard.ts) and the doc's size limit; returns the refusal (nothing changed),
   * or undefined once applied. `done` names the checks the caller just made on this doc as it
   * is, in the same turn of the event loop: a 7 MB update is not decoded or scanned twice.
   */
  applyRemoteUpdate(
    docId: string,
    doc: Y.Doc,
    update: Uint8Array,
    origin: SyncOrigin,
    caller: Grant["caller"],
    done: { update?: true; folders?: true } = {},
  ): SyncError | undefined {
    const size = (this.sizes.get(doc) ?? Y.encodeStateAsUpdate(doc).length) + update.length;
    const problem = done.update ? undefined : updateProblem(update);
    const forbidden =
      problem || done.folders ? undefined : this.folderRefusal(docId, doc, update, caller);
    const refused = problem
      ? new SyncError(400, `Update refused: ${problem}`)
      : forbidden
        ? new SyncError(403, `Update refused: ${forbidden}`)
        : size > this.settings.maxDocBytes
          ? new SyncError(413, `Update refused: the document would pass its size limit`)
          : undefined;
    if (refused) {
      this.settings.log("warn", "sync: refused an update", { docId, reason: refused.message });
      return refused;
    }
    // A large update's follow-up work (links, backlinks) runs on the next turn of the event
    // loop, not in this one: a workspace batch puts it off, and a query before then does it
    // first. 20 000 wikilinks took the one turn to 65 ms.
    const endBatch =
      update.length >= LARGE_UPDATE_BYTES ? this.settings.workspace.beginBatch() : undefined;
    try {
      Y.applyUpdate(doc, update, origin);
    } catch (error) {
      this.settings.log("warn", "sync: rejected malformed update", {
        docId,
        error: String(error),
      });
      return new SyncError(400, "Update refused: malformed Yjs update");
    } finally {
      if (endBatch) setImmediate(() => this.endBatch(endBatch, docId));
    }
    this.sizes.set(doc, size);
    if (promoteToFolder(this.settings.workspace, docId, doc)) {
      this.settings.log("info", "sync: document became a folder doc", { docId });
    }
    return undefined;
  }

  /**
   * Why `caller` may not apply `update` to the doc under `docId` (`doc`: undefined when it is
   * not created yet), or undefined when it may (folderGuard.ts).
   */
  private endBatch(end: () => void, docId: string): void {
    try {
      end();
    } catch (error) {
      this.settings.log("error", "sync: follow-up work of an update failed", {
        docId,
        error: String(error),
      });
    }
  }

  folderRefusal(
    docId: string,
    doc: Y.Doc | undefined,
    update: Uint8Array,
    caller: Grant["caller"],
  ): string | undefined {
    const isFolder = doc !== undefined && this.settings.workspace.folder(docId)?.doc === doc;
    return folderWriteRefusal(docId, update, doc, isFolder, caller);
  }

  /**
   * Serves an upgraded WebSocket for `docId` with what its token allowed (`grant`). The socket
   * is closed (1008) within a second of its credential being revoked or expiring, and when an
   * update it sends finds the credential no longer allowed to write the doc.
   */
  connect(socket: WebSocket, docId: string, grant: Grant): void {
    const { access } = grant;
    let doc: Y.Doc | undefined;
    try {
      const creator = access === "full" && this.settings.createDocs ? grant.credential : undefined;
      doc = this.openDoc(docId, creator);
    } catch (error) {
      if (error instanceof SyncError && error.status === 503) {
        socket.close(CLOSE_TRY_AGAIN, "document cannot be read right now; try again");
      } else socket.close(CLOSE_SERVER_ERROR, String((error as Error).message).slice(0, 100));
      return;
    }
    if (this.closing || !doc) {
      socket.close(this.closing ? CLOSE_GOING_AWAY : CLOSE_SERVER_ERROR, "document unavailable");
      return;
    }
    const room = this.roomFor(docId, doc);
    const conn = new SyncConnection(docId, grant, socket, this.settings.maxBufferedBytes);
    this.sockets.set(socket, conn);
    const unwatch = this.tokens.watch(grant.credential, (why) => {
      this.settings.log("info", "sync: closing a client whose token ended", { docId, why });
      conn.close(CLOSE_POLICY, `token ${why}`);
    });
    socket.on("message", (data, isBinary) => {
      if (!isBinary) return;
      try {
        room.receive(conn, toBytes(data));
      } catch (error) {
        this.settings.log("warn", "sync: bad message from client", { docId, error: String(error) });
      }
    });
    socket.on("pong", () => {
      conn.alive = true;
    });
    socket.on("error", (error) => {
      this.settings.log("debug", "sync: socket error", { docId, error: String(error) });
    });
    socket.on("close", () => {
      unwatch();
      this.sockets.delete(socket);
      room.leave(conn);
      if (room.size === 0) this.dropRoom(room);
      this.settings.log("debug", "sync: client left", { docId, clients: room.size });
    });
    room.join(conn);
    this.settings.log("debug", "sync: client joined", { docId, clients: room.size, access });
  }

  /** Closes every connection (code 1001), waiting up to `timeoutMs` for clean closes. */
  async close(timeoutMs = 1000): Promise<void> {
    if (this.closing) return;
    this.closing = true;
    this.stopWatching();
    if (this.pinger) clearInterval(this.pinger);
    const sockets = [...this.sockets.keys()];
    const closed = sockets.map(
      (socket) => new Promise<void>((resolve) => socket.once("close", () => resolve())),
    );
    for (const room of this.rooms.values()) room.closeAll(CLOSE_GOING_AWAY, "server shutting down");
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, timeoutMs);
    });
    await Promise.race([Promise.all(closed), timeout]);
    clearTimeout(timer);
    for (const socket of this.sockets.keys()) socket.terminate();
    for (const room of this.rooms.values()) room.destroy();
    this.rooms.clear();
  }

  private roomFor(docId: string, doc: Y.Doc): DocRoom {
    const existing = this.rooms.get(docId);
    if (existing && existing.doc === doc) return existing;
    if (existing) this.retire(existing);
    const room = new DocRoom(
      docId,
      doc,
      (update, conn) => this.receive(docId, doc, update, conn),
      (conn, update) => this.viewOf(docId, doc, update, conn.grant.caller.reach),
    );
    this.rooms.set(docId, room);
    return room;
  }

  /**
   * `update` of the doc under `docId` as a reader with `reach` may see it (backlinkView.ts).
   * The last update's views are kept by reach: a broadcast to many readers of one reach narrows
   * it once.
   */
  viewOf(docId: string, doc: Y.Doc, update: Uint8Array, reach: Reach): Uint8Array {
    if (reach.all) return update;
    if (this.lastViews?.update !== update) this.lastViews = { update, byReach: new Map() };
    const key = [...reach.folders].sort().join("\n");
    let view = this.lastViews.byReach.get(key);
    if (!view) {
      view = backlinksInReach(this.settings.workspace, docId, doc, update, reach);
      this.lastViews.byReach.set(key, view);
    }
    return view;
  }

  /**
   * An update from a client: applied if its token's credential may still write the doc now
   * (not revoked, not expired, the doc still in its folders); otherwise nothing is applied and
   * the socket is closed (1008).
   */
  private receive(docId: string, doc: Y.Doc, update: Uint8Array, conn: SyncConnection): void {
    const now = this.tokens.recheck(docId, conn.grant);
    if ("refused" in now || now.access !== "full") {
      const why =
        "refused" in now
          ? now.refused === 401
            ? "token revoked or expired"
            : "document out of the token's folders"
          : "token no longer writes";
      this.settings.log("warn", "sync: refused an update, closing its client", { docId, why });
      conn.close(CLOSE_POLICY, why);
      return;
    }
    this.applyRemoteUpdate(docId, doc, update, conn, now.caller);
  }

  private retireIfReplaced(docId: string): void {
    const room = this.rooms.get(docId);
    // Never wakes: a doc replaced by a dormant one is not the room's either.
    if (room && this.settings.workspace.awakeDoc(docId) !== room.doc) this.retire(room);
  }

  /** The workspace no longer holds the room's doc: clients reconnect to the current one. */
  private retire(room: DocRoom): void {
    this.settings.log("info", "sync: document replaced, reconnecting clients", {
      docId: room.docId,
    });
    this.rooms.delete(room.docId);
    room.closeAll(CLOSE_RESTART, "document replaced");
    if (room.size === 0) room.destroy();
  }

  private dropRoom(room: DocRoom): void {
    if (this.rooms.get(room.docId) === room) this.rooms.delete(room.docId);
    room.destroy();
  }
}

function toBytes(data: RawData): Uint8Array {
  if (Array.isArray(data)) return Buffer.concat(data);
  if (data instanceof ArrayBuffer) return new Uint8Array(data);
  return data;
}
