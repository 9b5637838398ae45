// Notes as MCP resources, their template with path completion, and the prompts (review,
// folder guide), through
// the SDK client over linked in-memory transports: what each lists and reads is what the
// caller's role and folders allow, as with the tools.
import { folderReach, SessionStore, type Workspace, workspaceFromTexts } from "@lens/core";
import type { Actor } from "@lens/service";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { McpError } from "@modelcontextprotocol/sdk/types.js";
import { afterEach, describe, expect, it } from "vitest";
import { createLensServer } from "../src/server/mcpServer.js";
import { NOTE_TEMPLATE, noteUri, pathOfUri, RESOURCE_PAGE } from "../src/server/resources.js";
import { call, FIXTURE_PATHS, fixtureWorkspace, serviceOver } from "./support.js";

const open: Client[] = [];
afterEach(async () => {
  for (const c of open.splice(0)) await c.close();
});

async function connect(workspace: Workspace, opener?: Actor): Promise<Client> {
  const lens = serviceOver({ workspace, sessions: new SessionStore() });
  const server = createLensServer({ lens }, { transport: "res" }, opener);
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: "lens-test", version: "0.0.0" });
  await client.connect(clientSide);
  open.push(client);
  return client;
}

/** A view token scoped to the Research folder. */
const scoped: Actor = {
  caller: { role: "view", reach: folderReach(["Research"]) },
  who: "researcher",
  credential: "researcher-id",
};

async function mcpError(p: Promise<unknown>): Promise<McpError> {
  try {
    await p;
  } catch (e) {
    if (e instanceof McpError) return e;
    throw e;
  }
  throw new Error("expected an MCP error");
}

