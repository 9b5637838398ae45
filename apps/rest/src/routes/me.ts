// GET /me: who the caller is, as the server sees its token — name, role, the folders it reaches
// and whether the server is open (no token needed). The review page asks it once to decide
// what to show: Accept / Reject from the edit role up, nothing but reading below it.
import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import type { AccessEnv, Authenticator } from "@lens/access";
import { ROLES } from "@lens/core";
import type { Context } from "hono";
import { actorFor } from "../actor.js";
import type { RestDeps } from "../deps.js";
import { problemResponses } from "../problems.js";
import { noQueryParams } from "../query.js";
import { tags } from "../schemas.js";

const MeSchema = z
  .object({
    name: z.string().nullable().openapi({
      description:
        "The named token's name (what its suggestions and reviews are recorded as); null for the server's admin token (--token) and on an open server.",
      example: "Ana",
    }),
    role: z.enum(ROLES).openapi({
      description:
        "view reads; suggest also edits (as suggestions); edit also accepts and rejects; admin also manages tokens.",
      example: "edit",
    }),
    folders: z
      .array(z.string())
      .nullable()
      .openapi({
        description: "The folders this token reaches, sorted; null = every folder.",
        example: ["Team"],
      }),
    open: z.boolean().openapi({
      description:
        "True when the server needs no token at all (loopback, none configured): every caller is its owner.",
    }),
  })
  .openapi("Me");

const meRoute = createRoute({
  method: "get",
  path: "/me",
  operationId: "getMe",
  tags: [tags.caller],
  summary: "Who the caller is",
  description:
    "The caller as this server sees its bearer token: name, role, folders, and whether the server is open.",
  request: { query: noQueryParams },
  responses: {
    200: { description: "The caller", content: { "application/json": { schema: MeSchema } } },
    ...problemResponses(400, 401),
  },
});

export function registerMeRoute(app: OpenAPIHono, deps: RestDeps, auth: Authenticator): void {
  app.openapi(meRoute, (c) => {
    const { caller } = actorFor(c, deps, "getMe");
    const identity = (c as unknown as Context<AccessEnv>).get("identity");
    const folders = caller.reach.all ? null : [...caller.reach.folders].sort();
    return c.json(
      { name: identity?.tokenName ?? null, role: caller.role, folders, open: auth.open },
      200,
    );
  });
}
