// GET /events over real HTTP, read as the review page reads it (a fetch stream with the bearer
// token): which paths each change names, to whom, how often, the pings, the bounds on open
// streams, and that a client going away (or its token being revoked) leaves nothing behind.
import { revokeToken } from "@lens/access";
import { afterEach, describe, expect, it } from "vitest";
import type { EventStreamOptions } from "../src/index.js";
import { json } from "./support/clients.js";
import { expectProblem } from "./support/expect.js";
import { type EventStream, eventually, openEvents, sleep } from "./support/sse.js";
import { ADMIN_TOKEN, type TokenServer, tokenServer } from "./support/tokens.js";

const admin = { Authorization: `Bearer ${ADMIN_TOKEN}` };
let server: TokenServer | undefined;
const streams: EventStream[] = [];

async function start(events: EventStreamOptions = {}, now?: () => number): Promise<TokenServer> {
  server = await tokenServer({ events }, now);
  return server;
}

async function open(s: TokenServer, token?: string): Promise<EventStream> {
  const stream = await openEvents(`${s.url}/events`, token);
  streams.push(stream);
  return stream;
}

/** Waits for the `: connected` comment: the stream is subscribed from then on. */
async function connected(stream: EventStream): Promise<EventStream> {
  await eventually(() => stream.comments.includes("connected"), "the stream to open");
  return stream;
}

afterEach(async () => {
  for (const s of streams.splice(0)) s.abort();
  await server?.close();
  server = undefined;
});

