// What `lens serve` prints for people to connect with (in process): an address a teammate can
// reach when bound to all interfaces, the operator's --public-url (also what sync client tokens
// carry), and, for an empty data directory, how to get a first folder.
import { mkdirSync } from "node:fs";
import { hostname, type NetworkInterfaceInfo, networkInterfaces } from "node:os";
import { join } from "node:path";
import { Workspace } from "@lens/core";
import { openStore } from "@lens/store";
import { afterEach, describe, expect, it } from "vitest";
import { resolveServeConfig, type ServeConfig } from "../src/cli/config.js";
import { startupBanner } from "../src/cli/serve.js";
import { type RunningServer, startServe } from "../src/compositionRoot/index.js";
import { publicBaseUrl } from "../src/http/publicBase.js";
import { silentLog } from "../src/log.js";
import { call, connectHttp, tempDir, writeFixtureVaults } from "./helpers.js";

const TOKEN = "banner-test-token-0123456789";
const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

function dataDir(): { data: string; team: string } {
  const tmp = tempDir();
  cleanups.push(() => tmp.remove());
  mkdirSync(join(tmp.path, "data"));
  return { data: join(tmp.path, "data"), team: writeFixtureVaults(join(tmp.path, "v")).team };
}

async function start(cfg: ServeConfig): Promise<RunningServer> {
  const server = await startServe(cfg, silentLog());
  cleanups.push(() => server.stop());
  return server;
}

/** The Claude Desktop entry of a banner, parsed. */
function desktopEntry(banner: string): { args: string[] } {
  const desktop = banner.slice(banner.indexOf("Connect Claude Desktop"));
  const json = desktop.slice(desktop.indexOf("{"), desktop.lastIndexOf("}") + 1);
  return (JSON.parse(json) as { mcpServers: { lens: { args: string[] } } }).mcpServers.lens;
}

