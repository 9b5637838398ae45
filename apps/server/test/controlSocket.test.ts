// The data directory's control socket under a real `lens serve` (in process): who holds the
// directory, hostile or malformed requests refused with a clear answer and nothing imported, a
// private socket, gone when the server stops; a data directory too deep for a unix socket path.
import { mkdirSync, statSync } from "node:fs";
import { request } from "node:http";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resolveServeConfig } from "../src/cli/config.js";
import { type RunningServer, startServe } from "../src/compositionRoot/index.js";
import { probeOwner } from "../src/control/controlClient.js";
import { controlSocketPath, privateTmpDir } from "../src/control/socketPath.js";
import { silentLog } from "../src/log.js";
import { LENS_VERSION } from "../src/version.js";
import { tempDir, writeFixtureVaults } from "./helpers.js";

/** One raw HTTP request over the socket: status and body text. */
function over(
  socketPath: string,
  method: string,
  path: string,
  body?: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ socketPath, method, path, headers }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (d: string) => {
        text += d;
      });
      res.on("end", () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on("upgrade", (res) => resolve({ status: res.statusCode ?? 0, text: "" }));
    req.on("error", reject);
    req.end(body);
  });
}

async function serveIn(data: string): Promise<RunningServer> {
  const config = resolveServeConfig({ port: "0", data, init: true }, {});
  return startServe(config, silentLog());
}

describe("the control socket of lens serve", () => {
  const tmp = tempDir();
  const data = join(tmp.path, "data");
  let server: RunningServer;
  let socket = "";
  beforeAll(async () => {
    server = await serveIn(data);
    socket = controlSocketPath(data);
  });
  afterAll(async () => {
    await server.stop();
    tmp.remove();
  });

  it("sits in DATA/.lens, private to its user, and says who holds the directory", async () => {
    expect(socket).toBe(join(data, ".lens", "control.sock"));
    expect(statSync(socket).mode & 0o777).toBe(0o600);
    expect(statSync(join(data, ".lens")).mode & 0o077).toBe(0);
    expect(await probeOwner(data)).toEqual({
      lens: LENS_VERSION,
      command: "serve",
      pid: process.pid,
      dir: data,
      url: server.listening.baseUrl,
      serves: ["import", "mcp"],
    });
  });

  it("refuses malformed imports with a clear answer and imports nothing", async () => {
    const folders = server.data.workspace.folders().length;
    const post = (body: string) => over(socket, "POST", "/v1/import", body);
    expect(await post("not json")).toMatchObject({ status: 400, text: /not JSON/ });
    expect((await post(JSON.stringify({ vaults: [], replace: true }))).status).toBe(400);
    expect((await post(JSON.stringify({ vaults: [{ dir: "/x", name: "X" }] }))).status).toBe(400);
    expect(
      (await post(JSON.stringify({ vaults: [{ dir: "/x", name: "X", extra: 1 }], replace: true })))
        .status,
    ).toBe(400);
    const huge = await post(JSON.stringify({ restore: "x".repeat(300_000) }));
    expect(huge).toMatchObject({ status: 400, text: /larger than/ });
    const relative = await post(
      JSON.stringify({ vaults: [{ dir: "vault", name: "X" }], replace: false }),
    );
    expect(JSON.parse(relative.text)).toEqual({
      error: { code: "config", message: "the vault vault must be an absolute path" },
    });
    const missing = await post(
      JSON.stringify({ vaults: [{ dir: join(tmp.path, "nowhere"), name: "X" }], replace: false }),
    );
    expect(JSON.parse(missing.text).error.message).toMatch(/^no vault directory at /);
    const slash = await post(
      JSON.stringify({ vaults: [{ dir: "/x", name: "a/b" }], replace: false }),
    );
    expect(JSON.parse(slash.text).error.code).toBe("config");
    const noBackup = await post(JSON.stringify({ restore: "no-such-backup" }));
    expect(JSON.parse(noBackup.text).error.message).toMatch(/^no backup no-such-backup/);
    expect(server.data.workspace.folders()).toHaveLength(folders);
  });

  it("imports a vault in the server's workspace: progress lines, then the result", async () => {
    const vaults = writeFixtureVaults(join(tmp.path, "vaults"));
    const answer = await over(
      socket,
      "POST",
      "/v1/import",
      JSON.stringify({ vaults: [{ dir: vaults.team, name: "Team" }], replace: false }),
    );
    const lines = answer.text
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect(lines.at(0)).toHaveProperty("progress");
    expect(lines.at(-1)).toMatchObject({
      result: [{ action: "folder.import", folder: "Team", created: true, added: 5 }],
    });
    expect(server.data.workspace.paths.get("Team/Plans.md")).toBeDefined();
  });

  it("answers 404 to anything else, and to an upgrade that is not the MCP bridge", async () => {
    expect((await over(socket, "GET", "/v1/nothing")).status).toBe(404);
    expect((await over(socket, "DELETE", "/v1/owner")).status).toBe(404);
    const upgrade = await over(socket, "GET", "/v1/mcp", undefined, {
      connection: "Upgrade",
      upgrade: "websocket",
    });
    expect(upgrade.status).toBe(404);
  });

  it("is gone once the server stops: nothing answers for the directory", async () => {
    const other = join(tmp.path, "other");
    const second = await serveIn(other);
    expect((await probeOwner(other))?.command).toBe("serve");
    await second.stop();
    expect(() => statSync(controlSocketPath(other))).toThrow();
    expect(await probeOwner(other)).toBeUndefined();
  });
});

describe("a data directory too deep for a unix socket path", () => {
  it("gets its socket in a private directory under the temp directory, found the same way", async () => {
    const tmp = tempDir();
    const data = join(tmp.path, "a".repeat(60), "b".repeat(60), "data");
    mkdirSync(data, { recursive: true });
    const server = await serveIn(data);
    try {
      const socket = controlSocketPath(data);
      expect(socket.startsWith(`${privateTmpDir()}/`)).toBe(true);
      expect(statSync(privateTmpDir()).mode & 0o077).toBe(0);
      expect((await probeOwner(data))?.url).toBe(server.listening.baseUrl);
    } finally {
      await server.stop();
      tmp.remove();
    }
  });
});