describe("GET /events", () => {
  it("is an event stream that tells each caller the paths a change touched, in its folders only", async () => {
    const s = await start();
    const baseline = s.ws.listenerCount;
    const teamViewer = await s.add("Team viewer", "view", ["Team"]);
    const all = await connected(await open(s, ADMIN_TOKEN));
    const team = await connected(await open(s, teamViewer));
    expect(all.response.status).toBe(200);
    expect(all.response.headers.get("content-type")).toMatch(/^text\/event-stream/);
    expect(all.response.headers.get("cache-control")).toBe("no-cache");
    expect(s.ws.listenerCount).toBe(baseline + 2);

    // Real writes through the API: a review in each folder.
    for (const path of ["Lens/Review.md", "Team/Draft.md"]) {
      const res = await s.fetch("/suggestions/accept", json({ path, all: true }, admin));
      expect(res.status).toBe(200);
    }
    await eventually(() => all.paths().has("Team/Draft.md"), "the admin's change event");
    await eventually(() => team.paths().has("Team/Draft.md"), "the team viewer's change event");
    expect(all.paths()).toEqual(new Set(["Lens/Review.md", "Team/Draft.md"]));
    // Another folder's path is never named to a scoped token, not even in passing. The Lens
    // write came first and a stream is in order, so had it been sent to the team viewer it
    // would have arrived by the time Team/Draft.md did: no waiting needed.
    expect(team.paths()).toEqual(new Set(["Team/Draft.md"]));
    expect(team.events.every((e) => e.event === "change" && !e.data.includes("Lens/"))).toBe(true);
    for (const c of all.changes) expect(c.data.truncated).toBe(false);
  });

  it("names created and moved notes (old and new paths), and says truncated when a folder is renamed", async () => {
    const s = await start();
    const all = await connected(await open(s, ADMIN_TOKEN));
    const created = await s.fetch(
      "/documents",
      json({ path: "Team/New note.md", content: "fresh\n" }, admin),
    );
    expect(created.status).toBe(201);
    await eventually(() => all.paths().has("Team/New note.md"), "the created note");
    const moved = await s.fetch(
      "/documents/Team/Todo.md/move",
      json({ new_path: "Team/Done.md" }, admin),
    );
    expect(moved.status).toBe(200);
    await eventually(
      () => all.paths().has("Team/Todo.md") && all.paths().has("Team/Done.md"),
      "both paths of the move",
    );
    expect(all.changes.some((c) => c.data.truncated)).toBe(false);

    // A folder renamed (as a sync client renames it): every path under it moved.
    s.ws.folderByName("Team")?.doc.getMap("folder_config").set("name", "Crew");
    await eventually(() => all.changes.some((c) => c.data.truncated), "a truncated change");
  });

  it("coalesces a burst of changes into at most one event per interval", async () => {
    const s = await start({ intervalMs: 100 });
    const all = await connected(await open(s, ADMIN_TOKEN));
    const text = s.ws.contentText(docIdOf(s, "Lens/Index.md"));
    // 12 writes, 20 ms apart: about 240 ms of changes.
    for (let i = 0; i < 12; i++) {
      text?.insert(0, `${i} `);
      await sleep(20);
    }
    // Then one write elsewhere: the stream is in order, so once it is named every event of
    // the burst has arrived.
    s.ws.contentText(docIdOf(s, "Team/Draft.md"))?.insert(0, "marker ");
    await eventually(() => all.paths().has("Team/Draft.md"), "the marker's change event");
    const burst = all.changes.filter((c) => c.data.paths.includes("Lens/Index.md"));
    // One event per write would be 12; the client's arrival times are not checked, since a
    // loaded machine may hand it two events in one read.
    expect(burst.length).toBeGreaterThanOrEqual(1);
    expect(burst.length).toBeLessThanOrEqual(5);
    expect(all.paths()).toEqual(new Set(["Lens/Index.md", "Team/Draft.md"]));
  });

  it("caps an event's paths and says truncated", async () => {
    const s = await start({ maxPaths: 2 });
    const all = await connected(await open(s, ADMIN_TOKEN));
    for (const path of ["Lens/Index.md", "Lens/Notes/Plan.md", "Lens/Notes/Ideas.md"]) {
      s.ws.contentText(docIdOf(s, path))?.insert(0, "x");
    }
    await eventually(() => all.changes.length > 0, "a change");
    expect(all.changes[0]?.data.paths).toHaveLength(2);
    expect(all.changes[0]?.data.truncated).toBe(true);
  });

  it("pings with a comment line while nothing changes", async () => {
    const s = await start({ pingMs: 50 });
    const all = await connected(await open(s, ADMIN_TOKEN));
    await eventually(() => all.comments.filter((c) => c === "ping").length >= 2, "two pings");
    expect(all.changes).toEqual([]);
  });

  it("removes its workspace listener and frees its slot when the client goes away", async () => {
    const s = await start({ perToken: 2 });
    const baseline = s.ws.listenerCount;
    const first = await connected(await open(s, ADMIN_TOKEN));
    const second = await connected(await open(s, ADMIN_TOKEN));
    expect(s.ws.listenerCount).toBe(baseline + 2);
    first.abort();
    second.abort();
    await eventually(() => s.ws.listenerCount === baseline, "the listeners to go");
    // Both slots are free again.
    const again = [await open(s, ADMIN_TOKEN), await open(s, ADMIN_TOKEN)];
    for (const stream of again) await connected(stream);
    expect(s.ws.listenerCount).toBe(baseline + 2);
  });

  it("ends the stream of a token revoked while it is open", async () => {
    const s = await start({ pingMs: 50 });
    const baseline = s.ws.listenerCount;
    const token = await s.add("Soon gone", "view");
    const stream = await connected(await open(s, token));
    await revokeToken(s.dataDir, "Soon gone");
    await eventually(() => stream.ended(), "the stream to end");
    await eventually(() => s.ws.listenerCount === baseline, "the listener to go");
    const again = await open(s, token);
    await expectProblem(again.response, "unauthorized");
  });

  it("ends a revoked token's stream within a second, with no ping or change to carry the news (issue 28)", async () => {
    // Pings every 15 s (the default): only the token watch can end the stream in time.
    const s = await start();
    const baseline = s.ws.listenerCount;
    const token = await s.add("Revoked at once", "view");
    const stream = await connected(await open(s, token));
    await revokeToken(s.dataDir, "Revoked at once");
    await eventually(() => stream.ended(), "the stream to end", 10_000);
    await eventually(() => s.ws.listenerCount === baseline, "the listener to go");
  });

  it("ends a stream when its token's expiry passes", async () => {
    // The authenticator's clock is the test's: the expiry passes when the test says, however
    // long connecting took.
    let clock = Date.now();
    const s = await start({}, () => clock);
    const token = await s.add("Short-lived", "view", [], clock + 60_000);
    const stream = await connected(await open(s, token));
    expect(stream.ended()).toBe(false);
    clock += 61_000;
    await eventually(() => stream.ended(), "the stream to end", 10_000);
  });

  it("bounds open streams: 429 past a token's share, 503 past the server's, both with Retry-After", async () => {
    const s = await start({ perToken: 2, perServer: 3 });
    const baseline = s.ws.listenerCount;
    const other = await s.add("Other", "view");
    await connected(await open(s, ADMIN_TOKEN));
    await connected(await open(s, ADMIN_TOKEN));
    const third = await open(s, ADMIN_TOKEN);
    expect(third.response.headers.get("retry-after")).toBe("30");
    const tooMany = await expectProblem(third.response, "too-many-streams");
    expect(tooMany.detail).toMatch(/already has 2 event streams open/);
    await connected(await open(s, other));
    const full = await open(s, other);
    expect(full.response.headers.get("retry-after")).toBe("30");
    await expectProblem(full.response, "busy");
    // Refusals leave no listener behind.
    expect(s.ws.listenerCount).toBe(baseline + 3);
  });

  it("answers HEAD without opening a stream (nothing subscribed, no slot taken)", async () => {
    const s = await start({ perToken: 1 });
    const baseline = s.ws.listenerCount;
    for (let i = 0; i < 3; i++) {
      const head = await fetch(`${s.url}/events`, { method: "HEAD", headers: admin });
      expect(head.status).toBe(200);
      expect(head.headers.get("content-type")).toMatch(/^text\/event-stream/);
    }
    // Each HEAD was answered in full: had it subscribed, the listener would be counted now.
    expect(s.ws.listenerCount).toBe(baseline);
    await connected(await open(s, ADMIN_TOKEN));
  });

  it("401 without a token (nothing subscribed), 400 for a query parameter", async () => {
    const s = await start();
    const baseline = s.ws.listenerCount;
    await expectProblem((await open(s)).response, "unauthorized");
    await expectProblem(
      (await openEvents(`${s.url}/events?since=0`, ADMIN_TOKEN)).response,
      "unknown-parameter",
    );
    expect(s.ws.listenerCount).toBe(baseline);
  });
});

function docIdOf(s: TokenServer, path: string): string {
  const found = s.ws.resolve(path);
  if (found.kind !== "document") throw new Error(`${path} is not a document`);
  return found.loc.docId;
}
