// No grep holds the server: searches run in a worker thread. A pattern that costs seconds per
// line on a 300 000-character line is cut at the time limit (a clear time-out, never "No
// matches"), while /healthz and other sessions keep answering; the next search works.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resolveServeConfig } from "../src/cli/config.js";
import { type RunningServer, startServe } from "../src/compositionRoot/index.js";
import { silentLog } from "../src/log.js";
import { call, connectHttp, requireBuiltCli, tempDir } from "./helpers.js";

beforeAll(requireBuiltCli);

describe("grep runs off the event loop, within its time limit", () => {
  const tmp = tempDir("lens-grep-");
  let server: RunningServer;
  beforeAll(async () => {
    const vault = join(tmp.path, "vault");
    mkdirSync(vault);
    writeFileSync(join(vault, "Long.md"), `# Long\n${"w".repeat(300_000)}\nend\n`);
    writeFileSync(join(vault, "Short.md"), "a short note about plugins\n");
    const many = Array.from({ length: 600 }, (_, i) => `line ${i} ${i % 7 === 0 ? "seven" : ""}`);
    writeFileSync(join(vault, "Many.md"), `${many.join("\n")}\n`);
    server = await startServe(
      resolveServeConfig(
        { port: "0", data: join(tmp.path, "data"), import: [`${vault}=Notes`] },
        { LENS_GREP_TIME_LIMIT: "1" },
      ),
      silentLog(),
    );
  });
  afterAll(async () => {
    await server.stop();
    tmp.remove();
  });

  it("a pathological pattern is cut with a time-out while /healthz keeps answering", async () => {
    const base = server.listening.baseUrl;
    const conn = await connectHttp(`${base}/mcp`);
    let searching = true;
    let answers = 0;
    const poll = (async () => {
      while (searching) {
        const res = await fetch(`${base}/healthz`);
        await res.json();
        answers++;
        await new Promise((r) => setTimeout(r, 20));
      }
    })();
    const grep = await call(conn.client, "grep", { pattern: "\\w{1000}\\s", output_mode: "count" });
    searching = false;
    await poll;
    expect(grep.isError).toBe(true);
    expect(grep.text).toMatch(/^Search stopped at its time limit \(1000 ms\)/);
    // The server answered all along: polled every 20 ms through a search of over a second, it
    // answered many times (a blocked event loop answers once, after the search). Latencies are
    // measured by the attack suite (apps/harness), not asserted here.
    expect(answers).toBeGreaterThan(10);
    expect(server.grep.terminations).toBe(1);
    // The next search (a new worker, sent every document again) works.
    const again = await call(conn.client, "grep", { pattern: "plugins" });
    expect(again).toEqual({ text: "Notes/Short.md", isError: false });
    await conn.close();
  }, 30_000);

  it("REST grep runs in the worker too: same text, records, and the time-out as 503", async () => {
    const base = `${server.listening.baseUrl}/api/v1`;
    const ok = await fetch(`${base}/grep?pattern=plugins&output_mode=content`);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({
      text: "Notes/Short.md:1:a short note about plugins",
      entries: [{ kind: "match", path: "Notes/Short.md", line: 1 }],
    });
    const slow = await fetch(`${base}/grep?pattern=${encodeURIComponent("\\w{1000}\\s")}`);
    expect(slow.status).toBe(503);
    expect(((await slow.json()) as { code: string }).code).toBe("timeout");
  }, 30_000);

  it("paging through a long answer gives, page after page, the whole answer", async () => {
    const conn = await connectHttp(`${server.listening.baseUrl}/mcp`);
    const args = { pattern: "seven", path: "Notes/Many.md", output_mode: "content", "-C": 1 };
    const whole = await call(conn.client, "grep", { ...args, head_limit: 0 });
    const pages: string[] = [];
    let offset = 0;
    for (;;) {
      const page = await call(conn.client, "grep", { ...args, head_limit: 10, offset });
      const [body, note] = page.text.split("\n\n[");
      pages.push(body!);
      const next = /offset: (\d+)/.exec(note ?? "");
      if (!next) break;
      offset = Number(next[1]);
    }
    expect(pages.length).toBeGreaterThan(10);
    expect(pages.join("\n")).toBe(whole.text);
    await conn.close();
  });

  it("the next page of a search is resumed by the worker: no document list is sent again", async () => {
    const conn = await connectHttp(`${server.listening.baseUrl}/mcp`);
    const args = { pattern: "line|plugins", output_mode: "content", head_limit: 7 };
    // The worker keeps the list of the documents this search (and the one before) is over.
    const whole = await call(conn.client, "grep", { ...args, head_limit: 0 });
    const sentBefore = server.grep.listsSent;
    const pages: string[] = [];
    let offset = 0;
    for (;;) {
      const r = await conn.client.callTool({ name: "grep", arguments: { ...args, offset } });
      const page = r.structuredContent as { nextOffset: number | null };
      pages.push((r.content as { text: string }[])[0]!.text.split("\n\n[")[0]!);
      if (page.nextOffset === null) break;
      offset = page.nextOffset;
    }
    expect(pages.length).toBeGreaterThan(80);
    expect(pages.join("\n")).toBe(whole.text);
    expect(server.grep.listsSent - sentBefore).toBe(0);
    await conn.close();
  });

  it("a change between two pages: the next page is searched afresh, with the change", async () => {
    const conn = await connectHttp(`${server.listening.baseUrl}/mcp`);
    const args = { pattern: "seven|plugins|extensions", output_mode: "content", head_limit: 3 };
    const first = await conn.client.callTool({ name: "grep", arguments: args });
    const next = (first.structuredContent as { nextOffset: number }).nextOffset;
    expect(next).toBe(3);
    await call(conn.client, "read", { file_path: "Notes/Many.md" });
    const edit = await call(conn.client, "edit", {
      file_path: "Notes/Many.md",
      old_string: "line 14 seven",
      new_string: "line 14 seven\nline 14b seven",
    });
    expect(edit.isError).toBe(false);
    const sentBefore = server.grep.listsSent;
    const page = await call(conn.client, "grep", { ...args, offset: next });
    // An edit changes a text, not a path: the worker's list serves on, no list is sent.
    expect(server.grep.listsSent - sentBefore).toBe(0);
    const fresh = await call(conn.client, "grep", { ...args, offset: next, glob: "*" });
    expect(page.text.split("\n\n[")[0]).toBe(fresh.text.split("\n\n[")[0]);
    // Searched from where the last page stopped but with the old text, it would start at line 22.
    expect(page.text).toMatch(/^Notes\/Many.md:16:line 14b seven\n/);
    await conn.close();
  });

  it("an edit is searchable at once (the worker gets changed documents before each search)", async () => {
    const conn = await connectHttp(`${server.listening.baseUrl}/mcp`);
    await call(conn.client, "read", { file_path: "Notes/Short.md" });
    await call(conn.client, "edit", {
      file_path: "Notes/Short.md",
      old_string: "plugins",
      new_string: "extensions",
    });
    expect(await call(conn.client, "grep", { pattern: "extensions" })).toEqual({
      text: "Notes/Short.md",
      isError: false,
    });
    await conn.close();
  });
});
