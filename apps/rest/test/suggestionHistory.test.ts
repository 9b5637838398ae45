// Over real HTTP: a write's reason in GET /suggestions; accept and reject with a reply; the
// caller's history (GET /suggestions/history) with statuses, reviewer and reply, filtered and
// paged, and the same after the service is made again over the same audit log (a restart);
// POST /suggestions/withdraw refusing another's suggestion and taking back one's own.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { AuditLog, Authenticator, addToken } from "@lens/access";
import { SessionStore } from "@lens/core";
import { createLens } from "@lens/service";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type HttpClient, overHttp } from "./support/clients.js";
import { fixtureWorkspace } from "./support/fixture.js";

const DOC = "Lens/Notes/Plan.md";
let dataDir: string;
let client: HttpClient;
const tokens = { claude: "", ann: "", bo: "" };
const ws = fixtureWorkspace();

async function start(): Promise<HttpClient> {
  const audit = new AuditLog(dataDir);
  const lens = createLens(ws, { audit }, { sessions: new SessionStore() });
  return overHttp({ workspace: ws, lens, audit, auth: new Authenticator({ dataDir }), dataDir });
}

function req(token: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  return client.fetch(path, {
    method: body === undefined ? "GET" : "POST",
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
      ...headers,
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

async function edit(token: string, old_string: string, new_string: string, reason?: string) {
  const got = await req(token, `/documents/${DOC}`);
  const etag = got.headers.get("etag")!;
  await got.body?.cancel();
  const res = await req(
    token,
    `/documents/${DOC}/edit`,
    { old_string, new_string, ...(reason ? { reason } : {}) },
    { "if-match": etag },
  );
  expect(res.status, await res.clone().text()).toBe(200);
}

type History = {
  suggestions: { id: string; newText: string; status: string; reviewer?: string; reply?: string }[];
  nextCursor?: string;
};

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), "lens-rest-history-"));
  tokens.claude = (await addToken(dataDir, { name: "Claude", role: "suggest" })).token;
  tokens.ann = (await addToken(dataDir, { name: "Ann", role: "suggest" })).token;
  tokens.bo = (await addToken(dataDir, { name: "Bo", role: "edit" })).token;
  client = await start();
});

afterAll(async () => {
  await client?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("the suggestions' history over HTTP", () => {
  it("lists reasons, records replies, pages the history, and keeps it across a restart", async () => {
    await edit(tokens.claude, "Back to", "Return to", "Plainer.");
    await edit(tokens.claude, "ship it", "ship it today");
    const listed = (await (await req(tokens.bo, `/suggestions?path=${DOC}`)).json()) as {
      suggestions: { id: string; reason?: string }[];
    };
    expect(listed.suggestions.map((s) => s.reason)).toEqual(["Plainer.", undefined]);
    const [first, second] = listed.suggestions;
    expect(
      (await req(tokens.bo, "/suggestions/accept", { path: DOC, ids: [first!.id] })).status,
    ).toBe(200);
    const tooLong = await req(tokens.bo, "/suggestions/reject", {
      path: DOC,
      ids: [second!.id],
      reply: "x".repeat(2001),
    });
    expect(tooLong.status).toBe(422);
    const reject = await req(tokens.bo, "/suggestions/reject", {
      path: DOC,
      ids: [second!.id],
      reply: "Not today.",
    });
    expect(reject.status).toBe(200);

    const history = async (query = "") =>
      (await (await req(tokens.claude, `/suggestions/history${query}`)).json()) as History;
    const expected = [
      ["ship it today", "rejected", "Bo", "Not today."],
      ["Return to", "accepted", "Bo", undefined],
    ];
    const rows = (h: History) =>
      h.suggestions.map((s) => [s.newText, s.status, s.reviewer, s.reply]);
    expect(rows(await history())).toEqual(expected);
    expect(rows(await history("?status=accepted"))).toEqual([expected[1]]);
    const page = await history("?limit=1");
    expect(rows(page)).toEqual([expected[0]]);
    expect(rows(await history(`?limit=1&cursor=${page.nextCursor}`))).toEqual([expected[1]]);
    expect((await req(tokens.claude, "/suggestions/history?cursor=nope")).status).toBe(422);

    await client.close();
    client = await start();
    expect(rows(await history())).toEqual(expected);
  });

  it("withdraws one's own suggestion and refuses another's, changing nothing", async () => {
    await edit(tokens.claude, "# Plan", "# The plan", "Clearer.");
    await edit(tokens.ann, "TODO", "DONE");
    const pending = (await (await req(tokens.bo, `/suggestions?path=${DOC}`)).json()) as {
      suggestions: { id: string; author: string }[];
    };
    const mine = pending.suggestions.find((s) => s.author === "Claude")!.id;
    const hers = pending.suggestions.find((s) => s.author === "Ann")!.id;
    const raw = () => ws.contentText(ws.paths.get(DOC)!.docId)!.toString();
    const before = raw();
    const refused = await req(tokens.claude, "/suggestions/withdraw", { ids: [mine, hers] });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { detail: string }).detail).toMatch(/by Ann, not you/);
    expect(raw()).toBe(before);
    const done = await req(tokens.claude, "/suggestions/withdraw", { ids: [mine] });
    expect(done.status).toBe(200);
    expect(
      ((await done.json()) as { withdrawn: { id: string }[] }).withdrawn.map((w) => w.id),
    ).toEqual([mine]);
    expect(raw()).toContain("# Plan\n");
    expect(raw()).not.toContain("Clearer.");
    const h = (await (
      await req(tokens.claude, "/suggestions/history?status=withdrawn")
    ).json()) as History;
    expect(h.suggestions.map((s) => [s.newText, s.reviewer])).toEqual([["# The plan", "Claude"]]);
  });
});
