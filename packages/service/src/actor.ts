// Who performs an operation: the caller the tools see (role, folders, author) and the label the
// audit trail and the log know the credential by. Doors establish it from their credential and
// the service attributes suggestions the same way for every door.
import { type Caller, OWNER, type Workspace } from "@lens/core";

export interface Actor {
  caller: Caller;
  /** The credential's label: a token's name, "admin token", or "owner" on an open server. */
  who: string;
  /**
   * The credential's unique id (a new one for a new token under an old name); what handles and
   * read records are bound to.
   */
  credential: string;
}

/** The actor of an open server (loopback, no tokens) and of `lens stdio`. */
export const OWNER_ACTOR: Actor = { caller: OWNER, who: "owner", credential: "owner" };

/** The credential handles and read records are bound to. */
export function ownerOf(actor: Actor): string {
  return actor.credential;
}

/**
 * The actor a door's identity stands for, with its suggestions attributed to the token's name,
 * else the server's `--author`, else the name the client gave (MCP's clientInfo).
 */
export function actorFor(
  workspace: Workspace,
  identity: Actor | undefined,
  clientName?: string,
): Actor {
  const base = identity ?? OWNER_ACTOR;
  const author = base.caller.author ?? workspace.author ?? clientName;
  if (author === undefined || author === base.caller.author) return base;
  return { ...base, caller: { ...base.caller, author } };
}
