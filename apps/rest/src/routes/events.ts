// GET /events: server-sent events telling a client which paths changed, so a page stays live
// without polling. Authenticated like every route (a browser sends the bearer token through a
// fetch stream); each stream names only paths in the caller's folders, coalesces changes
// (changeFeed.ts), pings every 15 s, ends within a second of its token being revoked or
// expiring (the authenticator's watch; its token is also re-checked before every write), and
// holds one of a bounded number of slots (streamSlots.ts).
import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import type { Authenticator } from "@lens/access";
import { streamSSE } from "hono/streaming";
import { actorFor } from "../actor.js";
import { watchChanges } from "../changeFeed.js";
import type { RestDeps } from "../deps.js";
import { problemResponses } from "../problems.js";
import { noQueryParams } from "../query.js";
import { tags } from "../schemas.js";
import { type StreamLimits, StreamSlots } from "../streamSlots.js";

export interface EventStreamOptions extends Partial<StreamLimits> {
  /** Shortest time between two `change` events of one stream (ms); default 100. */
  intervalMs?: number;
  /** Time between two keep-alive comments (ms); default 15 000. */
  pingMs?: number;
  /** Most paths in one `change` event (more sets `truncated`); default 1000. */
  maxPaths?: number;
}

export const EVENT_DEFAULTS = {
  perServer: 100,
  perToken: 10,
  intervalMs: 100,
  pingMs: 15_000,
  maxPaths: 1000,
} as const;

const eventsRoute = createRoute({
  method: "get",
  path: "/events",
  operationId: "streamEvents",
  tags: [tags.caller],
  summary: "Live changes (server-sent events)",
  description: [
    'A `text/event-stream` that stays open. Event `change` carries `{"paths": [...], "truncated": false}`: the user-facing paths whose content or folder entry changed (created, edited, moved, deleted), sorted, only in the folders this token reaches, at most one event per 100 ms. `truncated: true` means more changed than the list says (a folder was added, removed or renamed, or over 1000 paths at once): reload everything shown.',
    "A comment line (`: ping`) every 15 s keeps proxies from closing the stream. Send `Authorization: Bearer` as on every route (browsers: a fetch stream, not EventSource, which cannot send headers). The stream ends within a second of its token being revoked or expiring.",
    "At most 10 streams per token (429 `too-many-streams`) and 100 per server (503 `busy`), both with Retry-After.",
  ].join("\n\n"),
  request: { query: noQueryParams },
  responses: {
    200: {
      description: "The event stream",
      content: {
        "text/event-stream": {
          schema: z.string().openapi({
            example: 'event: change\ndata: {"paths":["Lens/Notes/Ideas.md"],"truncated":false}\n\n',
          }),
        },
      },
    },
    ...problemResponses(400, 401, 429, 503),
  },
});

export function registerEventsRoute(
  app: OpenAPIHono,
  deps: RestDeps,
  auth: Authenticator,
  options: EventStreamOptions = {},
): void {
  const settings = { ...EVENT_DEFAULTS, ...options };
  const slots = new StreamSlots(settings);

  app.openapi(eventsRoute, (c) => {
    // Hono answers HEAD with the GET handler and drops the body unread: a stream opened here
    // would never see its client leave (a listener and a slot lost per request).
    if (c.req.raw.method === "HEAD") {
      return c.body(null, 200, {
        "Content-Type": "text/event-stream",
        "Cache-Control": "no-cache",
      });
    }
    const { caller, who, credential } = actorFor(c, deps, "streamEvents");
    const authorization = c.req.header("authorization");
    const release = slots.take(who);
    c.header("X-Accel-Buffering", "no");
    return streamSSE(c, async (stream) => {
      let end = () => {};
      const ended = new Promise<void>((resolve) => {
        end = resolve;
      });
      // A token revoked or expired since the stream opened ends it before anything is written,
      // and within a second when nothing is written at all.
      const allowed = () => auth.authenticate(authorization).ok;
      const unwatch = auth.watch(credential ?? "owner", end);
      const stopWatching = watchChanges(
        deps.workspace,
        caller.reach,
        async (batch) => {
          if (!allowed()) return end();
          await stream.writeSSE({ event: "change", data: JSON.stringify(batch) });
        },
        { intervalMs: settings.intervalMs, maxPaths: settings.maxPaths },
      );
      // One ping at a time: a client that stops reading holds one, not a queue of them.
      let pinging = false;
      const ping = setInterval(() => {
        if (!allowed()) return end();
        if (pinging) return;
        pinging = true;
        void stream.write(": ping\n\n").finally(() => {
          pinging = false;
        });
      }, settings.pingMs);
      stream.onAbort(end);
      c.req.raw.signal.addEventListener("abort", end, { once: true });
      try {
        // Sent at once, so the client knows the stream is open before anything changes.
        await stream.write(": connected\n\n");
        await ended;
      } finally {
        unwatch();
        stopWatching();
        clearInterval(ping);
        release();
      }
    });
  });
}
