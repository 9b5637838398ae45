// One client's WebSocket on one document. It is also the origin of the transactions it
// applies, so the room can skip echoing a client's own updates back to it.
import type { SyncOrigin } from "./origin.js";
import type { Access, Grant } from "./tokens.js";

/** The part of a `ws` WebSocket a connection uses. */
export interface PeerSocket {
  readonly readyState: number;
  readonly bufferedAmount: number;
  send(data: Uint8Array): void;
  close(code?: number, reason?: string): void;
  terminate(): void;
  ping(): void;
}

const OPEN = 1;

export class SyncConnection implements SyncOrigin {
  readonly syncTransport = "websocket" as const;
  /** Awareness client ids this connection announced; removed from the room when it leaves. */
  readonly awarenessClients = new Set<number>();
  /** Cleared before each ping, set by the pong: a connection that stays silent is dropped. */
  alive = true;

  constructor(
    readonly docId: string,
    /** What the token it connected with allowed then (re-checked on every update it sends). */
    readonly grant: Grant,
    private readonly socket: PeerSocket,
    private readonly maxBufferedBytes: number,
  ) {}

  get access(): Access {
    return this.grant.access;
  }

  get canWrite(): boolean {
    return this.grant.access === "full";
  }

  get isOpen(): boolean {
    return this.socket.readyState === OPEN;
  }

  /** Sends a message; a client that stopped reading (too much unsent data) is dropped. */
  send(message: Uint8Array): void {
    if (!this.isOpen) return;
    if (this.socket.bufferedAmount > this.maxBufferedBytes) {
      this.socket.terminate();
      return;
    }
    this.socket.send(message);
  }

  close(code: number, reason: string): void {
    this.socket.close(code, reason);
  }

  terminate(): void {
    this.socket.terminate();
  }

  /** Heartbeat: drops the connection if the previous ping got no pong. */
  ping(): void {
    if (!this.alive) {
      this.socket.terminate();
      return;
    }
    this.alive = false;
    if (this.isOpen) this.socket.ping();
  }
}
