// Runs core tools for one REST request: in a session of the request's own, linked with the
// client's Lens-Session handle when it sent one (the same handle MCP clients pass as session_id).
import { randomUUID } from "node:crypto";
import { type Caller, callTool, type Session, ToolCallError, type ToolResult } from "@lens/core";
import type { RestDeps } from "./deps.js";
import { ProblemError } from "./problems.js";

/** Header naming a client's read-tracking session across requests. */
export const LENS_SESSION_HEADER = "Lens-Session";

export class RequestSession {
  /** The request's own transport session: created on first use, deleted by `close`. */
  private readonly id = `rest:${randomUUID()}`;

  constructor(
    private readonly deps: RestDeps,
    /** Who calls: role, folders and author. */
    readonly caller: Caller,
    /** The client's Lens-Session handle, if it sent one. */
    readonly handle: string | undefined,
  ) {}

  /** The session tools run in: this request's, linked with the handle's. */
  get session(): Session {
    return this.deps.sessions.forCall(this.id, this.handle);
  }

  /**
   * Calls a core tool by name, exactly as the MCP adapter does. Malformed arguments (which the
   * route schemas should already have refused) become a validation-failed problem.
   */
  call(name: string, args: Record<string, unknown>): ToolResult {
    const withHandle = this.handle === undefined ? args : { ...args, session_id: this.handle };
    try {
      return callTool(
        {
          workspace: this.deps.workspace,
          sessions: this.deps.sessions,
          sessionId: this.id,
          caller: this.caller,
        },
        name,
        withHandle,
      );
    } catch (e) {
      if (e instanceof ToolCallError) throw new ProblemError("validation-failed", e.message);
      throw e;
    }
  }

  close(): void {
    this.deps.sessions.delete(this.id);
  }
}

/** Runs `fn` with a request session that is dropped afterwards, whatever happens. */
export function withRequestSession<T>(
  deps: RestDeps,
  caller: Caller,
  handle: string | undefined,
  fn: (rs: RequestSession) => T,
): T {
  const rs = new RequestSession(deps, caller, handle);
  try {
    return fn(rs);
  } finally {
    rs.close();
  }
}
