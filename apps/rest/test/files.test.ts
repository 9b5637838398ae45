// GET /files/{path}: an attachment's bytes, streamed with its mimetype, as a sandboxed
// download; a note is refused (422), bytes not held here are a 404, If-None-Match a 304.
import { createHash, randomBytes } from "node:crypto";
import { createReadStream, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setEntry } from "@lens/core";
import { afterAll, describe, expect, it } from "vitest";
import { createRestApp } from "../src/index.js";
import { contentType } from "../src/routes/files.js";
import { fixtureWorkspace } from "./support/fixture.js";

const dir = mkdtempSync(join(tmpdir(), "lens-rest-files-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function app() {
  const ws = fixtureWorkspace();
  const bytes = randomBytes(70_000);
  const hash = createHash("sha256").update(bytes).digest("hex");
  const lens = ws.folderByName("Lens")!;
  setEntry(lens.doc, "/Pictures/diagram.svg", {
    id: "00000000-0000-4000-8000-0000000000cc",
    type: "image",
    version: 0,
    hash,
    mimetype: "image/svg+xml",
    synctime: 1_690_000_000_000,
  });
  const file = join(dir, hash);
  writeFileSync(file, bytes);
  const rest = createRestApp({
    workspace: ws,
    openAttachment: async (_docId, h) =>
      h === hash ? { stream: createReadStream(file), size: bytes.length } : undefined,
  });
  return { rest, bytes, hash };
}

describe("GET /files/{path}", () => {
  it("streams the bytes with the mimetype, as a sandboxed download with the hash as ETag", async () => {
    const { rest, bytes, hash } = app();
    const res = await rest.request("/files/Lens/Pictures/diagram.svg");
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true);
    expect(res.headers.get("content-type")).toBe("image/svg+xml");
    expect(res.headers.get("content-length")).toBe(String(bytes.length));
    expect(res.headers.get("content-disposition")).toBe("attachment; filename*=UTF-8''diagram.svg");
    expect(res.headers.get("content-security-policy")).toBe("sandbox");
    expect(res.headers.get("etag")).toBe(`"${hash}"`);
    const again = await rest.request("/files/Lens/Pictures/diagram.svg", {
      headers: { "If-None-Match": `"${hash}"` },
    });
    expect(again.status).toBe(304);
  });

  it("refuses a note (422), a path naming nothing (404), and an attachment whose bytes are not here (404)", async () => {
    const { rest } = app();
    const note = await rest.request("/files/Lens/Index.md");
    expect(note.status).toBe(422);
    expect(((await note.json()) as { detail: string }).detail).toContain("not an attachment");
    expect((await rest.request("/files/Lens/Nope.png")).status).toBe(404);
    const unheld = await rest.request("/files/Lens/Pictures/cat.png");
    expect(unheld.status).toBe(404);
    expect(((await unheld.json()) as { detail: string }).detail).toContain(
      "not held on this server",
    );
  });

  it("sends an entry's mimetype only when it is one: a sync client may write anything there", async () => {
    expect(contentType("image/png")).toBe("image/png");
    expect(contentType("application/vnd.ms-excel")).toBe("application/vnd.ms-excel");
    for (const hostile of [
      "text/html\r\nSet-Cookie: a=b",
      "text/html; charset=utf-8",
      "image",
      "",
      undefined,
      `image/${"x".repeat(300)}`,
    ]) {
      expect(contentType(hostile), String(hostile)).toBe("application/octet-stream");
    }
  });
});
