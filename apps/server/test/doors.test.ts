// One case suite through every door of one `lens serve` (spawned): MCP over Streamable HTTP, MCP
// over stdio (`lens stdio` bridged to the running server), and REST. Each operation is asked
// of all three and must give the same typed result — the tool's structured data and its text
// (REST adds only HTTP facts: an ETag, sizes) — and the same error code when it is refused.
// The behaviour is written once (core, through the service); this proves the doors only
// translate.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type Child,
  CLI,
  type Connection,
  cliEnv,
  connectHttp,
  requireBuiltCli,
  spawnCli,
  tempDir,
  writeFixtureVaults,
} from "./helpers.js";

/** What a door answered: the tool's typed data and text, or the error code it refused with. */
type Answer = { data: Record<string, unknown>; text: string } | { code: string };

const AUTHOR = "lens-test";

let server: Child;
let base: string;
let http: Connection;
let stdio: Client;
const root = tempDir("lens-doors-");

beforeAll(async () => {
  requireBuiltCli();
  const vaults = writeFixtureVaults(`${root.path}/vaults`);
  const data = `${root.path}/data`;
  server = spawnCli(
    ["serve", "--port", "0", "--data", data, "--import", `${vaults.team}=Team`, "--author", AUTHOR],
    { env: { LENS_LOG_LEVEL: "warn" } },
  );
  base = (await server.waitFor(/MCP\s+(http:\/\/\S+)\/mcp/))[1]!;
  http = await connectHttp(`${base}/mcp`);
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [CLI, "stdio", "--data", data, "--author", AUTHOR],
    env: cliEnv(),
    stderr: "pipe",
  });
  stdio = new Client({ name: AUTHOR, version: "0.0.0" });
  await stdio.connect(transport);
}, 120_000);

afterAll(async () => {
  await stdio?.close();
  await http?.close();
  server?.proc.kill("SIGTERM");
  await server?.exited;
  root.remove();
});

async function viaMcp(
  client: Client,
  tool: string,
  args: Record<string, unknown>,
): Promise<Answer> {
  const result = (await client.callTool({ name: tool, arguments: args })) as CallToolResult;
  if (result.isError) {
    const error = result._meta?.["lens/error"] as { code?: string } | undefined;
    return { code: error?.code ?? "none" };
  }
  const text = result.content.map((c) => (c.type === "text" ? c.text : "")).join("");
  return { data: result.structuredContent as Record<string, unknown>, text };
}

