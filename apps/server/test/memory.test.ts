// The collection after the background builds: it frees what the load let go of, says so in
// one log line, leaves `gc` out of the program's own global scope, and does not run on a heap
// past its bound (whose pause would be seconds).
import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { createLogger } from "../src/log.js";
import { settleMemory } from "../src/memory.js";

function capture() {
  const records: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk, _enc, done) {
      for (const line of String(chunk).split("\n")) if (line) records.push(JSON.parse(line));
      done();
    },
  });
  return { log: createLogger("info", "json", sink), records };
}

/** Garbage: 5 000 arrays of 1 000 small integers (8 bytes each: 40 MB), made and let go. */
function litter(): void {
  let junk: number[][] | undefined = [];
  for (let i = 0; i < 5_000; i++) junk.push(Array.from({ length: 1_000 }, (_, k) => k + i));
  junk = undefined;
}

describe("settling memory after the builds", () => {
  it("collects what was let go, and logs what it did", async () => {
    const { log, records } = capture();
    litter();
    await settleMemory(log, undefined, 10);
    const settled = records.find((r) => r.msg === "memory settled");
    expect(settled).toMatchObject({ collected: true });
    expect(settled!.ms).toHaveLength(2);
    const [before, after] = settled!.heapMB as [number, number];
    expect(after).toBeLessThan(before - 20);
    expect((globalThis as { gc?: unknown }).gc).toBeUndefined();
  });

  it("leaves a heap past its bound to V8's own schedule", async () => {
    const { log, records } = capture();
    await settleMemory(log, 0);
    expect(records.find((r) => r.msg === "memory settled")).toMatchObject({ collected: false });
  });
});
