// A review that rejects a created note removes the note, and the audit log says so as it says a
// discard: the suggestion's rejection, then the note's removal (over real HTTP).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { AuditLog } from "@lens/access";
import { afterEach, describe, expect, it } from "vitest";
import { json, overHttp } from "./support/clients.js";
import { expectJson } from "./support/expect.js";

let cleanup: (() => Promise<void>) | undefined;
afterEach(async () => {
  await cleanup?.();
  cleanup = undefined;
});

describe("POST /suggestions/reject of a created note", () => {
  it("removes the note and audits the removal as a discard", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "lens-rest-rejected-"));
    const audit = new AuditLog(dataDir);
    const c = await overHttp({ audit });
    cleanup = async () => {
      await c.close();
      rmSync(dataDir, { recursive: true, force: true });
    };
    await expectJson(
      await c.fetch("/documents", json({ path: "Lens/Maybe.md", content: "a thought" })),
      201,
    );
    const body = await expectJson<{ documents: { path: string; removed?: boolean }[] }>(
      await c.fetch("/suggestions/reject", json({ path: "Lens", all: true })),
    );
    expect(body.documents.find((d) => d.path === "Lens/Maybe.md")?.removed).toBe(true);
    const { entries } = await audit.page(0, 100);
    const maybe = entries.filter((e) => e.path === "Lens/Maybe.md");
    expect(maybe.map((e) => [e.action, e.outcome])).toEqual([
      ["tool.create", "ok"],
      ["suggestion.reject", "applied"],
      ["document.discard", "ok"],
    ]);
    expect(maybe[2]?.detail).toEqual({ reason: "creation rejected" });
    // The folder-wide request itself was on record before anything changed.
    expect(entries.find((e) => e.path === "Lens")).toMatchObject({
      action: "suggestion.reject",
      outcome: "requested",
      detail: { all: true },
    });
  });
});