describe("the addresses serve prints", () => {
  it("bound to 0.0.0.0: this machine's first non-loopback address, never 127.0.0.1, and it answers", async () => {
    const { data, team } = dataDir();
    const cfg = resolveServeConfig(
      { port: "0", host: "0.0.0.0", token: TOKEN, data, import: [`${team}=Team`] },
      {},
    );
    const server = await start(cfg);
    const banner = startupBanner(server, cfg);
    const external = Object.values(networkInterfaces())
      .flat()
      .find((a) => a && !a.internal && a.family === "IPv4");
    const base = `http://${external?.address ?? hostname()}:${server.listening.port}`;
    expect(banner).not.toContain("127.0.0.1");
    expect(banner).toContain(`  MCP      ${base}/mcp`);
    expect(banner).toContain(`claude mcp add --transport http lens ${base}/mcp --header`);
    expect(desktopEntry(banner).args).toEqual([
      "-y",
      "mcp-remote",
      `${base}/mcp`,
      "--allow-http",
      "--header",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: mcp-remote expands ${VAR} itself
      "Authorization:${LENS_AUTH_HEADER}",
    ]);
    // The printed address is one the server answers on (its Host passes the guard).
    const conn = await connectHttp(`${base}/mcp`, { Authorization: `Bearer ${TOKEN}` });
    expect((await call(conn.client, "glob", { pattern: "Team/Plans.md" })).text).toBe(
      "Team/Plans.md",
    );
    await conn.close();
  });

  it("--public-url is what the banner prints and what sync client tokens carry; its host is allowed", async () => {
    const { data, team } = dataDir();
    const cfg = resolveServeConfig(
      {
        port: "0",
        token: TOKEN,
        data,
        import: [`${team}=Team`],
        publicUrl: "https://lens.example.com/team/",
      },
      {},
    );
    const server = await start(cfg);
    const banner = startupBanner(server, cfg);
    expect(banner).not.toContain("127.0.0.1");
    expect(banner).toContain("  MCP      https://lens.example.com/team/mcp");
    expect(banner).toContain("  Review   https://lens.example.com/team/  (");
    expect(banner).toContain(
      "claude mcp add --transport http lens https://lens.example.com/team/mcp",
    );
    // https: mcp-remote needs no --allow-http.
    expect(desktopEntry(banner).args.slice(0, 3)).toEqual([
      "-y",
      "mcp-remote",
      "https://lens.example.com/team/mcp",
    ]);
    // A reverse proxy forwards with Host: lens.example.com; the guard lets it through, and sync
    // writes the public URL into its client tokens.
    const folder = server.data.workspace.folders()[0]!;
    const res = await fetch(`${server.listening.baseUrl}/doc/${folder.docId}/auth`, {
      method: "POST",
      headers: { Host: "lens.example.com", Authorization: `Bearer ${TOKEN}` },
      body: "{}",
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { baseUrl: string }).baseUrl).toBe(
      `https://lens.example.com/team/d/${folder.docId}`,
    );
  });

  it("a wildcard bind is shown as IPv4, else routable IPv6 (not link-local), else the host name", () => {
    const nic = (address: string, family: "IPv4" | "IPv6", internal = false) =>
      ({ address, family, internal }) as NetworkInterfaceInfo;
    const lo = [nic("127.0.0.1", "IPv4", true), nic("::1", "IPv6", true)];
    const at = (host: string, interfaces: Record<string, NetworkInterfaceInfo[]>) =>
      publicBaseUrl({ host, port: 3917 }, undefined, { interfaces, hostname: "box" });
    const eth = [nic("fe80::1", "IPv6"), nic("fd00::2", "IPv6"), nic("10.0.0.5", "IPv4")];
    expect(at("0.0.0.0", { lo, eth })).toBe("http://10.0.0.5:3917");
    expect(at("::", { lo, eth: eth.slice(0, 2) })).toBe("http://[fd00::2]:3917");
    expect(at("0.0.0.0", { lo, eth: eth.slice(0, 1) })).toBe("http://box:3917");
    expect(at("127.0.0.1", { lo, eth })).toBe("http://127.0.0.1:3917");
    expect(at("192.168.1.9", { lo, eth })).toBe("http://192.168.1.9:3917");
  });

  it("refuses a --public-url that is not an http(s) URL, with one clear line", () => {
    for (const bad of ["lens.example.com", "ftp://lens.example.com", "https://x/?a=1"]) {
      expect(() => resolveServeConfig({ publicUrl: bad }, {})).toThrow(/--public-url/);
    }
    expect(resolveServeConfig({}, { LENS_PUBLIC_URL: "http://h:8080/" }).publicUrl).toBe(
      "http://h:8080",
    );
  });
});

describe("an empty data directory", () => {
  it("says how to import a vault or create a first folder, and an admin's create makes one that lasts", async () => {
    const { data } = dataDir();
    const cfg = resolveServeConfig({ port: "0", data }, {});
    const server = await start(cfg);
    const banner = startupBanner(server, cfg);
    expect(banner).toMatch(/^Lens \S+: 0 documents in 0 folders/);
    expect(banner).toContain(`lens import --data ${data} --folder NAME VAULT_DIR`);
    expect(banner).toMatch(/new_folder: true/);

    // The assistant of this open server (its owner, an admin) creates the first folder.
    const conn = await connectHttp(`${server.listening.baseUrl}/mcp`);
    const refused = await call(conn.client, "create", {
      file_path: "Notes/Welcome.md",
      content: "# Welcome",
    });
    expect(refused.isError).toBe(true);
    expect(refused.text).toMatch(/no shared folder yet.*new_folder: true/s);
    const made = await call(conn.client, "create", {
      file_path: "Notes/Welcome.md",
      content: "# Welcome",
      new_folder: true,
    });
    await conn.close();
    expect(made.isError, made.text).toBe(false);
    expect(made.text).toMatch(/created the shared folder "Notes"/);
    await server.stop();

    // On disk: the folder and its note come back in a new load.
    const workspace = new Workspace();
    const store = await openStore(data, { workspace });
    await store.close();
    expect(workspace.folders().map((f) => f.name)).toEqual(["Notes"]);
    expect(workspace.resolve("Notes/Welcome.md").kind).toBe("document");
  });
});