describe("notes as resources", () => {
  it("lists every note as lens://PATH and reads one in the AI view", async () => {
    const client = await connect(fixtureWorkspace());
    const caps = client.getServerCapabilities();
    expect(caps).toMatchObject({ resources: {}, prompts: {}, completions: {} });
    const { resources, nextCursor } = await client.listResources();
    expect(resources.map((r) => r.name)).toEqual(FIXTURE_PATHS);
    expect(nextCursor).toBeUndefined();
    expect(resources.find((r) => r.name === "Team/Plans.md")).toMatchObject({
      uri: "lens://Team/Plans.md",
      title: "Plans",
      mimeType: "text/markdown",
    });
    // A suggestion shows as the AI view shows it: the proposed text, no markup.
    await call(client, "read", { file_path: "Team/Plans.md" });
    await call(client, "edit", {
      file_path: "Team/Plans.md",
      old_string: "Plan A",
      new_string: "Plan Alpha",
    });
    const read = await client.readResource({ uri: "lens://Team/Plans.md" });
    expect(read.contents).toEqual([
      {
        uri: "lens://Team/Plans.md",
        mimeType: "text/markdown",
        text: expect.stringContaining("Plan Alpha: ship it."),
      },
    ]);
    expect(JSON.stringify(read.contents)).not.toContain("{++");
  });

  it("pages the list by 100, and refuses a cursor it never gave", async () => {
    const files = Object.fromEntries(
      Array.from({ length: 150 }, (_, i) => [`n${String(i).padStart(3, "0")}.md`, `note ${i}`]),
    );
    const client = await connect(workspaceFromTexts([{ name: "Many", files }]));
    const first = await client.listResources();
    expect(first.resources).toHaveLength(RESOURCE_PAGE);
    expect(first.nextCursor).toBe("100");
    const second = await client.listResources({ cursor: first.nextCursor });
    expect(second.resources.map((r) => r.name)).toEqual(
      Array.from({ length: 50 }, (_, i) => `Many/n${String(100 + i).padStart(3, "0")}.md`),
    );
    expect(second.nextCursor).toBeUndefined();
    for (const cursor of ["-1", "abc", "1.5", "007"]) {
      expect((await mcpError(client.listResources({ cursor }))).code).toBe(-32602);
    }
  });

  it("answers resource-not-found (-32602 with data.uri) for a note that is not there, a path out of the vault or another scheme", async () => {
    const client = await connect(fixtureWorkspace());
    for (const uri of ["lens://Team/Nope.md", "lens://../etc/passwd", "file:///etc/passwd"]) {
      const e = await mcpError(client.readResource({ uri }));
      // 2026-07-28 answers a missing resource -32602 (the SDK maps -32002 to it on every era).
      expect(e.code, uri).toBe(-32602);
      expect(e.data, uri).toEqual({ uri });
      expect(e.message).toContain(uri);
    }
  });

  it("round-trips paths with spaces and other characters through the URI", () => {
    for (const path of ["Team/My notes/Q4 plan.md", "A/b#c?d%e.md", "Ü/ñ 😀.md"]) {
      expect(pathOfUri(noteUri(path))).toBe(path);
      expect(noteUri(path)).not.toMatch(/[ #?]/);
    }
    expect(pathOfUri("lens://%E0%A4%A")).toBeUndefined();
  });

  it("publishes the lens://{+path} template and completes paths by prefix", async () => {
    const client = await connect(fixtureWorkspace());
    const { resourceTemplates } = await client.listResourceTemplates();
    expect(resourceTemplates).toEqual([
      expect.objectContaining({ uriTemplate: NOTE_TEMPLATE, mimeType: "text/markdown" }),
    ]);
    const done = await client.complete({
      ref: { type: "ref/resource", uri: NOTE_TEMPLATE },
      argument: { name: "path", value: "team/" },
    });
    expect(done.completion.values).toEqual([
      "Team/Archive/Old.md",
      "Team/Notes/Ideas.md",
      "Team/Plans.md",
    ]);
    expect(done.completion).toMatchObject({ total: 3, hasMore: false });
  });

  it("a token scoped to a folder lists, reads and completes only that folder", async () => {
    const client = await connect(fixtureWorkspace(), scoped);
    const { resources } = await client.listResources();
    expect(resources.map((r) => r.name)).toEqual(["Research/Paper.md"]);
    const e = await mcpError(client.readResource({ uri: "lens://Team/Plans.md" }));
    expect(e.code).toBe(-32602);
    expect(e.data).toEqual({ uri: "lens://Team/Plans.md" });
    const done = await client.complete({
      ref: { type: "ref/resource", uri: NOTE_TEMPLATE },
      argument: { name: "path", value: "" },
    });
    expect(done.completion.values).toEqual(["Research/Paper.md"]);
  });
});

describe("the review prompt", () => {
  it("lists the pending suggestions, under a path or everywhere, and says when there are none", async () => {
    const client = await connect(fixtureWorkspace());
    const { prompts } = await client.listPrompts();
    expect(prompts.map((p) => p.name)).toEqual(["review-pending"]);
    const none = await client.getPrompt({ name: "review-pending", arguments: {} });
    expect(none.messages[0]?.content).toEqual({
      type: "text",
      text: "No suggestions are pending.",
    });
    await call(client, "read", { file_path: "Team/Plans.md" });
    await call(client, "edit", {
      file_path: "Team/Plans.md",
      old_string: "Plan B",
      new_string: "Plan Beta",
    });
    const some = await client.getPrompt({ name: "review-pending", arguments: { path: "Team" } });
    const text = (some.messages[0]!.content as { text: string }).text;
    expect(text).toMatch(/^This suggestion is pending under Team\./);
    expect(text).toContain(
      '- Team/Plans.md, line 4 (replace by lens-test): "Plan B" → "Plan Beta"',
    );
    const elsewhere = await client.getPrompt({
      name: "review-pending",
      arguments: { path: "Research" },
    });
    expect((elsewhere.messages[0]!.content as { text: string }).text).toBe(
      "No suggestions are pending under Research.",
    );
    expect((await mcpError(client.getPrompt({ name: "nope" }))).code).toBe(-32602);
  });
});

describe("the folder-guide prompt", () => {
  const guided = () =>
    workspaceFromTexts([
      {
        name: "Team",
        files: { "AI Guide/_intro.md": "# How we work\n\nLink every new note from [[Index]].\n" },
      },
      { name: "Ops", files: { "AI Guide/_intro.md": "# Ops\n\nRunbooks first.\n", "a.md": "a" } },
      { name: "Research", files: { "Paper.md": "# Paper\n" } },
    ]);

  it("is listed only when a folder in reach has a guide, and gives that guide's text", async () => {
    const client = await connect(guided());
    expect((await client.listPrompts()).prompts.map((p) => p.name)).toEqual([
      "review-pending",
      "folder-guide",
    ]);
    const team = await client.getPrompt({ name: "folder-guide", arguments: { folder: "team" } });
    const text = (team.messages[0]!.content as { text: string }).text;
    expect(text).toMatch(
      /^The curators of the folder Team wrote this guide for assistants \(Team\/AI Guide\/_intro\.md\)/,
    );
    expect(text).toContain("Link every new note from [[Index]].");
    // Two guides: the folder must be named; one with none says which have one.
    const unnamed = await mcpError(client.getPrompt({ name: "folder-guide", arguments: {} }));
    expect(unnamed.code).toBe(-32602);
    expect(unnamed.message).toContain("Name the folder: Ops, Team have guides.");
    const none = await mcpError(
      client.getPrompt({ name: "folder-guide", arguments: { folder: "Research" } }),
    );
    expect(none.message).toContain('Folder "Research" has no guide');
    const done = await client.complete({
      ref: { type: "ref/prompt", name: "folder-guide" },
      argument: { name: "folder", value: "o" },
    });
    expect(done.completion.values).toEqual(["Ops"]);
    // The instructions point the assistant to the guides.
    expect(client.getInstructions()).toContain(
      "read it before you work in that folder (Ops/AI Guide/_intro.md, Team/AI Guide/_intro.md)",
    );
  });

  it("a token scoped to folders without a guide is not offered it, nor told of others' guides", async () => {
    const client = await connect(guided(), scoped);
    expect((await client.listPrompts()).prompts.map((p) => p.name)).toEqual(["review-pending"]);
    const e = await mcpError(
      client.getPrompt({ name: "folder-guide", arguments: { folder: "Team" } }),
    );
    expect(e.message).toBe(
      'MCP error -32602: Folder "Team" has no guide (FOLDER/AI Guide/_intro.md) you can read.',
    );
    expect(client.getInstructions()).not.toContain("AI Guide");
    // With one guide in reach, the folder may be left out.
    const ops: Actor = { ...scoped, caller: { role: "view", reach: folderReach(["Ops"]) } };
    const one = await connect(guided(), ops);
    const got = await one.getPrompt({ name: "folder-guide", arguments: {} });
    expect((got.messages[0]!.content as { text: string }).text).toContain("Runbooks first.");
  });
});
