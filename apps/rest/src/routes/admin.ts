// Administration, for admin tokens only: named tokens (list, add, revoke; the same file the
// `lens token` commands change, so either way takes effect at once) and the audit log.
import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import {
  addToken,
  parseDuration,
  readTokenFile,
  revokeToken,
  TokenChangeError,
  type TokenRecord,
} from "@lens/access";
import { type Outcome, ROLES } from "@lens/core";
import { actorFor } from "../actor.js";
import type { RestDeps } from "../deps.js";
import { ProblemError, problemResponses } from "../problems.js";
import { noQueryParams, queryParams } from "../query.js";
import { tags } from "../schemas.js";
import { problemForFailure } from "../toolProblems.js";

const TokenSchema = z
  .object({
    name: z.string().openapi({ example: "Ana's Claude" }),
    role: z.enum(ROLES),
    folders: z.array(z.string()).openapi({ description: "Folders it reaches; empty = all." }),
    created: z.string(),
    expires: z.string().optional(),
    lastUsed: z.string().optional().openapi({ description: "Last use seen by this server." }),
    oauth: z
      .object({ client: z.string(), approvedBy: z.string() })
      .optional()
      .openapi({ description: "Set for an OAuth grant: its client_id and who approved it." }),
  })
  .openapi("Token");

const NewTokenBody = z
  .strictObject({
    name: z.string().min(1).max(64),
    role: z.enum(ROLES),
    folders: z.array(z.string().min(1)).max(100).optional(),
    expires: z.string().optional().openapi({ description: "A duration: 90m, 12h, 30d, 1y." }),
    allow_missing_folder: z.boolean().optional().openapi({
      description:
        "Accept folders the server does not hold (yet); without it such a token is refused (422), as `lens token add` refuses it without --allow-missing-folder.",
    }),
  })
  .openapi("NewToken");

const AuditEntrySchema = z
  .object({
    time: z.string(),
    who: z.string(),
    role: z.string().optional(),
    action: z.string(),
    path: z.string().optional(),
    suggestion: z.string().optional(),
    outcome: z.string(),
    detail: z.record(z.string(), z.unknown()).optional(),
  })
  .openapi("AuditEntry");

const admin = { tags: [tags.admin] };

const listTokens = createRoute({
  ...admin,
  method: "get",
  path: "/tokens",
  operationId: "listTokens",
  summary: "Named tokens (never the tokens themselves)",
  request: { query: noQueryParams },
  responses: {
    200: {
      description: "Every named token",
      content: { "application/json": { schema: z.object({ tokens: z.array(TokenSchema) }) } },
    },
    ...problemResponses(401, 403),
  },
});

const createToken = createRoute({
  ...admin,
  method: "post",
  path: "/tokens",
  operationId: "createToken",
  summary: "Add a named token; the token is in this response only",
  request: { body: { content: { "application/json": { schema: NewTokenBody } }, required: true } },
  responses: {
    201: {
      description: "The new token and its record",
      content: {
        "application/json": { schema: z.object({ token: z.string(), record: TokenSchema }) },
      },
    },
    ...problemResponses(400, 401, 403, 409, 422),
  },
});

const deleteToken = createRoute({
  ...admin,
  method: "delete",
  path: "/tokens/{name}",
  operationId: "revokeToken",
  summary: "Revoke a named token (effective at once, on every door)",
  request: { params: z.object({ name: z.string().min(1) }), query: noQueryParams },
  responses: {
    200: {
      description: "The revoked token's record",
      content: { "application/json": { schema: z.object({ revoked: TokenSchema }) } },
    },
    ...problemResponses(401, 403, 404),
  },
});

const auditRoute = createRoute({
  ...admin,
  method: "get",
  path: "/audit",
  operationId: "getAudit",
  summary: "The audit log, oldest first, paged",
  request: {
    query: queryParams({
      offset: z.coerce.number().int().min(0).optional(),
      limit: z.coerce.number().int().min(1).max(1000).optional(),
    }),
  },
  responses: {
    200: {
      description: "A page of entries and the total",
      content: {
        "application/json": {
          schema: z.object({
            entries: z.array(AuditEntrySchema),
            total: z.number().int(),
            offset: z.number().int(),
          }),
        },
      },
    },
    ...problemResponses(401, 403, 404),
  },
});

