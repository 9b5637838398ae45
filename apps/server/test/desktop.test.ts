// Claude Desktop's route to a shared `lens serve`: the entry `serve` prints, run for real —
// mcp-remote (stdio) bridging the official SDK client to the server over HTTP with the token,
// and mcp-remote's OAuth mode against Lens's own authorization server.
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  APP_DIR,
  type Child,
  call,
  eventually,
  requireBuiltCli,
  spawnCli,
  tempDir,
  writeFixtureVaults,
} from "./helpers.js";

beforeAll(requireBuiltCli);

const TOKEN = "desktop-test-token-0123456789abcdef";
const MCP_REMOTE = join(APP_DIR, "node_modules", "mcp-remote", "dist", "proxy.js");

interface DesktopEntry {
  command: string;
  args: string[];
  env?: Record<string, string>;
}

describe("Claude Desktop through mcp-remote", () => {
  const tmp = tempDir();
  let child: Child;
  let entry: DesktopEntry;
  beforeAll(async () => {
    const vaults = writeFixtureVaults(join(tmp.path, "vaults"));
    child = spawnCli(
      ["serve", "--port", "0", "--data", join(tmp.path, "data"), "--import", `${vaults.team}=Team`],
      { env: { LENS_TOKEN: TOKEN } },
    );
    await child.waitFor(/Stop with Ctrl-C/);
    const out = child.stdout();
    const desktop = out.slice(out.indexOf("Connect Claude Desktop"));
    const json = desktop.slice(desktop.indexOf("{"), desktop.lastIndexOf("}") + 1);
    entry = (JSON.parse(json) as { mcpServers: { lens: DesktopEntry } }).mcpServers.lens;
  });
  /**
   * The printed entry run for real: `npx -y mcp-remote` is the installed mcp-remote, the rest
   * of the arguments are the entry's, and LENS_AUTH_HEADER holds `authorization`.
   */
  const asPrinted = (authorization: string, configDir: string, env: Record<string, string> = {}) =>
    new StdioClientTransport({
      command: process.execPath,
      args: [MCP_REMOTE, ...entry.args.slice(2)],
      env: {
        PATH: process.env.PATH ?? "",
        HOME: tmp.path,
        MCP_REMOTE_CONFIG_DIR: join(tmp.path, configDir),
        LENS_AUTH_HEADER: authorization,
        ...env,
      },
      stderr: "pipe",
    });
  afterAll(async () => {
    child.proc.kill("SIGTERM");
    await child.exited;
    tmp.remove();
  });

  it("prints an entry that passes the token through the environment, not the arguments", () => {
    expect(entry.command).toBe("npx");
    expect(entry.args.slice(0, 2)).toEqual(["-y", "mcp-remote"]);
    // biome-ignore lint/suspicious/noTemplateCurlyInString: mcp-remote expands ${VAR} itself
    expect(entry.args).toContain("Authorization:${LENS_AUTH_HEADER}");
    expect(entry.env).toEqual({ LENS_AUTH_HEADER: "Bearer <your token>" });
    expect(child.stdout()).not.toContain(TOKEN);
  });

  it("works as printed, with the token filled in: list tools, read a note", async () => {
    const transport = asPrinted(`Bearer ${TOKEN}`, "mcp-auth");
    const client = new Client({ name: "claude-desktop-like", version: "0.0.0" });
    try {
      await client.connect(transport);
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name)).toEqual([
        "read",
        "glob",
        "grep",
        "search",
        "recent",
        "edit",
        "insert",
        "get_links",
        "create",
        "move",
        "delete",
        "suggestions",
        "withdraw",
      ]);
      const read = await call(client, "read", { file_path: "Team/Plans.md" });
      expect(read.isError).toBe(false);
      expect(read.text).toContain("Plan A: ship it.");
    } finally {
      await client.close();
    }
  });

  /** mcp-remote's lines on stderr, and the authorization URL once it asks a person for one. */
  const watchStderr = (transport: StdioClientTransport) => {
    let stderr = "";
    transport.stderr?.on("data", (d: Buffer) => {
      stderr += d.toString("utf8");
    });
    const asked = /Please authorize this client by visiting:\s+(\S+)/;
    return {
      text: () => stderr,
      async authorizationUrl(): Promise<string> {
        await eventually(() => asked.test(stderr), 60_000);
        return asked.exec(stderr)?.[1] ?? "";
      },
    };
  };
  // mcp-remote's "browser" is `true` (xdg-open honours BROWSER): the test is the person.
  const noBrowser = { BROWSER: "true" };

  it("is not let in with a wrong token: the 401 sends mcp-remote to OAuth, waiting for a person", async () => {
    const transport = asPrinted("Bearer wrong-token-0000000000000000", "mcp-auth-2", noBrowser);
    const stderr = watchStderr(transport);
    const client = new Client({ name: "claude-desktop-like", version: "0.0.0" });
    let connected = false;
    const connecting = client.connect(transport).then(
      () => {
        connected = true;
      },
      () => {},
    );
    try {
      expect(await stderr.authorizationUrl()).toMatch(/\/oauth\/authorize\?/);
      expect(connected).toBe(false);
    } finally {
      await transport.close().catch(() => {});
      await connecting;
      await client.close().catch(() => {});
    }
  });

  it("works in mcp-remote's OAuth mode (no header): a person approves on the consent page", async () => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [MCP_REMOTE, entry.args[2] ?? ""],
      env: {
        PATH: process.env.PATH ?? "",
        HOME: tmp.path,
        MCP_REMOTE_CONFIG_DIR: join(tmp.path, "mcp-auth-oauth"),
        ...noBrowser,
      },
      stderr: "pipe",
    });
    const stderr = watchStderr(transport);
    const client = new Client({ name: "claude-desktop-like", version: "0.0.0" });
    const connecting = client.connect(transport);
    try {
      const authorize = await stderr.authorizationUrl();
      const toConsent = await fetch(authorize, { redirect: "manual" });
      const consent = /^\/#\/consent\/([A-Za-z0-9_-]+)$/.exec(
        toConsent.headers.get("location") ?? "",
      );
      const answer = await fetch(`${new URL(authorize).origin}/oauth/consent/${consent?.[1]}`, {
        method: "POST",
        headers: { authorization: `Bearer ${TOKEN}`, "content-type": "application/json" },
        body: JSON.stringify({ decision: "allow", role: "view", folders: "all" }),
      });
      const { redirect } = (await answer.json()) as { redirect: string };
      // mcp-remote's callback server takes the code, exchanges it and connects.
      expect((await fetch(redirect)).ok).toBe(true);
      await connecting.catch((e: unknown) => {
        throw new Error(`${String(e)}\n${stderr.text()}`);
      });
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name)).toEqual([
        "read",
        "glob",
        "grep",
        "search",
        "recent",
        "get_links",
        "suggestions",
      ]);
      const read = await call(client, "read", { file_path: "Team/Plans.md" });
      expect(read.text).toContain("Plan A");
    } finally {
      await client.close().catch(() => {});
    }
  });
});
