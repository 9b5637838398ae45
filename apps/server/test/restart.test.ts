// A real restart: `lens serve` as a child process is stopped and started again on the same port
// and data directory, while one official SDK client (StreamableHTTPClientTransport) keeps its
// Mcp-Session-Id. It must go on getting tool results, in a session that still holds what it read
// before the restart (its reads persist in DATA/.lens/reads.jsonl, bound to its credential),
// while another session has read nothing.
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type Child,
  call,
  connectHttp,
  requireBuiltCli,
  spawnCli,
  tempDir,
  writeFixtureVaults,
} from "./helpers.js";

beforeAll(requireBuiltCli);

const MCP_LINE = /MCP\s+(http:\/\/\S+:(\d+)\/mcp)/;

describe("lens serve restarted under a connected client", () => {
  const tmp = tempDir();
  const data = join(tmp.path, "data");
  const children: Child[] = [];
  const serve = (args: string[]) => {
    const child = spawnCli(["serve", "--data", data, ...args]);
    children.push(child);
    return child;
  };
  afterAll(async () => {
    for (const c of children) {
      if (c.proc.exitCode === null && c.proc.signalCode === null) c.proc.kill("SIGKILL");
      await c.exited;
    }
    tmp.remove();
  });

  it("keeps serving a client that still sends the old session id, with what it read", async () => {
    const vaults = writeFixtureVaults(join(tmp.path, "vaults"));
    const first = serve(["--port", "0", "--import", `${vaults.team}=Team`]);
    const [, url, port] = await first.waitFor(MCP_LINE);
    const conn = await connectHttp(url!);
    const id = conn.transport!.sessionId!;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect((await call(conn.client, "read", { file_path: "Team/Plans.md" })).isError).toBe(false);

    first.proc.kill("SIGTERM");
    expect((await first.exited).code).toBe(0);
    const second = serve(["--port", port!]);
    expect((await second.waitFor(MCP_LINE))[1]).toBe(url);

    // The same client object, with the same transport and session id as before the restart.
    expect(await call(conn.client, "glob", { pattern: "Team/*.md" })).toEqual({
      text: "Team/Plans.md",
      isError: false,
    });
    expect(conn.transport!.sessionId).toBe(id);
    const edit = () =>
      call(conn.client, "edit", {
        file_path: "Team/Plans.md",
        old_string: "Plan B",
        new_string: "Plan C",
      });
    // Another client's session read nothing: its edit is refused.
    const other = await connectHttp(url!);
    const refused = await call(other.client, "edit", {
      file_path: "Team/Plans.md",
      old_string: "Plan B",
      new_string: "Plan C",
    });
    expect(refused.isError).toBe(true);
    expect(refused.text).toMatch(/have not read Team\/Plans\.md/);
    await other.close();
    // The read made before the restart still counts for this session.
    expect(await edit()).toMatchObject({ isError: false });
    expect((await call(conn.client, "read", { file_path: "Team/Plans.md" })).text).toContain(
      "Plan C: ship it again.",
    );
    expect(second.stderr()).toContain("mcp session revived");
    await conn.close();
  });
});
