// Who makes a REST request and which operation each route is. The actor is the authenticator's
// identity as the service attributes it (the owner when the app runs without one); whether it may
// is the service's role table's answer, never a role compared here.
import type { AccessEnv } from "@lens/access";
import type { Actor, Operation } from "@lens/service";
import type { Context } from "hono";
import type { RestDeps } from "./deps.js";
import { problemForFailure } from "./toolProblems.js";

/** Each route (by its OpenAPI operationId) and the service operation it is. */
export const ROUTE_OPERATIONS = {
  listDocuments: "glob",
  getDocument: "document.read",
  getFile: "document.read",
  editDocument: "edit",
  insertIntoDocument: "insert",
  createDocument: "create",
  moveDocument: "move",
  deleteDocument: "delete",
  discardDocument: "document.discard",
  getLinks: "get_links",
  grep: "grep",
  search: "search",
  listSuggestions: "suggestions.list",
  acceptSuggestions: "suggestions.accept",
  rejectSuggestions: "suggestions.reject",
  undoReview: "suggestions.undo",
  suggestionHistory: "suggestions",
  withdrawSuggestions: "withdraw",
  streamEvents: "events.watch",
  getMe: "me.read",
  listTokens: "tokens.manage",
  createToken: "tokens.manage",
  revokeToken: "tokens.manage",
  getAudit: "audit.read",
} as const satisfies Record<string, Operation>;

export type RouteId = keyof typeof ROUTE_OPERATIONS;

/** The request's actor, once the role table allows it the route's operation (else a 403). */
export function actorFor(c: Context, deps: RestDeps, route: RouteId): Actor {
  const identity = (c as unknown as Context<AccessEnv>).get("identity");
  const actor = deps.lens.actor(identity);
  const refused = deps.lens.refusal(actor.caller, ROUTE_OPERATIONS[route]);
  if (refused) throw problemForFailure(refused);
  return actor;
}
