// Attachments end to end (issue 35): `lens import` of a vault with a PNG, a random binary and a
// file over the 20 MiB bound; `lens serve` over the data directory, used by a real MCP client
// (glob lists the attachments, get_links resolves embeds to them, read says what one is, grep
// skips them, edit refuses them); `lens export` writes them back byte for byte.
import { createHash, randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, truncateSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { AuditLog } from "@lens/access";
import { Workspace } from "@lens/core";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resolveServeConfig } from "../src/cli/config.js";
import { importFolders, NO_BLOB_STORE } from "../src/compositionRoot/folderImport.js";
import { type RunningServer, startServe } from "../src/compositionRoot/index.js";
import { silentLog } from "../src/log.js";
import { type Connection, connectHttp, requireBuiltCli, spawnCli, tempDir } from "./helpers.js";

const ADMIN = "admin-token-0123456789abcdef";
const BOUND = 20 * 1024 * 1024;
/** A valid 1×1 PNG. */
const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c63f8ffff3f0005fe02fea7d6a4b50000000049454e44ae426082",
  "hex",
);
const RANDOM = randomBytes(100 * 1024);

let tmp: ReturnType<typeof tempDir>;
let data: string;
let server: RunningServer | undefined;
let conn: Connection;
let importErr = "";
let importOut = "";
let otherToken = "";

function write(root: string, files: Record<string, string | Buffer>): void {
  for (const [path, bytes] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), bytes);
  }
}

async function tool(name: string, args: Record<string, unknown>) {
  const r = (await conn.client.callTool({ name, arguments: args })) as CallToolResult;
  const text = r.content.map((c) => (c.type === "text" ? c.text : "")).join("");
  return {
    text,
    isError: r.isError === true,
    data: (r.structuredContent ?? {}) as Record<string, unknown>,
  };
}

beforeAll(async () => {
  requireBuiltCli();
  tmp = tempDir("lens-attachments-");
  data = join(tmp.path, "data");
  const vault = join(tmp.path, "Team");
  write(vault, {
    "Note.md": "# Note\n\n![[pic.png]] and [[blob.bin]] and ![[Images/pic.png|200]]\n",
    "Images/pic.png": PNG,
    "blob.bin": RANDOM,
    "big.bin": "",
  });
  truncateSync(join(vault, "big.bin"), BOUND + 1); // sparse: nothing that large is written
  const child = spawnCli(["import", "--data", data, "--folder", "Team", vault]);
  const { code } = await child.exited;
  expect(code, child.stderr()).toBe(0);
  importErr = child.stderr();
  importOut = child.stdout();
  const other = join(tmp.path, "Other");
  write(other, { "Elsewhere.md": "not Team\n" });
  const second = spawnCli(["import", "--data", data, "--folder", "Other", other]);
  expect((await second.exited).code, second.stderr()).toBe(0);
  const token = spawnCli([
    "token",
    "add",
    "--name",
    "other-only",
    "--role",
    "view",
    "--folder",
    "Other",
    "--data",
    data,
  ]);
  expect((await token.exited).code, token.stderr()).toBe(0);
  otherToken = token.stdout().trimEnd().split("\n").at(-1) ?? "";
  const cfg = resolveServeConfig({ port: "0", data, token: ADMIN }, {});
  server = await startServe(cfg, silentLog());
  conn = await connectHttp(`${server.listening.baseUrl}/mcp`, { authorization: `Bearer ${ADMIN}` });
}, 120_000);

afterAll(async () => {
  await conn?.close();
  await server?.stop();
  tmp?.remove();
});

