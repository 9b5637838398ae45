// The 2026-07-28 leg of `/mcp`: each request is served on its own by a fresh server (no
// `initialize`, no `Mcp-Session-Id`), through the SDK's handler, which checks the request's
// `_meta` envelope and headers, answers `server/discover` and `subscriptions/listen`, and stamps
// cache hints on lists. Reads are tracked by handle: a `read` without `session_id` is answered
// with one the server issues (the service's HandleRegistry, durable under the data directory).
import { OWNER_ACTOR, SILENT_LOG } from "@lens/service";
import { createMcpHandler, type McpHttpHandler } from "@modelcontextprotocol/server";
import { identityOf } from "../server/identity.js";
import { createLensServer, type LensServerDeps } from "../server/mcpServer.js";

export interface StatelessLegOptions {
  /** Largest request body, in bytes (the same bound as the session leg's). */
  maxBodyBytes: number;
}

export function createStatelessLeg(
  deps: LensServerDeps,
  options: StatelessLegOptions,
): McpHttpHandler {
  const log = deps.log ?? SILENT_LOG;
  const handler = createMcpHandler(
    // No transport session: the call's own `session_id`, or the handle `read` issues.
    (ctx) => createLensServer(deps, {}, identityOf(ctx.authInfo) ?? OWNER_ACTOR),
    {
      // 2025-era traffic never reaches this handler (mcpApp routes it to its session), and
      // would be refused here rather than served without one.
      legacy: "reject",
      // Lens sends nothing while a call runs: a plain JSON answer, unless the client listens.
      responseMode: "auto",
      maxRequestBodySize: options.maxBodyBytes,
      onerror: (err) => log.warn({ err }, "mcp stateless request failed"),
    },
  );
  // Clients listening (subscriptions/listen) hear that a list changed. The bus tells every
  // listener alike, so a scoped token may hear of a change outside its folders (never what).
  const stop = deps.listChanges?.on((change) => {
    handler.notify.resourcesChanged();
    if (change.prompts) handler.notify.promptsChanged();
  });
  return {
    ...handler,
    close: async () => {
      stop?.();
      await handler.close();
    },
  };
}
