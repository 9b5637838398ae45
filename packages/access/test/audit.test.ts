// The audit log on disk: entries durable once recorded, in order, paged; failed
// authentications bounded per minute with the excess counted.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { AUTH_FAILURES_PER_MINUTE, AuditLog } from "../src/index.js";

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function log(now: () => number = Date.now): AuditLog {
  const d = mkdtempSync(join(tmpdir(), "lens-audit-"));
  dirs.push(d);
  return new AuditLog(d, now);
}

describe("audit log", () => {
  it("writes one JSON line per entry, in order, readable in pages", async () => {
    const audit = log();
    await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        audit.record({
          who: "ana",
          role: "edit",
          action: "suggestion.accept",
          path: `T/${i}.md`,
          suggestion: `s${i}`,
          outcome: "applied",
        }),
      ),
    );
    const lines = readFileSync(audit.file, "utf8").trimEnd().split("\n");
    expect(lines).toHaveLength(5);
    expect(lines.map((l) => JSON.parse(l).path)).toEqual([
      "T/0.md",
      "T/1.md",
      "T/2.md",
      "T/3.md",
      "T/4.md",
    ]);
    expect(JSON.parse(lines[0] ?? "")).toMatchObject({
      who: "ana",
      action: "suggestion.accept",
      outcome: "applied",
    });
    expect(JSON.parse(lines[0] ?? "").time).toMatch(/^\d{4}-\d\d-\d\dT/);
    const page = await audit.page(3, 10);
    expect(page.total).toBe(5);
    expect(page.entries.map((e) => e.suggestion)).toEqual(["s3", "s4"]);
    expect(await log().page(0, 10)).toEqual({ entries: [], total: 0 });
  });

  it("bounds failed authentications per minute and counts the rest", async () => {
    let now = 1_000_000;
    const audit = log(() => now);
    for (let i = 0; i < AUTH_FAILURES_PER_MINUTE + 25; i++)
      await audit.authFailure("rest", "invalid");
    expect((await audit.page(0, 1000)).total).toBe(AUTH_FAILURES_PER_MINUTE);
    now += 60_000;
    await audit.authFailure("mcp", "missing");
    const { entries, total } = await audit.page(0, 1000);
    expect(total).toBe(AUTH_FAILURES_PER_MINUTE + 2);
    expect(entries.at(-2)?.detail).toMatchObject({ suppressed: 25 });
    expect(entries.at(-1)).toMatchObject({
      action: "auth.failed",
      detail: { door: "mcp", reason: "missing" },
    });
  });
});
