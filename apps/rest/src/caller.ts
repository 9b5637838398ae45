// The caller of a REST request, as the server's authenticator established it (the owner when
// the app runs without one), and the role check routes make before they act.
import type { AccessEnv } from "@lens/access";
import { type Caller, OWNER, type Role, roleIncludes, roleRefusal } from "@lens/core";
import type { Context } from "hono";
import type { RestDeps } from "./deps.js";
import { ProblemError } from "./problems.js";

/** Who calls, with suggestions attributed to the token's name, else the server's `--author`. */
export function callerOf(c: Context, deps: RestDeps): Caller {
  const identity = (c as unknown as Context<AccessEnv>).get("identity");
  const caller = identity?.caller ?? OWNER;
  const author = caller.author ?? deps.workspace.author;
  return author === undefined ? caller : { ...caller, author };
}

/** The label the audit log records for the caller ("owner" without an authenticator). */
export function whoOf(c: Context): string {
  return (c as unknown as Context<AccessEnv>).get("identity")?.who ?? "owner";
}

/** The unique id of the caller's credential (`Identity.credential`; "owner" without one). */
export function credentialOf(c: Context): string {
  return (c as unknown as Context<AccessEnv>).get("identity")?.credential ?? "owner";
}

/** Throws a 403 problem naming the role needed unless `caller` has it. */
export function requireRole(caller: Caller, needed: Role, action: string): void {
  if (!roleIncludes(caller.role, needed)) {
    throw new ProblemError("forbidden", roleRefusal(caller.role, needed, action), {
      code: "forbidden",
    });
  }
}
