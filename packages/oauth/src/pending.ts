// Authorization requests waiting for a person on the consent page: held in memory (a restart
// forgets them; the client starts again), 10 minutes each, at most 1 000 (the oldest makes
// room), each under an unguessable id that the consent page carries in its address.
import { randomBytes } from "node:crypto";
import type { Client } from "./clients.js";
import type { ScopeRequest } from "./scopes.js";

export const PENDING_MS = 10 * 60_000;
const MAX_PENDING = 1000;

export interface PendingRequest {
  client: Client;
  redirectUri: string;
  state?: string;
  challenge: string;
  resource: string;
  requested: ScopeRequest;
  expires: number;
}

export class PendingRequests {
  private readonly requests = new Map<string, PendingRequest>();

  add(request: PendingRequest): string {
    if (this.requests.size >= MAX_PENDING) {
      const oldest = this.requests.keys().next().value;
      if (oldest !== undefined) this.requests.delete(oldest);
    }
    const id = randomBytes(24).toString("base64url");
    this.requests.set(id, request);
    return id;
  }

  /** The request under `id` while it has not expired. */
  get(id: string, now: number): PendingRequest | undefined {
    const r = this.requests.get(id);
    if (r && r.expires <= now) {
      this.requests.delete(id);
      return undefined;
    }
    return r;
  }

  /** Forgets a request (decided: a consent is answered once). */
  take(id: string, now: number): PendingRequest | undefined {
    const r = this.get(id, now);
    this.requests.delete(id);
    return r;
  }
}
