// The benchmark plumbing that can be checked quickly: statistics, the corpus cache, edit toggles,
// the report's markdown, the PRNG, the rg arguments equivalent to a grep call, the bare anchor
// and the server-filesystem comparison on a tiny corpus.
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { callTool, SessionStore, Workspace } from "@lens/core";
import { openStore } from "@lens/store";
import { describe, expect, it } from "vitest";
import { startBareAnchor } from "../src/bench/bareAnchor.js";
import { cpuMs } from "../src/bench/cpuTime.js";
import { type FilesystemRow, filesystemBench } from "../src/bench/filesystemBench.js";
import { OpRunner } from "../src/bench/latencyBench.js";
import { bareToolCaller } from "../src/bench/rawCall.js";
import { type ReportSection, reportMarkdown, sectionMarkdown } from "../src/bench/report.js";
import { rgArgs } from "../src/bench/ripgrep.js";
import { scaleBench } from "../src/bench/scaleBench.js";
import { formatMs, median, percentile, summarize } from "../src/bench/stats.js";
import { pickDocs, RefToggle } from "../src/bench/workload.js";
import { corpusKey, ensureCorpus } from "../src/corpus/cache.js";
import { planCorpus } from "../src/corpus/plan.js";
import { mixSeed, Random } from "../src/random/random.js";
import { startLensServe } from "../src/server/lensServe.js";

describe("statistics", () => {
  it("medians and nearest-rank percentiles", () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    const s = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(s, 50)).toBe(50);
    expect(percentile(s, 99)).toBe(99);
    expect(percentile([7], 99)).toBe(7);
    expect(summarize([5, 1, 3])).toEqual({ n: 3, median: 3, p50: 3, p99: 5, min: 1, max: 5 });
    expect(formatMs(0.25)).toBe("250 µs");
    expect(formatMs(1234)).toBe("1.23 s");
  });
});

describe("CPU time", () => {
  it("reads this process's and another process's CPU time, undefined for no such process", () => {
    expect(cpuMs()).toBeGreaterThan(0);
    if (process.platform === "linux") expect(cpuMs(1)).toBeGreaterThanOrEqual(0);
    expect(cpuMs(2 ** 30)).toBeUndefined();
  });
});

describe("PRNG", () => {
  it("is deterministic per seed and spreads values", () => {
    const a = new Random(1);
    const b = new Random(1);
    const xs = Array.from({ length: 1000 }, () => a.next());
    expect(Array.from({ length: 1000 }, () => b.next())).toEqual(xs);
    expect(new Random(2).next()).not.toBe(xs[0]);
    const mean = xs.reduce((s, x) => s + x, 0) / xs.length;
    expect(mean).toBeGreaterThan(0.45);
    expect(mean).toBeLessThan(0.55);
    expect(new Random(3).uuid()).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(mixSeed(1, 2)).not.toBe(mixSeed(2, 1));
  });
});