/** A REST answer: the JSON body without `text` and the HTTP-only `drop` fields, or the code. */
async function viaRest(
  method: "GET" | "POST",
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
  drop: readonly string[] = [],
): Promise<Answer> {
  const res = await fetch(`${base}/api/v1${path}`, {
    method,
    headers: { ...(body === undefined ? {} : { "Content-Type": "application/json" }), ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const json = (await res.json()) as Record<string, unknown>;
  if (!res.ok) return { code: String(json.code ?? res.status) };
  const { text, ...data } = json;
  for (const key of drop) delete data[key];
  return { data, text: String(text) };
}

const enc = (path: string) => path.split("/").map(encodeURIComponent).join("/");

/** Asks all three doors; expects one answer, and returns it. */
async function same(
  tool: string,
  args: Record<string, unknown>,
  rest: () => Promise<Answer>,
): Promise<Answer> {
  const [overHttp, overStdio, overRest] = [
    await viaMcp(http.client, tool, args),
    await viaMcp(stdio, tool, args),
    await rest(),
  ];
  expect(overStdio, `${tool} over stdio`).toEqual(overHttp);
  expect(overRest, `${tool} over REST`).toEqual(overHttp);
  return overHttp;
}

describe("every door gives the same typed result", () => {
  it("read: a note, a window of it, a missing note, a path out of the vault", async () => {
    const drop = ["etag", "modified", "size"];
    const read =
      (path: string, q = "") =>
      () =>
        viaRest("GET", `/documents/${enc(path)}${q}`, undefined, {}, drop);
    const whole = await same("read", { file_path: "Team/Plans.md" }, read("Team/Plans.md"));
    expect("data" in whole && whole.text).toContain("Plan A: ship it.");
    await same(
      "read",
      { file_path: "Team/Plans.md", offset: 2, limit: 2 },
      read("Team/Plans.md", "?offset=2&limit=2"),
    );
    expect(await same("read", { file_path: "Team/Nope.md" }, read("Team/Nope.md"))).toEqual({
      code: "not_found",
    });
  });

  it("grep: files, content with context, count, a bad pattern", async () => {
    const grep = (q: string) => () => viaRest("GET", `/grep?${q}`);
    const files = await same("grep", { pattern: "ship it" }, grep("pattern=ship%20it"));
    expect("data" in files && files.text).toContain("Team/Plans.md");
    await same(
      "grep",
      { pattern: "Plan [AB]", output_mode: "content", "-C": 1 },
      grep("pattern=Plan%20%5BAB%5D&output_mode=content&context=1"),
    );
    await same(
      "grep",
      { pattern: "ship", output_mode: "count", path: "Team" },
      grep("pattern=ship&output_mode=count&path=Team"),
    );
    const bad = await same("grep", { pattern: "(" }, grep("pattern=("));
    expect("code" in bad).toBe(true);
  });

  it("search and get_links", async () => {
    await same("search", { query: "plans ship" }, () =>
      viaRest("GET", "/search?query=plans%20ship"),
    );
    const links = await same("get_links", { file_path: "Team/Plans.md" }, () =>
      viaRest("GET", `/documents/${enc("Team/Plans.md")}/links`),
    );
    expect("data" in links && links.text).toContain("Ideas");
  });

  it("glob: the same paths, truncation and text (REST lists each path's summary)", async () => {
    const mcp = await viaMcp(http.client, "glob", { pattern: "**/*.md" });
    const overStdio = await viaMcp(stdio, "glob", { pattern: "**/*.md" });
    expect(overStdio).toEqual(mcp);
    const rest = await viaRest("GET", "/documents?pattern=**%2F*.md");
    if (!("data" in mcp) || !("data" in rest)) throw new Error("glob failed");
    expect(rest.text).toBe(mcp.text);
    const paths = (mcp.data.entries as { path: string }[]).map((e) => e.path);
    expect((rest.data.documents as { path: string }[]).map((d) => d.path)).toEqual(paths);
    expect(paths).toContain("Team/Plans.md");
    for (const key of ["truncated", "pattern", "scope"])
      expect(rest.data[key]).toEqual(mcp.data[key]);
  });

  it("create, edit and move: the same results on three copies of one note", async () => {
    const content = "# Copy\n\nThe draft says maybe.\n";
    const doors = [
      { name: "http", mcp: http.client },
      { name: "stdio", mcp: stdio },
      { name: "rest", mcp: undefined },
    ] as const;
    const answers: Record<string, Answer[]> = { create: [], edit: [], move: [] };
    for (const door of doors) {
      // A folder of its own for each door: each create makes one, so the results match.
      const path = `Team/Copies-${door.name}/Copy.md`;
      const moved = `Team/Copies-${door.name}/Copy moved.md`;
      if (door.mcp) {
        answers.create!.push(await viaMcp(door.mcp, "create", { file_path: path, content }));
        await viaMcp(door.mcp, "read", { file_path: path });
        answers.edit!.push(
          await viaMcp(door.mcp, "edit", {
            file_path: path,
            old_string: "maybe",
            new_string: "surely",
          }),
        );
        answers.move!.push(await viaMcp(door.mcp, "move", { file_path: path, new_path: moved }));
      } else {
        const session = { "Lens-Session": "doors-suite" };
        answers.create!.push(await viaRest("POST", "/documents", { path, content }, {}, ["etag"]));
        await viaRest("GET", `/documents/${enc(path)}`, undefined, session);
        answers.edit!.push(
          await viaRest(
            "POST",
            `/documents/${enc(path)}/edit`,
            { old_string: "maybe", new_string: "surely" },
            session,
            ["etag"],
          ),
        );
        answers.move!.push(
          await viaRest("POST", `/documents/${enc(path)}/move`, { new_path: moved }),
        );
      }
    }
    // The same result but for the path each door wrote to.
    const unnamed = (a: Answer, door: string) =>
      JSON.parse(JSON.stringify(a).replaceAll(`Copies-${door}`, "Copies-X"));
    for (const op of ["create", "edit", "move"]) {
      const [h, s, r] = answers[op]!.map((a, i) => unnamed(a, doors[i]!.name));
      expect(h, op).toHaveProperty("data");
      expect(s, `${op} over stdio`).toEqual(h);
      expect(r, `${op} over REST`).toEqual(h);
    }
  });

  it("refuses alike: an edit not unique, an edit before a read, a path out of the vault", async () => {
    const path = "Team/Archive/Old.md";
    // Not read in these sessions yet: refused before anything else.
    const unread = await same(
      "edit",
      { file_path: "Team/Notes/Ideas.md", old_string: "old idea", new_string: "new idea" },
      () =>
        viaRest(
          "POST",
          `/documents/${enc("Team/Notes/Ideas.md")}/edit`,
          { old_string: "old idea", new_string: "new idea" },
          { "Lens-Session": "doors-unread" },
        ),
    );
    expect("code" in unread).toBe(true);
    const session = { "Lens-Session": "doors-refusals" };
    await viaMcp(http.client, "read", { file_path: path });
    await viaMcp(stdio, "read", { file_path: path });
    await viaRest("GET", `/documents/${enc(path)}`, undefined, session);
    const notUnique = await same(
      "edit",
      { file_path: path, old_string: "ship it", new_string: "sail" },
      () =>
        viaRest(
          "POST",
          `/documents/${enc(path)}/edit`,
          { old_string: "ship it", new_string: "sail" },
          session,
        ),
    );
    expect("code" in notUnique).toBe(true);
    const outside = await same("read", { file_path: "../etc/passwd" }, () =>
      viaRest("GET", `/documents/..%2Fetc%2Fpasswd`),
    );
    expect("code" in outside).toBe(true);
  });
});
