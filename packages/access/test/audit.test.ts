// The audit log on disk: entries durable once recorded, in order, paged; failed
// authentications bounded per minute with the excess counted.
import {
  appendFileSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  truncateSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import fc from "fast-check";
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
    await audit.authFailure("mcp", "expired");
    const { entries, total } = await audit.page(0, 1000);
    expect(total).toBe(AUTH_FAILURES_PER_MINUTE + 2);
    expect(entries.at(-2)?.detail).toMatchObject({ suppressed: 25 });
    expect(entries.at(-1)).toMatchObject({
      action: "auth.failed",
      detail: { door: "mcp", reason: "expired" },
    });
  });

  it("a request with no credentials at all is no failed authentication: not recorded", async () => {
    const audit = log();
    await audit.authFailure("rest", "missing");
    await audit.authFailure("sync", "missing");
    expect((await audit.page(0, 10)).total).toBe(0);
    await audit.authFailure("rest", "invalid");
    expect((await audit.page(0, 10)).entries.map((e) => e.detail)).toEqual([
      { door: "rest", reason: "invalid" },
    ]);
  });
});

/** The log's pages as reading the whole file gives them: the reference for the index. */
function pageOfText(text: string, offset: number, limit: number) {
  const lines = text.split("\n").filter((l) => l.trim() !== "");
  const entries: unknown[] = [];
  for (const line of lines.slice(offset, offset + limit)) {
    try {
      entries.push(JSON.parse(line));
    } catch {
      // skipped, as the log skips a torn line
    }
  }
  return { entries, total: lines.length };
}

describe("audit log absorbing another process's entries (a cluster)", () => {
  it("appends them in order and tells followers those about suggestions, once on disk", async () => {
    const audit = log();
    const told: string[][] = [];
    const stop = audit.follow((entries) => {
      // On disk by then: the file already holds what the followers are told.
      expect(readFileSync(audit.file, "utf8")).toContain(entries[0]!.action);
      told.push(entries.map((e) => `${e.action} ${e.suggestion ?? ""}`.trim()));
    });
    const line = (o: object) => `${JSON.stringify({ time: "2026-11-27T10:00:00.000Z", ...o })}\n`;
    await audit.absorb(
      line({ who: "ana", action: "token.add", outcome: "ok" }) +
        line({ who: "ana", action: "suggestion.accept", suggestion: "s1", outcome: "applied" }),
    );
    await audit.absorb(line({ who: "bo", action: "auth.failed", outcome: "refused" }));
    expect(told).toEqual([["suggestion.accept s1"]]);
    stop();
    await audit.absorb(line({ who: "ana", action: "suggestion.reject", suggestion: "s2" }));
    expect(told).toHaveLength(1);
    expect((await audit.page(0, 10)).entries.map((e) => e.action)).toEqual([
      "token.add",
      "suggestion.accept",
      "auth.failed",
      "suggestion.reject",
    ]);
  });
});

describe("audit log settling", () => {
  it("settles once every entry recorded so far is written, awaited or not", async () => {
    const audit = log();
    void audit.authFailure("sync", "invalid");
    void audit.record({ who: "ana", action: "token.add", outcome: "ok" });
    await audit.settled();
    const lines = readFileSync(audit.file, "utf8").trimEnd().split("\n");
    expect(lines.map((l) => JSON.parse(l).action)).toEqual(["auth.failed", "token.add"]);
  });
});