describe("attachments", () => {
  it("an attachment over 20 MiB is refused on import, naming the file and the bound; the rest is imported", () => {
    expect(importOut).toMatch(
      /as "Team" into \S+: added 4, updated 0, removed 0, skipped 1 \(see the warnings\)\n$/,
    );
    expect(importErr).toContain("/big.bin");
    expect(importErr).toContain(`over the ${BOUND} byte (20 MiB) bound for attachments`);
  });

  it("glob lists attachments, grep skips them", async () => {
    const glob = await tool("glob", { pattern: "Team/**" });
    expect(glob.text.split("\n").sort()).toEqual([
      "Team/Images/pic.png",
      "Team/Note.md",
      "Team/blob.bin",
    ]);
    const grep = await tool("grep", { pattern: ".", path: "Team" });
    expect(grep.text).toBe("Team/Note.md");
  });

  it("get_links resolves embeds and links to attachments; an attachment lists its backlinks", async () => {
    const links = await tool("get_links", { file_path: "Team/Note.md" });
    expect(links.data).toMatchObject({
      links: ["Team/Images/pic.png", "Team/blob.bin"],
      unresolved: [],
    });
    const back = await tool("get_links", { file_path: "Team/Images/pic.png" });
    expect(back.data).toMatchObject({ backlinks: ["Team/Note.md"], links: [] });
  });

  it("read of an attachment says what it is, as text and data; edit refuses it", async () => {
    const r = await tool("read", { file_path: "Team/Images/pic.png" });
    expect(r.isError).toBe(false);
    expect(r.text).toBe(
      `Team/Images/pic.png: image (image/png), ${PNG.length} bytes — an attachment; read shows text notes only.`,
    );
    expect(r.data).toMatchObject({
      path: "Team/Images/pic.png",
      attachment: { type: "image", mimetype: "image/png", size: PNG.length },
    });
    const bin = await tool("read", { file_path: "Team/blob.bin" });
    expect(bin.text).toBe(
      "Team/blob.bin: file (application/octet-stream), 102 400 bytes — an attachment; read shows text notes only.",
    );
    const edit = await tool("edit", {
      file_path: "Team/Images/pic.png",
      old_string: "a",
      new_string: "b",
    });
    expect(edit.isError).toBe(true);
    expect(edit.text).toContain("not a markdown document");
  });

  it("REST serves an attachment's bytes to a token that reaches its folder, and to no other", async () => {
    const get = (path: string, token: string) =>
      fetch(`${server!.listening.baseUrl}/api/v1/files/${path}`, {
        headers: { authorization: `Bearer ${token}` },
      });
    const res = await get("Team/Images/pic.png", ADMIN);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(Buffer.from(await res.arrayBuffer()).equals(PNG)).toBe(true);
    const bin = await get("Team/blob.bin", ADMIN);
    expect(Buffer.from(await bin.arrayBuffer()).equals(RANDOM)).toBe(true);
    const hidden = await get("Team/Images/pic.png", otherToken);
    expect(hidden.status).toBe(404);
  });

  it("lens import handed to the running server stores attachments live", async () => {
    const live = join(tmp.path, "Live");
    const bytes = randomBytes(5000);
    write(live, { "Index.md": "![[photo.jpg]]\n", "photo.jpg": bytes });
    const child = spawnCli(["import", "--data", data, "--folder", "Live", live]);
    const { code } = await child.exited;
    expect(code, child.stderr()).toBe(0);
    expect(child.stderr()).toContain("the import runs there");
    const r = await tool("read", { file_path: "Live/photo.jpg" });
    expect(r.data).toMatchObject({
      attachment: { type: "image", mimetype: "image/jpeg", size: 5000 },
    });
    const res = await fetch(`${server!.listening.baseUrl}/api/v1/files/Live/photo.jpg`, {
      headers: { authorization: `Bearer ${ADMIN}` },
    });
    expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it("lens export writes them back byte for byte", async () => {
    await server?.stop();
    server = undefined;
    const out = join(tmp.path, "out");
    const child = spawnCli(["export", "--data", data, out]);
    const { code } = await child.exited;
    expect(code, child.stderr()).toBe(0);
    expect(readFileSync(join(out, "Team/Images/pic.png")).equals(PNG)).toBe(true);
    const exported = readFileSync(join(out, "Team/blob.bin"));
    expect(createHash("sha256").update(exported).digest("hex")).toBe(
      createHash("sha256").update(RANDOM).digest("hex"),
    );
    expect(exported.equals(RANDOM)).toBe(true);
  });

  it("an import without a store for attachment bytes skips each attachment, saying so", async () => {
    const vault = join(tmp.path, "ClusterVault");
    write(vault, { "Note.md": "hi\n", "pic.png": PNG });
    const audited = join(tmp.path, "cluster-local");
    mkdirSync(audited);
    const workspace = new Workspace();
    const [outcome] = await importFolders(
      {
        workspace,
        dataDir: audited,
        audit: new AuditLog(audited),
        flush: async () => {},
        who: "test",
      },
      { vaults: [{ dir: vault, name: "C" }], replace: false },
    );
    expect(outcome?.skipped).toEqual([{ path: "/pic.png", reason: NO_BLOB_STORE }]);
    expect(workspace.paths.get("C/pic.png")).toBeUndefined();
    expect(workspace.paths.get("C/Note.md")).toBeDefined();
  });
});
