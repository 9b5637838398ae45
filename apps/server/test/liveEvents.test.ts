// GET /api/v1/events through `lens serve` as composed (host guard, access log, REST mounted
// under /api/v1): an assistant's MCP edit reaches a reviewer's open stream at once, a token
// scoped to another folder hears nothing of it, and stopping the server ends open streams.
import { mkdirSync } from "node:fs";
import { addToken } from "@lens/access";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resolveServeConfig } from "../src/cli/config.js";
import { type RunningServer, startServe } from "../src/compositionRoot/index.js";
import { silentLog } from "../src/log.js";
import { call, connectHttp, eventually, tempDir, writeFixtureVaults } from "./helpers.js";

const ADMIN = "live-events-admin-0123456789";

/** An open event stream: the text received so far, and whether the server ended it. */
async function listen(url: string, token: string) {
  const controller = new AbortController();
  const res = await fetch(url, {
    headers: { Authorization: `Bearer ${token}` },
    signal: controller.signal,
  });
  const state = { text: "", ended: false };
  void (async () => {
    const decoder = new TextDecoder();
    try {
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        state.text += decoder.decode(chunk, { stream: true });
      }
    } catch {
      // aborted
    }
    state.ended = true;
  })();
  return { res, state, abort: () => controller.abort() };
}

describe("live events through lens serve", () => {
  const tmp = tempDir("lens-live-");
  const data = `${tmp.path}/data`;
  let server: RunningServer;
  let base: string;

  beforeAll(async () => {
    mkdirSync(data);
    const { team, research } = writeFixtureVaults(`${tmp.path}/vaults`);
    const cfg = resolveServeConfig(
      { port: "0", data, token: ADMIN, import: [`${team}=Team`, research] },
      {},
    );
    server = await startServe(cfg, silentLog());
    base = server.listening.baseUrl;
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
    tmp.remove();
  });

  it("tells a reviewer of an assistant's edit as it happens, and tells other folders nothing", async () => {
    const ws = server.data.workspace;
    const baseline = ws.listenerCount;
    const reviewer = await listen(`${base}/api/v1/events`, ADMIN);
    expect(reviewer.res.status).toBe(200);
    expect(reviewer.res.headers.get("content-type")).toMatch(/^text\/event-stream/);
    // A token for the Research folder only, made the way `lens token add` makes it.
    const research = await addToken(data, {
      name: "Research viewer",
      role: "view",
      folders: ["Research"],
    });
    const other = await listen(`${base}/api/v1/events`, research.token);
    await eventually(
      () => reviewer.state.text.includes(": connected") && other.state.text.includes(": connected"),
    );

    const conn = await connectHttp(`${base}/mcp`, { authorization: `Bearer ${ADMIN}` });
    await call(conn.client, "read", { file_path: "Team/Plans.md" });
    const edit = await call(conn.client, "edit", {
      file_path: "Team/Plans.md",
      old_string: "Plan A: ship it.",
      new_string: "Plan A: ship it today.",
    });
    expect(edit.isError).toBe(false);
    await eventually(() => reviewer.state.text.includes("Team/Plans.md"));
    expect(reviewer.state.text).toMatch(
      /event: change\ndata: \{"paths":\["Team\/Plans\.md"\],"truncated":false\}\n\n/,
    );
    // Then an edit in Research: a stream is in order, so once the Research viewer hears of it,
    // anything it was told of the Team edit has arrived too (no waiting and hoping).
    await call(conn.client, "read", { file_path: "Research/Paper.md" });
    const marker = await call(conn.client, "edit", {
      file_path: "Research/Paper.md",
      old_string: "Builds on",
      new_string: "Rests on",
    });
    await conn.close();
    expect(marker.isError).toBe(false);
    await eventually(() => other.state.text.includes("Research/Paper.md"));
    expect(other.state.text).not.toContain("Team/");
    const told = [...other.state.text.matchAll(/^data: (.*)$/gm)].map((m) => m[1]);
    expect(told).toEqual(['{"paths":["Research/Paper.md"],"truncated":false}']);
    reviewer.abort();
    other.abort();
    await eventually(() => ws.listenerCount === baseline);
  });

  it("refuses a request from another site's page (Host guard), like every route", async () => {
    const res = await fetch(`${base}/api/v1/events`, {
      headers: { Authorization: `Bearer ${ADMIN}`, Origin: "https://attacker.example" },
    });
    expect(res.status).toBe(403);
  });

  it("ends open streams when the server stops, leaving no listener", async () => {
    const ws = server.data.workspace;
    const baseline = ws.listenerCount;
    const stream = await listen(`${base}/api/v1/events`, ADMIN);
    await eventually(() => stream.state.text.includes(": connected"));
    expect(ws.listenerCount).toBe(baseline + 1);
    await server.stop();
    await eventually(() => stream.state.ended);
    await eventually(() => ws.listenerCount <= baseline);
  });
});