describe("audit log pages", () => {
  it("gives what reading the whole file gives, whatever the file holds and however it grows", async () => {
    const piece = fc.oneof(
      fc.record({ who: fc.string(), n: fc.integer() }).map((o) => `${JSON.stringify(o)}\n`),
      fc.constantFrom("\n", "  \n", "\r\n", "\t\n", '{"torn": ', "é😀", "{}\r\n"),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(piece, { maxLength: 12 }), { minLength: 1, maxLength: 4 }),
        fc.nat(20),
        fc.integer({ min: 1, max: 15 }),
        async (growth, offset, limit) => {
          const audit = log();
          mkdirSync(dirname(audit.file), { recursive: true });
          let text = "";
          for (const step of growth) {
            text += step.join("");
            writeFileSync(audit.file, text);
            expect(await audit.page(offset, limit)).toEqual(pageOfText(text, offset, limit));
          }
        },
      ),
      { numRuns: 150 },
    );
  });

  it("reads each byte of the log about once to index it, not once per page", async () => {
    const audit = log();
    for (let i = 0; i < 50; i++) {
      await audit.record(
        ...Array.from({ length: 20 }, (_, j) => ({
          who: "ana",
          action: "suggestion.accept" as const,
          suggestion: `s${i * 20 + j}`,
          outcome: "applied",
        })),
      );
    }
    const size = statSync(audit.file).size;
    for (let offset = 0; offset < 1000; offset += 100) {
      const page = await audit.page(offset, 100);
      expect(page.total).toBe(1000);
      expect(page.entries[0]?.suggestion).toBe(`s${offset}`);
    }
    expect(audit.index.bytesIndexed).toBe(size);
    await audit.record({ who: "bo", action: "suggestion.reject", outcome: "applied" });
    expect((await audit.page(1000, 10)).entries.map((e) => e.who)).toEqual(["bo"]);
    expect(audit.index.bytesIndexed).toBe(statSync(audit.file).size);
  });

  it("sees lines another process appends, and a log replaced by a shorter one", async () => {
    const audit = log();
    await audit.record({ who: "ana", action: "token.add", outcome: "ok" });
    await audit.record({ who: "ana", action: "token.add", outcome: "ok" });
    expect((await audit.page(0, 10)).total).toBe(2);
    appendFileSync(audit.file, `${JSON.stringify({ who: "cli", action: "token.revoke" })}\n`);
    expect((await audit.page(2, 10)).entries).toEqual([{ who: "cli", action: "token.revoke" }]);
    // Rotated by someone: a new, shorter file under the same name.
    const fresh = `${audit.file}.new`;
    writeFileSync(fresh, `${JSON.stringify({ who: "new" })}\n`);
    renameSync(fresh, audit.file);
    expect(await audit.page(0, 10)).toEqual({ entries: [{ who: "new" }], total: 1 });
    // Truncated in place.
    writeFileSync(audit.file, "");
    expect(await audit.page(0, 10)).toEqual({ entries: [], total: 0 });
  });

  it("indexes again a log emptied in place that grew past where it was indexed before a page", async () => {
    const audit = log();
    for (let i = 0; i < 3; i++) {
      await audit.record({ who: `a${i}`, action: "token.add", outcome: "ok" });
    }
    expect((await audit.page(0, 10)).total).toBe(3);
    const ino = statSync(audit.file).ino;
    // Rotated by copy and truncate (logrotate's copytruncate): the same file, emptied, written
    // again by the server, with no page asked before it is longer than it was.
    truncateSync(audit.file, 0);
    for (let i = 0; i < 5; i++) {
      await audit.record({
        who: `after rotation ${i}`,
        action: "token.revoke",
        outcome: "refused",
        detail: { n: i },
      });
    }
    expect(statSync(audit.file).ino).toBe(ino);
    const rotated = readFileSync(audit.file, "utf8");
    expect(await audit.page(0, 10)).toEqual(pageOfText(rotated, 0, 10));
    // Rewritten in place (an editor saving over it): the same file, other lines, longer.
    const edited = [0, 1, 2, 3, 4, 5, 6]
      .map((i) => `${JSON.stringify({ who: "x".repeat(i * 7), n: i })}\n`)
      .join("");
    writeFileSync(audit.file, edited);
    expect(statSync(audit.file).ino).toBe(ino);
    expect(await audit.page(0, 10)).toEqual(pageOfText(edited, 0, 10));
  });
});
