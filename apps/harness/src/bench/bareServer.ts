// Child process of the latency benchmark: the anchor for MCP read latency. It loads the same
// data directory (read-only) and answers each POST — a JSON-RPC `tools/call` — with core's
// `callTool` on a bare `node:http` server: no framework, no MCP SDK, no sessions, auth or
// checks beyond the tool's own. What Lens's MCP door adds is its latency minus this one's.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { callTool, SessionStore, Workspace } from "@lens/core";
import { openStore } from "@lens/store";

async function main(): Promise<void> {
  const dir = process.argv[2];
  if (!dir) throw new Error("usage: bareServer.js DATA_DIR");
  const workspace = new Workspace();
  await openStore(dir, { workspace, readOnly: true });
  const ctx = { workspace, sessions: new SessionStore(), sessionId: "bare" };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const call = JSON.parse(Buffer.concat(chunks).toString("utf8")) as {
        id: number;
        params: { name: string; arguments: Record<string, unknown> };
      };
      const r = callTool(ctx, call.params.name, call.params.arguments);
      const result = {
        content: [{ type: "text", text: r.text }],
        ...(r.data === undefined ? {} : { structuredContent: r.data }),
        ...(r.isError ? { isError: true } : {}),
      };
      const body = JSON.stringify({ jsonrpc: "2.0", id: call.id, result });
      res.writeHead(200, {
        "content-type": "application/json",
        "content-length": Buffer.byteLength(body),
      });
      res.end(body);
    });
  });
  server.listen(0, "127.0.0.1", () => {
    const { port } = server.address() as AddressInfo;
    process.stdout.write(`${JSON.stringify({ url: `http://127.0.0.1:${port}` })}\n`);
  });
  process.on("SIGTERM", () => server.close(() => process.exit(0)));
}

main().catch((e) => {
  process.stderr.write(`${(e as Error).stack ?? e}\n`);
  process.exit(1);
});
