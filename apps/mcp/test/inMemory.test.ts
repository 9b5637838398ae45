// The MCP server over the SDK's in-memory linked transports: the case suite, and the write
// durability hook.
import { SessionStore, type Workspace } from "@lens/core";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { describe, expect, it } from "vitest";
import { createLensServer } from "../src/server/mcpServer.js";
import { runScenarios } from "./scenarios.js";
import {
  type Connection,
  call,
  fixtureWorkspace,
  rawText,
  type ServiceParts,
  serviceOver,
  suggested,
} from "./support.js";

async function connectInMemory(parts: ServiceParts, sessionId = "mem"): Promise<Connection> {
  const server = createLensServer({ lens: serviceOver(parts) }, { transport: sessionId });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: "lens-test", version: "0.0.0" });
  await client.connect(clientSide);
  return {
    client,
    async close() {
      await client.close();
      await server.close();
    },
  };
}

describe("in-memory transport", () => {
  let workspace: Workspace = fixtureWorkspace();
  let n = 0;
  runScenarios("in-memory", {
    connect: () => {
      // A fresh workspace per case: the in-memory target is the strict one.
      workspace = fixtureWorkspace();
      return connectInMemory({ workspace, sessions: new SessionStore() }, `mem-${n++}`);
    },
    raw: async (path) => rawText(workspace, path),
  });
});

describe("durability hook", () => {
  it("awaits afterWrite after a successful edit, before answering; never for reads or failures", async () => {
    const workspace = fixtureWorkspace();
    const events: string[] = [];
    const conn = await connectInMemory({
      workspace,
      sessions: new SessionStore(),
      afterWrite: async () => {
        events.push("flush start");
        await new Promise((r) => setTimeout(r, 30));
        events.push("flush done");
      },
    });
    await call(conn.client, "read", { file_path: "Team/Plans.md" });
    await call(conn.client, "grep", { pattern: "Plan" });
    await call(conn.client, "edit", {
      file_path: "Team/Plans.md",
      old_string: "nope",
      new_string: "x",
    });
    expect(events).toEqual([]);
    const r = await call(conn.client, "edit", {
      file_path: "Team/Plans.md",
      old_string: "Plan A",
      new_string: "Plan Z",
    });
    events.push("answered");
    expect(r.isError).toBe(false);
    expect(events).toEqual(["flush start", "flush done", "answered"]);
    await conn.close();
  });

  it("reports an edit whose flush failed as an error that says not to repeat it", async () => {
    const workspace = fixtureWorkspace();
    const conn = await connectInMemory({
      workspace,
      sessions: new SessionStore(),
      afterWrite: async () => {
        throw new Error("disk full");
      },
    });
    await call(conn.client, "read", { file_path: "Team/Plans.md" });
    const r = await call(conn.client, "edit", {
      file_path: "Team/Plans.md",
      old_string: "Plan A",
      new_string: "Plan Z",
    });
    expect(r.isError).toBe(true);
    expect(r.text).toMatch(/could not be saved/);
    expect(r.text).toMatch(/Do not repeat it/);
    expect(r.text).not.toMatch(/disk full/);
    expect(rawText(workspace, "Team/Plans.md")).toMatch(suggested("Plan A", "Plan Z"));
    await conn.close();
  });

  it("attributes suggestions to the configured author", async () => {
    const workspace = fixtureWorkspace({ author: "Claude" });
    const conn = await connectInMemory({ workspace, sessions: new SessionStore() });
    await call(conn.client, "read", { file_path: "Team/Plans.md" });
    await call(conn.client, "edit", {
      file_path: "Team/Plans.md",
      old_string: "Plan A",
      new_string: "Plan Z",
    });
    expect(rawText(workspace, "Team/Plans.md")).toMatch(/"author":"Claude"/);
    await conn.close();
  });
});