describe("corpus cache", () => {
  it("keys by generator version, seed, size and non-default options", () => {
    expect(corpusKey({ seed: 1, docs: 10, folders: 2 })).toBe("v1-s1-d10-f2");
    expect(corpusKey({ seed: 1, docs: 10, folders: 2, crlfShare: 0.05 })).toBe("v1-s1-d10-f2");
    expect(corpusKey({ seed: 1, docs: 10, folders: 2, crlfShare: 0.5 })).toBe(
      "v1-s1-d10-f2-crlfShare0.5",
    );
  });

  it("generates each form once and reuses it", async () => {
    const root = mkdtempSync(join(tmpdir(), "lens-cache-"));
    try {
      const messages: string[] = [];
      const first = await ensureCorpus(
        root,
        { seed: 3, docs: 20, folders: 2 },
        ["vault", "ai"],
        (m) => messages.push(m),
      );
      expect(messages).toHaveLength(2);
      expect(first.manifest.stats.docs).toBe(20);
      const again = await ensureCorpus(root, { seed: 3, docs: 20, folders: 2 }, ["vault"], (m) =>
        messages.push(m),
      );
      expect(messages).toHaveLength(2);
      expect(again.manifest).toEqual(first.manifest);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe("the bare node:http anchor", () => {
  it("answers a read POST as core's callTool does, from its own process", async () => {
    const root = mkdtempSync(join(tmpdir(), "lens-bare-"));
    try {
      const corpus = await ensureCorpus(
        root,
        { seed: 5, docs: 12, folders: 2 },
        ["data"],
        () => {},
      );
      const docs = pickDocs(planCorpus({ seed: 5, docs: 12, folders: 2 }), 3);
      const ws = new Workspace();
      await openStore(corpus.paths.data!, { workspace: ws, readOnly: true });
      const expected = callTool(
        { workspace: ws, sessions: new SessionStore(), sessionId: "t" },
        "read",
        { file_path: docs[0]!.path },
      );
      const anchor = await startBareAnchor(corpus.paths.data!);
      try {
        const body = JSON.parse(
          await bareToolCaller(anchor.url)("read", { file_path: docs[0]!.path }),
        ) as { result: { content: { text: string }[]; structuredContent: unknown } };
        expect(expected.isError).toBe(false);
        expect(body.result.content[0]!.text).toBe(expected.text);
        expect(body.result.structuredContent).toEqual(expected.data);
      } finally {
        await anchor.stop();
      }
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  }, 60_000);
});

describe("benchmark workload", () => {
  it("picks non-empty documents by user-facing path", () => {
    const plan = planCorpus({ seed: 1, docs: 200, folders: 2 });
    const docs = pickDocs(plan, 50);
    expect(docs).toHaveLength(50);
    expect(new Set(docs.map((d) => d.path)).size).toBe(50);
    for (const d of docs)
      expect(
        d.path.startsWith(`${plan.folders[0]!.name}/`) ||
          d.path.startsWith(`${plan.folders[1]!.name}/`),
      ).toBe(true);
  });

  it("toggles a document's reference line between two states that never contain each other", () => {
    const t = new RefToggle();
    const doc = { path: "A/B.md", ref: "LNS-1" };
    expect(t.next(doc)).toEqual({ oldText: "Ref: LNS-1.", newText: "Ref: LNS-1!" });
    expect(t.next(doc)).toEqual({ oldText: "Ref: LNS-1!", newText: "Ref: LNS-1." });
    expect(t.next(doc)).toEqual({ oldText: "Ref: LNS-1.", newText: "Ref: LNS-1!" });
  });

  it("asks rg for what the grep tool prints", () => {
    expect(rgArgs("a|b", "files_with_matches", false, false)).toEqual(["-l", "-e", "a|b"]);
    expect(rgArgs("x", "content", true, true)).toEqual([
      "-n",
      "--no-heading",
      "-i",
      "--sort",
      "path",
      "-e",
      "x",
    ]);
  });
});

describe("report", () => {
  it("renders sections as markdown tables, escaping pipes", () => {
    const md = sectionMarkdown({
      id: "t",
      title: "T",
      columns: ["a", "b"],
      rows: [["x|y", "1"]],
      notes: ["n"],
    });
    expect(md).toBe("### T\n\n| a | b |\n| --- | --- |\n| x\\|y | 1 |\n\n- n");
    const full = reportMarkdown({
      machine: {
        nproc: 2,
        cpuModel: "cpu",
        memory: "1 GiB RAM",
        os: "Linux",
        node: "v20",
        rg: "ripgrep 13",
        loadAverage: { start: 0.1, end: 0.2 },
      },
      startedAt: "now",
      durationMs: 1000,
      quick: true,
      sections: [],
      skipped: [{ part: "load", reason: "because" }],
    });
    expect(full).toContain("2 CPUs (cpu)");
    expect(full).toContain("- load: because");
  });
});

describe("the scale part", () => {
  it("serves the corpus in place, times every search and leaves the directory as it was", async () => {
    const root = mkdtempSync(join(tmpdir(), "lens-scale-"));
    try {
      const c = await ensureCorpus(root, { seed: 5, docs: 60, folders: 2 }, ["data"]);
      const dir = c.paths.data!;
      const listing = () => readdirSync(dir, { recursive: true }).map(String).sort();
      const before = listing();
      const { section } = await scaleBench(
        { docs: 60, bytes: c.manifest.stats.bytes, dataDir: dir, runs: 1 },
        () => {},
      );
      expect(section.rows).toHaveLength(1);
      const row = section.rows[0]!;
      expect(row).toHaveLength(section.columns.length);
      expect(row[0]).toBe("60");
      // Each search answered (an error throws) and was timed.
      expect(row.at(-1)!.split("; ")).toHaveLength(4);
      expect(row.at(-1)).not.toContain("error");
      expect(existsSync(join(dir, ".lens"))).toBe(false);
      expect(listing()).toEqual(before);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe("the server-filesystem comparison", () => {
  it("drives Lens over HTTP, Lens over stdio and server-filesystem through the same calls", async () => {
    const root = mkdtempSync(join(tmpdir(), "lens-fsbench-"));
    const options = { seed: 7, docs: 12, folders: 2 };
    try {
      const corpus = await ensureCorpus(root, options, ["data", "vault"], () => {});
      const docs = pickDocs(planCorpus(options), 3);
      const data = join(root, "serve-data");
      const stdioData = join(root, "stdio-data");
      const vault = join(root, "vault-copy");
      cpSync(corpus.paths.data!, data, { recursive: true });
      cpSync(corpus.paths.data!, stdioData, { recursive: true });
      cpSync(corpus.paths.vault!, vault, { recursive: true });
      const server = await startLensServe({ data });
      let rows: FilesystemRow[];
      let section: ReportSection;
      try {
        ({ rows, section } = await filesystemBench({
          lensUrl: server.url,
          root: vault,
          stdioData,
          docs,
          samples: { read: 3, glob: 2, edit: 2 },
          runner: new OpRunner(docs),
          log: () => {},
        }));
      } finally {
        await server.stop();
      }
      expect(rows.map((r) => r.op)).toEqual(["read", "glob", "edit"]);
      for (const r of rows) {
        expect(r.stdio?.lens.n).toBe(r.lens.n);
        expect(r.stdio?.ratio).toBeGreaterThan(0);
      }
      expect(rows[2]!.fsync?.stdioRatioWithout).toBeGreaterThan(0);
      expect(section.notes).toContain("Every call succeeded.");
      // `lens stdio` made its two suggestions durable in its own copy of the data, and only there.
      const textsOf = async (dir: string) => {
        const ws = new Workspace();
        await openStore(dir, { workspace: ws, readOnly: true });
        return new Map([...ws.contentDocIds()].map((id) => [id, ws.contentText(id)?.toString()]));
      };
      const before = await textsOf(corpus.paths.data!);
      const after = await textsOf(stdioData);
      const changed = [...after].filter(([id, text]) => before.get(id) !== text);
      expect(changed).toHaveLength(2);
      for (const [, text] of changed)
        expect(text).toMatch(/Ref: [^\n]*\.--\}\{\+\+[^\n]*Ref: [^\n]*!\+\+\}/);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  }, 120_000);
});
