// Read-before-edit by handle: a stateless read gets a handle; the handle is the caller's alone,
// idles out, is forgotten when its session is ended, and outlives the process through the read
// log (the store's file, as `lens serve` keeps it).
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { workspaceFromTexts } from "@lens/core";
import { openReadLog } from "@lens/store";
import { describe, expect, it } from "vitest";
import { createLens, HandleRegistry, ISSUED_PREFIX, type LensPorts } from "../src/index.js";
import { actor } from "./support.js";

const ana = actor("Ana's Claude", { role: "suggest" });
const anaAgain = { ...ana, credential: "ana-2" };
const bo = actor("Bo", { role: "suggest" });

function lensOver(ports: LensPorts = {}) {
  const ws = workspaceFromTexts([{ name: "Team", files: { "Plan.md": "ship the beta\n" } }]);
  return createLens(ws, ports);
}

const edit = { file_path: "Team/Plan.md", old_string: "beta", new_string: "gamma" };

describe("issued handles", () => {
  it("answers a stateless read with a handle that unlocks the edit, and only that", async () => {
    const lens = lensOver();
    const read = await lens.call(ana, {}, "read", { file_path: "Team/Plan.md" });
    const handle = (read.data as { session_id?: string }).session_id as string;
    expect(handle.startsWith(ISSUED_PREFIX)).toBe(true);
    expect(handle.length).toBeGreaterThanOrEqual(ISSUED_PREFIX.length + 24);
    expect(read.text).toContain(`session_id: ${handle}`);
    expect((await lens.call(ana, {}, "edit", edit)).code).toBe("not_read");
    expect((await lens.call(bo, {}, "edit", { ...edit, session_id: handle })).code).toBe(
      "not_read",
    );
    expect((await lens.call(ana, {}, "edit", { ...edit, session_id: handle })).isError).toBe(false);
  });

  it("issues a new handle for every stateless read, never one in a session", async () => {
    const lens = lensOver();
    const handles = new Set<string>();
    for (let i = 0; i < 50; i++) {
      const r = await lens.call(ana, {}, "read", { file_path: "Team/Plan.md" });
      handles.add((r.data as { session_id: string }).session_id);
    }
    expect(handles.size).toBe(50);
    const inSession = await lens.call(ana, { transport: "mcp:1", durable: true }, "read", {
      file_path: "Team/Plan.md",
    });
    expect((inSession.data as { session_id?: string }).session_id).toBeUndefined();
    const withOwn = await lens.call(ana, {}, "read", {
      file_path: "Team/Plan.md",
      session_id: "mine",
    });
    expect((withOwn.data as { session_id?: string }).session_id).toBeUndefined();
  });

  it("binds a handle to the credential, not the name: a new token under the old name has none", async () => {
    const lens = lensOver();
    await lens.call(ana, {}, "read", { file_path: "Team/Plan.md", session_id: "chosen" });
    expect((await lens.call(anaAgain, {}, "edit", { ...edit, session_id: "chosen" })).code).toBe(
      "not_read",
    );
  });
});

describe("the registry", () => {
  it("forgets a handle unused for the idle time, and keeps one in use", () => {
    let now = 1_000_000;
    const reg = new HandleRegistry({ idleMs: 1000, now: () => now });
    reg.tracker("o", "a").markRead("d1");
    reg.tracker("o", "b").markRead("d1");
    now += 800;
    expect(reg.tracker("o", "b").hasRead("d1")).toBe(true);
    now += 800;
    expect(reg.tracker("o", "a").hasRead("d1")).toBe(false);
    expect(reg.tracker("o", "b").hasRead("d1")).toBe(true);
    expect(reg.holds("o", "a")).toBe(false);
  });

  it("keeps at most maxPerOwner handles of one credential, dropping its least recently used", () => {
    let now = 0;
    const reg = new HandleRegistry({ maxPerOwner: 3, now: () => ++now });
    for (const h of ["a", "b", "c"]) reg.tracker("o", h).markRead("d");
    reg.tracker("other", "x").markRead("d");
    expect(reg.tracker("o", "a").hasRead("d")).toBe(true);
    reg.tracker("o", "d").markRead("d");
    expect(["a", "b", "c", "d"].map((h) => reg.holds("o", h))).toEqual([true, false, true, true]);
    expect(reg.holds("other", "x")).toBe(true);
  });
});

describe("handles outlive the process", () => {
  it("a handle read before a restart still unlocks the edit after it; a forgotten one does not", async () => {
    const dir = await mkdtemp(join(tmpdir(), "lens-reads-"));
    const log1 = openReadLog(dir);
    const first = lensOver({ reads: log1 });
    const read = await first.call(ana, {}, "read", { file_path: "Team/Plan.md" });
    const handle = (read.data as { session_id: string }).session_id;
    await first.call(ana, { transport: "mcp:s1", durable: true }, "read", {
      file_path: "Team/Plan.md",
    });
    await first.call(ana, { transport: "mcp:s2", durable: true }, "read", {
      file_path: "Team/Plan.md",
    });
    first.forgetSession(ana, "mcp:s2");
    await log1.flush();
    log1.close();

    const second = lensOver({ reads: openReadLog(dir) });
    expect((await second.call(ana, {}, "edit", { ...edit, session_id: handle })).isError).toBe(
      false,
    );
    const again = lensOver({ reads: openReadLog(dir) });
    const s1 = await again.call(ana, { transport: "mcp:s1", durable: true }, "edit", edit);
    expect(s1.isError).toBe(false);
    const s2 = await again.call(ana, { transport: "mcp:s2", durable: true }, "edit", edit);
    expect(s2.code).toBe("not_read");
    expect((await again.call(bo, {}, "edit", { ...edit, session_id: handle })).code).toBe(
      "not_read",
    );
  });
});
