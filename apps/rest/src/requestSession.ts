// Runs tools for one REST request through the service: in a transport session of the request's
// own, linked with the client's Lens-Session handle when it sent one (the same handle MCP
// clients pass as session_id).
import { randomUUID } from "node:crypto";
import { type ReadTracker, ToolCallError, type ToolResult } from "@lens/core";
import type { Actor, SessionRef } from "@lens/service";
import type { RestDeps } from "./deps.js";
import { ProblemError } from "./problems.js";

/** Header naming a client's read-tracking session across requests. */
export const LENS_SESSION_HEADER = "Lens-Session";

export class RequestSession {
  /** The request's own transport session: created on first use, forgotten by `close`. */
  readonly ref: SessionRef & { transport: string };

  constructor(
    private readonly deps: RestDeps,
    readonly actor: Actor,
    /** The client's Lens-Session handle, if it sent one. */
    readonly handle: string | undefined,
  ) {
    this.ref = { transport: `rest:${randomUUID()}`, handle };
  }

  /** The session tools run in: this request's, linked with the handle's. */
  get session(): ReadTracker {
    return this.deps.lens.session(this.actor, this.ref);
  }

  /**
   * Calls a tool through the service, as MCP does (`ran`: see Lens.call). Malformed arguments
   * (which the route schemas should already have refused) become a validation-failed problem.
   */
  async call(
    name: string,
    args: Record<string, unknown>,
    ran?: (result: ToolResult) => void,
  ): Promise<ToolResult> {
    try {
      return await this.deps.lens.call(this.actor, this.ref, name, args, ran);
    } catch (e) {
      if (e instanceof ToolCallError) throw new ProblemError("validation-failed", e.message);
      throw e;
    }
  }

  close(): void {
    this.deps.lens.endSession(this.ref.transport);
  }
}

/** Runs `fn` with a request session that is dropped afterwards, whatever happens. */
export async function withRequestSession<T>(
  deps: RestDeps,
  actor: Actor,
  handle: string | undefined,
  fn: (rs: RequestSession) => T | Promise<T>,
): Promise<T> {
  const rs = new RequestSession(deps, actor, handle);
  try {
    return await fn(rs);
  } finally {
    rs.close();
  }
}
