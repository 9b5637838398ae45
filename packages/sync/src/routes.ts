// The y-sweet HTTP endpoints over the workspace: `POST /doc/new`, `POST /doc/:id/auth`,
// `GET /d/:id/as-update`, `POST /d/:id/update` (and y-sweet's deprecated `/doc/:id/...` forms).
import { randomBytes } from "node:crypto";
import { type Identity, problem } from "@lens/access";
import { refusal } from "@lens/service";
import { type Context, Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import * as Y from "yjs";
import { buildClientToken } from "./clientToken.js";
import { isValidDocName } from "./docName.js";
import { READ_ONLY_TOKEN, SyncError } from "./errors.js";
import type { SyncHub } from "./hub.js";
import type { SyncSettings } from "./options.js";
import type { SyncOrigin } from "./origin.js";
import {
  type Access,
  bearerToken,
  type DocAccess,
  type Grant,
  MAX_TOKEN_TTL_SECONDS,
  type TokenAuthority,
} from "./tokens.js";
import { updateProblem } from "./updateCheck.js";

const MAX_JSON_BYTES = 64 * 1024;

export interface RouteContext {
  hub: SyncHub;
  tokens: TokenAuthority;
  settings: SyncSettings;
}

export function syncRoutes({ hub, tokens, settings }: RouteContext): Hono {
  const app = new Hono();
  // Every error answers with the port's one problem+json shape; statuses and details are
  // y-sweet's (its clients look only at the status).
  const tooLarge = (c: Context) => problem(c, 413, "Request body too large");
  const jsonLimit = bodyLimit({ maxSize: MAX_JSON_BYTES, onError: tooLarge });
  const updateLimit = bodyLimit({ maxSize: settings.maxUpdateBytes, onError: tooLarge });

  app.onError((error, c) => {
    if (error instanceof SyncError) {
      return problem(
        c,
        error.status,
        error.message,
        error.extensions,
        error.kind ? { kind: error.kind } : {},
      );
    }
    settings.log("error", "sync: request failed", { path: c.req.path, error: String(error) });
    return problem(c, 500, "Internal server error");
  });
  app.notFound((c) => problem(c, 404, "Not found"));

  /** Server-level endpoints: who sends the bearer token (anyone on an open server). */
  const requireServer = (c: Context): Identity => {
    const who = tokens.identify(c.req.header("authorization"));
    if (!who.ok) {
      settings.onAuthFailure?.(who.failure);
      throw new SyncError(401, "Unauthorized: send Authorization: Bearer <token>", {
        code: who.failure,
      });
    }
    return who.identity;
  };

  /** Document endpoints take the doc's client token (or a server-level token). */
  /** What `r` grants on `docId`, or the refusal (404, 401 saying `unauthorized`, 403). */
  const granted = (docId: string, r: DocAccess, write: boolean, unauthorized: string): Grant => {
    if ("refused" in r) {
      if (r.refused === 404) throw new SyncError(404, `Doc ${docId} not found`);
      settings.onAuthFailure?.(r.reason);
      throw new SyncError(401, `Unauthorized: ${unauthorized}`, { code: r.reason });
    }
    if (write && r.access !== "full") {
      throw new SyncError(403, "Token is read-only", {}, READ_ONLY_TOKEN);
    }
    return r;
  };

  const requireDoc = (c: Context, docId: string, write: boolean): Grant =>
    granted(
      docId,
      tokens.accessTo(docId, bearerToken(c.req.header("authorization"))),
      write,
      "send the client token from /auth",
    );

  /**
   * `grant` asked again, for a request that waited (a body read, turns of the event loop): a
   * token revoked, expired, narrowed or made read-only meanwhile writes nothing, as over a
   * WebSocket, where every update is asked again.
   */
  const stillWrites = (docId: string, grant: Grant): Grant =>
    granted(
      docId,
      tokens.recheck(docId, grant),
      true,
      "the token stopped working while the update came in",
    );

  /**
   * Whether the workspace holds `docId`, else whether it was created now by `creator` (a
   * credential id; undefined: create nothing. The 409 and 507 refusals of `openDoc`). Never
   * wakes a dormant doc: answering a request for a doc is not opening it — a client's
   * connection does that.
   */
  const holdsOrCreates = (docId: string, creator: string | undefined): boolean =>
    settings.workspace.hasDoc(docId) || hub.openDoc(docId, creator) !== undefined;

  app.post("/doc/new", jsonLimit, async (c) => {
    const who = requireServer(c);
    const refused = refusal(who.caller, "sync.create");
    if (refused) throw new SyncError(403, refused.message);
    const body = await readJson(c);
    const docId = body.docId === undefined ? newDocName() : body.docId;
    if (typeof docId !== "string" || !isValidDocName(docId)) {
      throw new SyncError(400, "Invalid document name");
    }
    holdsOrCreates(docId, who.credential);
    return c.json({ docId });
  });

  app.post("/doc/:docId/auth", jsonLimit, async (c) => {
    const who = requireServer(c);
    const docId = checkedDocName(c.req.param("docId"));
    const body = await readJson(c);
    const access = parseAccess(body.authorization);
    // view and suggest sync read-only; writing (a full token) takes sync.write's role.
    const refused = access === "full" ? refusal(who.caller, "sync.write") : undefined;
    if (refused) throw new SyncError(403, refused.message);
    const allowed = tokens.docAccess(docId, who.caller, who.credential);
    if (!allowed) throw new SyncError(404, `Doc ${docId} not found`);
    const ttl = parseTtl(body.validForSeconds ?? body.valid_for_seconds, settings.tokenTtlSeconds);
    const creator = settings.createDocs && access === "full" ? who.credential : undefined;
    if (!holdsOrCreates(docId, creator)) throw new SyncError(404, `Doc ${docId} not found`);
    const token = tokens.issue(docId, access, ttl, who.credential);
    const base = settings.publicUrl ?? new URL(new URL(c.req.url).origin);
    return c.json(buildClientToken(base, docId, access, token));
  });

  const asUpdate = (c: Context) => {
    const docId = checkedDocName(c.req.param("docId") ?? "");
    const grant = requireDoc(c, docId, false);
    const doc = hub.findDoc(docId);
    if (!doc) throw new SyncError(404, `Doc ${docId} not found`);
    const full = Y.encodeStateAsUpdate(doc);
    const state = hub.viewOf(docId, doc, full, grant.caller.reach) as Uint8Array<ArrayBuffer>;
    return c.body(state, 200, { "content-type": "application/octet-stream" });
  };

  const update = async (c: Context) => {
    const docId = checkedDocName(c.req.param("docId") ?? "");
    const grant = requireDoc(c, docId, true);
    const bytes = new Uint8Array(await c.req.arrayBuffer());
    if (bytes.length === 0) throw new SyncError(400, "Empty update");
    await nextTurn();
    // Checked before the doc is created: a refused update must not even create the doc.
    const problem = updateProblem(bytes);
    if (problem) throw new SyncError(400, `Update refused: ${problem}`);
    // Reading a large body, checking it and applying it are each a turn of the event loop, so
    // other clients are answered between them (a 7 MB update held it for 50-70 ms in one).
    await nextTurn();
    // From here to the apply, one turn: the token, the folder rules and the doc as they are now.
    const now = stillWrites(docId, grant);
    const held = hub.findDoc(docId);
    const forbidden = hub.folderRefusal(docId, held, bytes, now.caller);
    if (forbidden) throw new SyncError(403, `Update refused: ${forbidden}`);
    const doc = held ?? hub.openDoc(docId, settings.createDocs ? now.credential : undefined);
    if (!doc) throw new SyncError(404, `Doc ${docId} not found`);
    const origin: SyncOrigin = { syncTransport: "http", docId };
    // Checked against the doc as held, or, for a doc just created, against no doc: the same
    // answer for an empty doc, so neither check is made again.
    const refused = hub.applyRemoteUpdate(docId, doc, bytes, origin, now.caller, {
      update: true,
      folders: true,
    });
    if (refused) throw refused;
    return c.body(null, 200);
  };

  app.get("/d/:docId/as-update", asUpdate);
  app.post("/d/:docId/update", updateLimit, update);
  app.get("/doc/:docId/as-update", asUpdate);
  app.post("/doc/:docId/update", updateLimit, update);
  return app;
}

function checkedDocName(docId: string): string {
  if (!isValidDocName(docId)) throw new SyncError(400, "Invalid document name");
  return docId;
}

/** A y-sweet style random doc name (21 URL-safe characters, like nanoid). */
function newDocName(): string {
  return randomBytes(16).toString("base64url").slice(0, 21);
}

async function readJson(c: Context): Promise<Record<string, unknown>> {
  const text = await c.req.text();
  if (text.trim() === "") return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new SyncError(400, "Body is not valid JSON");
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new SyncError(400, "Body must be a JSON object");
  }
  return value as Record<string, unknown>;
}

function parseAccess(value: unknown): Access {
  if (value === undefined || value === null || value === "full") return "full";
  if (value === "read-only" || value === "readonly") return "read-only";
  throw new SyncError(400, 'authorization must be "full" or "read-only"');
}

/** `validForSeconds`: a positive number of seconds up to a day (above: 400, never clamped). */
function parseTtl(value: unknown, fallback: number): number {
  if (value === undefined || value === null) return fallback;
  if (typeof value !== "number" || !Number.isFinite(value) || value <= 0) {
    throw new SyncError(400, "validForSeconds must be a positive number");
  }
  if (value > MAX_TOKEN_TTL_SECONDS) {
    throw new SyncError(
      400,
      `validForSeconds may be at most ${MAX_TOKEN_TTL_SECONDS} (a day); fetch a new token instead`,
    );
  }
  return value;
}

/** Resolves on a later turn of the event loop, after whatever I/O is waiting. */
function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
