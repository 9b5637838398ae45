// createRestApp: the Lens REST API as one OpenAPIHono app with relative routes, for `lens serve`
// to mount under /api/v1 or for the standalone server. Wires CORS, auth, body limit, the JSON
// body shape (depth, values), schema validation failures and the single problem-rendering
// error handler around the routes.
import { OpenAPIHono } from "@hono/zod-openapi";
import { type AuditLog, Authenticator, authenticate } from "@lens/access";
import { clip, type SessionStore, type Workspace } from "@lens/core";
import { createLens, type GrepRunner, type Lens } from "@lens/service";
import type { Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import { cors } from "hono/cors";
import type { RestDeps } from "./deps.js";
import { jsonBodyShape } from "./jsonBodyShape.js";
import { registerApiDescription } from "./openapi.js";
import { ProblemError, problemErrorHandler, problemResponse } from "./problems.js";
import { unknownParameters } from "./query.js";
import { LENS_SESSION_HEADER } from "./requestSession.js";
import { type AdminDeps, registerAdminRoutes } from "./routes/admin.js";
import { registerDocumentRoutes } from "./routes/documents.js";
import { registerEditRoute } from "./routes/edit.js";
import { type EventStreamOptions, registerEventsRoute } from "./routes/events.js";
import { registerFileRoute } from "./routes/files.js";
import { registerGrepRoute } from "./routes/grep.js";
import { registerInsertRoute } from "./routes/insert.js";
import { registerLinksRoute } from "./routes/links.js";
import { registerMeRoute } from "./routes/me.js";
import { registerOrganizeRoutes } from "./routes/organize.js";
import { registerSearchRoute } from "./routes/search.js";
import { registerSuggestionHistoryRoutes } from "./routes/suggestionHistory.js";
import { registerSuggestionRoutes } from "./routes/suggestions.js";
import { registerUndoRoute } from "./routes/undo.js";

export type CorsOptions = NonNullable<Parameters<typeof cors>[0]>;

export interface RestAppOptions {
  /**
   * The service every route calls (`lens serve` shares one with MCP). Unset: one made here
   * over `workspace` with `sessions`, `afterWrite`, `grep` and `audit` as its ports (the
   * standalone server, tests).
   */
  lens?: Lens;
  /** The documents, when no `lens` is given. */
  workspace?: Workspace;
  /** Read-tracking sessions of a service made here. */
  sessions?: SessionStore;
  /** Durability hook of a service made here (the store's flush). */
  afterWrite?: () => Promise<void>;
  /** Where grep runs, for a service made here; unset = in this thread. */
  grep?: GrepRunner;
  /**
   * Who may call (named tokens with roles and folders, an admin token, or open). Every route
   * but /openapi.json and /reference needs a token when it has one. Unset = built from `token`.
   */
  auth?: Authenticator;
  /** An admin token, for an app without `auth` (the standalone server); unset = open. */
  token?: string;
  /** Failed authentications (and, for a service made here, every audited operation). */
  audit?: AuditLog;
  /** An attachment's bytes, streamed (GET /files/{path}); unset = none served. */
  openAttachment?: RestDeps["openAttachment"];
  /** Data directory whose named tokens the admin routes manage; unset = no /tokens routes. */
  dataDir?: string;
  /** CORS: true = any origin; options are hono/cors's (the Lens headers are allowed and exposed). */
  cors?: boolean | CorsOptions;
  /** Largest accepted request body in bytes (default 8 MiB). */
  maxBodyBytes?: number;
  /** Called with every unexpected error (a 500), e.g. to log it. */
  onServerError?: (err: unknown, c: Context) => void;
  /** Limits and timing of GET /events streams (defaults: 100 per server, 10 per token). */
  events?: EventStreamOptions;
  /**
   * Scalar's standalone browser bundle (`@scalar/api-reference/browser/standalone.js`) that
   * the reference page loads; unset = resolved from the installed package.
   */
  referenceScript?: string;
}

export const DEFAULT_MAX_BODY_BYTES = 8 * 1024 * 1024;

/** Request headers a browser client needs, and response headers it may read. */
const CORS_ALLOW_HEADERS = [
  "Authorization",
  "Content-Type",
  "If-Match",
  "If-None-Match",
  LENS_SESSION_HEADER,
];
const CORS_EXPOSE_HEADERS = ["ETag", "WWW-Authenticate"];

function corsMiddleware(option: true | CorsOptions) {
  const given = option === true ? {} : option;
  return cors({
    origin: "*",
    allowMethods: ["GET", "POST", "OPTIONS"],
    maxAge: 600,
    ...given,
    allowHeaders: [...new Set([...CORS_ALLOW_HEADERS, ...(given.allowHeaders ?? [])])],
    exposeHeaders: [...new Set([...CORS_EXPOSE_HEADERS, ...(given.exposeHeaders ?? [])])],
  });
}

/** The REST API over `options.workspace`; its routes are relative (mount it where you like). */
export function createRestApp(options: RestAppOptions): OpenAPIHono {
  const auth =
    options.auth ??
    new Authenticator(options.token === undefined ? {} : { adminToken: options.token });
  const lens = options.lens ?? serviceFor(options);
  const deps: AdminDeps = {
    lens,
    workspace: lens.workspace,
    ...(options.audit ? { audit: options.audit } : {}),
    dataDir: options.dataDir,
    lastUsed: auth.lastUsed,
    ...(options.openAttachment ? { openAttachment: options.openAttachment } : {}),
  };
  const app = new OpenAPIHono({
    defaultHook: (result) => {
      if (result.success) return;
      const unknown = result.target === "query" ? unknownParameters(result.error.issues) : [];
      if (unknown.length > 0) {
        throw new ProblemError(
          "unknown-parameter",
          `Unknown query parameter${unknown.length > 1 ? "s" : ""} ${unknown.map((k) => JSON.stringify(clip(k))).join(", ")}; see /api/v1/openapi.json for this route's parameters.`,
          { parameters: unknown.map((k) => clip(k)) },
        );
      }
      const errors = result.error.issues.map((i) => ({
        in: result.target,
        path: i.path.map(String).join("."),
        message: i.message,
      }));
      throw new ProblemError(
        "validation-failed",
        errors.map((e) => `${e.in}${e.path ? ` ${e.path}` : ""}: ${e.message}`).join("; "),
        { errors },
      );
    },
  });
  app.onError(problemErrorHandler(options.onServerError));

  if (options.cors) app.use("*", corsMiddleware(options.cors));
  const maxSize = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  app.use(
    "*",
    bodyLimit({
      maxSize,
      onError: (c) =>
        problemResponse(
          c,
          new ProblemError("payload-too-large", `The request body is over ${maxSize} bytes.`),
        ),
    }),
  );

  // The API description is public; it is registered before auth so its handlers answer first.
  registerApiDescription(app, () => auth.hasTokens, options.referenceScript);
  app.use("*", authenticate({ auth, audit: options.audit, door: "rest" }));
  // After authentication: a body is only read for a caller who may call.
  app.use("*", jsonBodyShape());

  registerRoutes(app, deps);
  registerMeRoute(app, deps, auth);
  registerEventsRoute(app, deps, auth, options.events);
  // Last: unknown paths get a problem too, also where a parent app mounts this one.
  app.all("*", (c) =>
    problemResponse(
      c,
      new ProblemError("not-found", `No route for ${c.req.method} ${c.req.path}.`),
    ),
  );
  return app;
}

/** The service of an app given no `lens`: its ports are the options'. */
function serviceFor(options: RestAppOptions): Lens {
  if (!options.workspace) throw new Error("createRestApp needs a lens or a workspace");
  return createLens(
    options.workspace,
    {
      ...(options.afterWrite ? { persist: options.afterWrite } : {}),
      ...(options.audit ? { audit: options.audit } : {}),
      ...(options.grep ? { grep: options.grep } : {}),
    },
    options.sessions ? { sessions: options.sessions } : {},
  );
}

/** Every route. The document route and its /links and /edit sub-routes never overlap. */
function registerRoutes(app: OpenAPIHono, deps: AdminDeps): void {
  registerLinksRoute(app, deps);
  registerEditRoute(app, deps);
  registerInsertRoute(app, deps);
  registerOrganizeRoutes(app, deps);
  registerDocumentRoutes(app, deps);
  registerFileRoute(app, deps);
  registerGrepRoute(app, deps);
  registerSearchRoute(app, deps);
  // Before the review routes: /suggestions/history and /withdraw are their own paths.
  registerSuggestionHistoryRoutes(app, deps);
  registerSuggestionRoutes(app, deps);
  registerUndoRoute(app, deps);
  registerAdminRoutes(app, deps);
}