/** Where named tokens and the audit log live; without it the routes answer 404. */
export interface AdminDeps extends RestDeps {
  dataDir?: string | undefined;
  lastUsed?: ReadonlyMap<string, number>;
}

export function registerAdminRoutes(app: OpenAPIHono, deps: AdminDeps): void {
  const dataDir = (): string => {
    if (deps.dataDir === undefined) {
      throw new ProblemError("not-found", "This server keeps no named tokens (no data directory).");
    }
    return deps.dataDir;
  };
  const describe = (r: TokenRecord) => {
    const used = deps.lastUsed?.get(r.name);
    // The id is what client tokens name: internal, like the hash.
    const { sha256: _hash, id: _id, ...rest } = r;
    return used === undefined ? rest : { ...rest, lastUsed: new Date(used).toISOString() };
  };
  /** The service's outcome of an administrative operation, or its refusal as a problem. */
  const value = <T>(outcome: Outcome<T>): T => {
    if (!outcome.ok) throw problemForFailure(outcome.error);
    return outcome.value;
  };

  app.openapi(listTokens, async (c) => {
    actorFor(c, deps, "listTokens");
    const records = await readTokenFile(dataDir());
    return c.json({ tokens: records.map(describe) }, 200);
  });

  app.openapi(createToken, async (c) => {
    const actor = actorFor(c, deps, "createToken");
    const dir = dataDir();
    const body = c.req.valid("json");
    // A typo in a folder name would make a token that reaches nothing: refused, as the CLI does.
    const held = new Set(deps.workspace.folders().map((f) => f.name));
    // Trimmed as the token file stores them.
    const missing = (body.folders ?? []).map((f) => f.trim()).filter((f) => !held.has(f));
    if (missing.length > 0 && body.allow_missing_folder !== true) {
      throw new ProblemError(
        "validation-failed",
        `No folder ${missing.map((f) => JSON.stringify(f)).join(", ")} on this server: its folders are ${[...held].sort().join(", ") || "none yet"} (names are exact). Give one of them, or send allow_missing_folder: true for a folder that will exist.`,
      );
    }
    try {
      const expiresAt =
        body.expires === undefined ? undefined : Date.now() + parseDuration(body.expires);
      const spec = { name: body.name, role: body.role, folders: body.folders ?? [] };
      const made = value(
        await deps.lens.administer(
          actor,
          "tokens.manage",
          {
            action: "token.add",
            detail: { name: spec.name, role: spec.role, folders: spec.folders },
          },
          () => addToken(dir, expiresAt === undefined ? spec : { ...spec, expiresAt }),
        ),
      );
      return c.json({ token: made.token, record: describe(made.record) }, 201);
    } catch (e) {
      if (e instanceof TokenChangeError || (e instanceof Error && /duration/.test(e.message))) {
        throw new ProblemError(
          /exists already/.test(e.message) ? "conflict" : "validation-failed",
          e.message,
        );
      }
      throw e;
    }
  });

  app.openapi(deleteToken, async (c) => {
    const actor = actorFor(c, deps, "revokeToken");
    const dir = dataDir();
    const { name } = c.req.valid("param");
    try {
      const gone = value(
        await deps.lens.administer(
          actor,
          "tokens.manage",
          { action: "token.revoke", detail: { name } },
          () => revokeToken(dir, name),
        ),
      );
      return c.json({ revoked: describe(gone) }, 200);
    } catch (e) {
      if (e instanceof TokenChangeError) throw new ProblemError("not-found", e.message);
      throw e;
    }
  });

  app.openapi(auditRoute, async (c) => {
    actorFor(c, deps, "getAudit");
    dataDir();
    if (!deps.audit) throw new ProblemError("not-found", "This server keeps no audit log.");
    const { offset = 0, limit = 100 } = c.req.valid("query");
    const page = await deps.audit.page(offset, limit);
    return c.json({ ...page, offset }, 200);
  });
}
