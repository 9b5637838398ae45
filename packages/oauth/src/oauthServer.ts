// The OAuth routes of `lens serve`, as one Hono app mounted at the root, and the middleware
// that makes every 401 point at the protected resource metadata (RFC 9728 §5.1).
import type { AuditLog, Authenticator } from "@lens/access";
import { type Context, Hono, type MiddlewareHandler } from "hono";
import { authorize } from "./authorize.js";
import { type CimdOptions, ClientMetadataFetcher } from "./clientMetadataDocument.js";
import { consentDecision, consentInfo } from "./consent.js";
import type { OAuthContext } from "./context.js";
import { baseUrlOf, clientAddress, errorPage, oauthError } from "./http.js";
import {
  AUTHORIZATION_SERVER_PATH,
  authorizationServerMetadata,
  ENDPOINTS,
  PROTECTED_RESOURCE_PATH,
  protectedResourceMetadata,
  resourceMetadataUrl,
} from "./metadata.js";
import { PendingRequests } from "./pending.js";
import { RateLimit } from "./rateLimit.js";
import { register } from "./register.js";
import type { OAuthState } from "./state.js";
import { token } from "./token.js";

export interface OAuthServerOptions {
  /** The state whose access tokens the authenticator was given (`accessTokens`). */
  state: OAuthState;
  auth: Authenticator;
  dataDir: string;
  audit?: AuditLog;
  /** The server's public base URL (`--public-url`); unset = each request's own origin. */
  publicUrl?: string;
  /** The folders the server holds, for the consent page. */
  folders: () => string[];
  /** Client ID metadata documents: fetched by default; false = refused. */
  clientMetadata?: CimdOptions | false;
  now?: () => number;
  /** Requests per minute per address: registration 20, authorization and consent 60, token 120. */
  perMinute?: Partial<Record<"register" | "authorize" | "consent" | "token", number>>;
}

export interface OAuthServer {
  app: Hono;
  /** Adds `resource_metadata` to every 401 outside /oauth/ (mount it before the doors). */
  challenge: MiddlewareHandler;
}

const LIMITS = { register: 20, authorize: 60, consent: 60, token: 120 };

export function createOAuthServer(options: OAuthServerOptions): OAuthServer {
  const now = options.now ?? Date.now;
  const ctx: OAuthContext = {
    state: options.state,
    auth: options.auth,
    dataDir: options.dataDir,
    audit: options.audit,
    publicUrl: options.publicUrl?.replace(/\/+$/, ""),
    documents:
      options.clientMetadata === false
        ? undefined
        : new ClientMetadataFetcher({ now, ...options.clientMetadata }),
    pending: new PendingRequests(),
    now,
    folders: options.folders,
  };
  const limited = (name: keyof typeof LIMITS, html: boolean): MiddlewareHandler => {
    const limit = new RateLimit({
      limit: options.perMinute?.[name] ?? LIMITS[name],
      windowMs: 60_000,
      now,
    });
    return async (c, next) => {
      if (limit.take(clientAddress(c))) return next();
      const retry = { "Retry-After": String(limit.retryAfter()) };
      if (html) return errorPage(429, "Too many requests", "Wait a minute and try again.");
      return oauthError(429, "slow_down", "Too many requests; wait and try again.", retry);
    };
  };

  const app = new Hono();
  const documents = ctx.documents !== undefined;
  app.get(AUTHORIZATION_SERVER_PATH, (c) =>
    c.json(authorizationServerMetadata(baseUrlOf(c, ctx.publicUrl), documents)),
  );
  for (const path of [PROTECTED_RESOURCE_PATH, `${PROTECTED_RESOURCE_PATH}/mcp`]) {
    app.get(path, (c) => c.json(protectedResourceMetadata(baseUrlOf(c, ctx.publicUrl))));
  }
  app.post(ENDPOINTS.register, limited("register", false), (c) => register(c, ctx));
  app.get(ENDPOINTS.authorize, limited("authorize", true), (c) => authorize(c, ctx));
  app.get("/oauth/consent/:id", limited("consent", false), (c) => consentInfo(c, ctx));
  app.post("/oauth/consent/:id", limited("consent", false), (c) => consentDecision(c, ctx));
  app.post(ENDPOINTS.token, limited("token", false), (c) => token(c, ctx));

  const challenge: MiddlewareHandler = async (c: Context, next) => {
    await next();
    if (c.res.status !== 401 || c.req.path.startsWith("/oauth/")) return;
    const url = resourceMetadataUrl(baseUrlOf(c, ctx.publicUrl));
    c.res.headers.set(
      "WWW-Authenticate",
      `Bearer realm="lens", resource_metadata="${url}", scope="lens:suggest"`,
    );
  };
  return { app, challenge };
}
