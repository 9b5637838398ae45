// The corpus generator: a pure function of its seed (same seed → the same bytes, vault and data
// directory alike), statistics within the requested bounds as core's own parsers count them,
// every link and mark form present, and a data directory that @lens/store loads cleanly with
// backlinks_v0 exactly as core computes it.
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import {
  aiView,
  attachBacklinks,
  backlinkIndexOf,
  parseCritic,
  parseWikilinks,
  startLinkUpkeep,
  Workspace,
} from "@lens/core";
import { openStore } from "@lens/store";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateDocument } from "../src/corpus/document.js";
import { generateCorpus } from "../src/corpus/generate.js";
import { LINK_FORMS, type LinkForm, relativeLink } from "../src/corpus/links.js";
import { CRITIC_FORMS } from "../src/corpus/marks.js";
import { resolveCorpusOptions } from "../src/corpus/options.js";
import { planCorpus } from "../src/corpus/plan.js";
import { writeDataDir } from "../src/corpus/writeData.js";
import { writeVault } from "../src/corpus/writeVault.js";

const OPTIONS = { seed: 42, docs: 400, folders: 3 };
const corpus = generateCorpus(OPTIONS);
const folderNames = new Set(corpus.plan.folders.map((f) => f.name));

const tmp: string[] = [];
function tempDir(): string {
  const d = mkdtempSync(join(tmpdir(), "lens-harness-"));
  tmp.push(d);
  return d;
}
afterAll(() => {
  for (const d of tmp) rmSync(d, { recursive: true, force: true });
});

/** Every file under `dir` → its bytes, by relative path. */
function snapshot(dir: string): Map<string, Buffer> {
  const out = new Map<string, Buffer>();
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      if (e.isDirectory()) walk(p);
      else out.set(relative(dir, p), readFileSync(p));
    }
  };
  walk(dir);
  return out;
}

function sameFiles(a: Map<string, Buffer>, b: Map<string, Buffer>): boolean {
  if (a.size !== b.size) return false;
  for (const [k, v] of a) if (!b.get(k)?.equals(v)) return false;
  return true;
}

/** The form of a parsed link, judged from its shape alone (independent of the generator). */
function formOf(link: ReturnType<typeof parseWikilinks>[number], inFrontmatter: boolean): LinkForm {
  if (inFrontmatter) return "frontmatter";
  if (link.target === "") return "self";
  if (link.embed) return "embed";
  if (link.raw.includes("\\|")) return "tablePipe";
  if (link.alias !== undefined) return "alias";
  if (link.block !== undefined) return "block";
  if (link.heading !== undefined) return "heading";
  if (/\.md$/i.test(link.target)) return "mdSuffix";
  if (/^\.\.?\//.test(link.target)) return "relative";
  const first = link.target.split("/")[0]!;
  if (link.target.includes("/") && folderNames.has(first)) return "crossFolder";
  if (link.target.includes("/")) return "folderPath";
  return "plain";
}

describe("determinism", () => {
  it("the same seed gives the same texts, and a different seed different ones", () => {
    const again = generateCorpus(OPTIONS);
    expect(again.docs.map((d) => d.text)).toEqual(corpus.docs.map((d) => d.text));
    expect(again.stats).toEqual(corpus.stats);
    const other = generateCorpus({ ...OPTIONS, seed: 43 });
    expect(other.docs.map((d) => d.text)).not.toEqual(corpus.docs.map((d) => d.text));
    expect(other.plan.relayId).not.toBe(corpus.plan.relayId);
  });

  it("writes byte-identical vaults and data directories for the same seed", async () => {
    const small = { seed: 7, docs: 60, folders: 2 };
    const dirs: Map<string, Buffer>[] = [];
    const data: Map<string, Buffer>[] = [];
    for (const seed of [7, 7, 8]) {
      const plan = planCorpus({ ...small, seed });
      const v = tempDir();
      await writeVault(plan, generateCorpus({ ...small, seed }).docs, v);
      dirs.push(snapshot(v));
      const d = tempDir();
      await writeDataDir(plan, generateCorpus({ ...small, seed }).docs, d);
      data.push(snapshot(d));
    }
    expect(sameFiles(dirs[0]!, dirs[1]!)).toBe(true);
    expect(sameFiles(data[0]!, data[1]!)).toBe(true);
    expect(sameFiles(dirs[0]!, dirs[2]!)).toBe(false);
    expect(sameFiles(data[0]!, data[2]!)).toBe(false);
    expect(data[0]!.size).toBe(small.docs + small.folders);
  });

  it("documents can be generated in any order (each has its own PRNG)", () => {
    const plan = planCorpus(OPTIONS);
    const reversed = [...plan.docs].reverse().map((d) => generateDocument(plan, d).text);
    expect(reversed.reverse()).toEqual(corpus.docs.map((d) => d.text));
  });
});

describe("statistics within the requested bounds", () => {
  const o = resolveCorpusOptions(OPTIONS);
  const n = OPTIONS.docs;

  it("has the requested documents and folders, with nested directories and varied sizes", () => {
    expect(corpus.docs).toHaveLength(n);
    expect(corpus.stats.folders).toBe(OPTIONS.folders);
    expect(corpus.plan.folders.some((f) => f.dirs.some((d) => d.split("/").length >= 2))).toBe(
      true,
    );
    const mean = corpus.stats.bytes / n;
    expect(mean).toBeGreaterThan(o.meanDocBytes * 0.8);
    expect(mean).toBeLessThan(o.meanDocBytes * 1.2);
    expect(corpus.stats.maxDocBytes).toBeGreaterThan(4 * o.meanDocBytes);
    expect(corpus.stats.emptyDocs).toBe(Math.round(o.emptyShare * n));
  });

  it("CRLF and suggestion shares are exact, as the texts show", () => {
    const crlf = corpus.docs.filter((d) => d.text.includes("\r\n"));
    expect(crlf).toHaveLength(Math.round(o.crlfShare * n));
    for (const d of crlf) expect(d.text.replace(/\r\n/g, "")).not.toContain("\n");
    const withMarks = corpus.docs.filter((d) => parseCritic(d.text).length > 0);
    expect(withMarks).toHaveLength(Math.round(o.suggestionShare * n));
    expect(corpus.stats.suggestionDocs).toBe(withMarks.length);
  });

  it("link density is within 15% of the request, and core finds exactly the links written", () => {
    let parsed = 0;
    for (const d of corpus.docs) parsed += parseWikilinks(aiView(d.text)).length;
    expect(parsed).toBe(corpus.stats.links);
    const density = (parsed / corpus.stats.chars) * 1000;
    expect(density).toBeGreaterThan(o.linkDensity * 0.85);
    expect(density).toBeLessThan(o.linkDensity * 1.15);
    const denser = generateCorpus({ ...OPTIONS, docs: 100, linkDensity: 4 });
    expect(denser.stats.linkDensity).toBeGreaterThan(4 * 0.85);
    expect(denser.stats.linkDensity).toBeLessThan(4 * 1.15);
  });

  it("has every SPEC §5 link form, as core parses them, with counts matching the generator's", () => {
    const counts = Object.fromEntries(LINK_FORMS.map((f) => [f, 0])) as Record<LinkForm, number>;
    for (const d of corpus.docs) {
      const text = aiView(d.text);
      const fmEnd = text.startsWith("---") ? text.indexOf("\n---", 3) : -1;
      for (const link of parseWikilinks(text)) counts[formOf(link, link.start < fmEnd)]++;
    }
    for (const form of LINK_FORMS) expect(counts[form], form).toBeGreaterThan(0);
    expect(counts).toEqual(corpus.stats.linkForms);
  });

  it("code holds [[fake links]] and CriticMarkup-looking text that core ignores", () => {
    expect(corpus.stats.fakeLinksInCode).toBeGreaterThan(0);
    expect(corpus.stats.fakeMarksInCode).toBeGreaterThan(0);
    let rawBrackets = 0;
    for (const d of corpus.docs) rawBrackets += d.text.split("[[").length - 1;
    expect(rawBrackets).toBe(corpus.stats.links + corpus.stats.fakeLinksInCode);
  });

  it("has all five CriticMarkup forms, some with author/time metadata", () => {
    const kinds = new Map<string, number>();
    let withMeta = 0;
    for (const d of corpus.docs) {
      for (const m of parseCritic(d.text)) {
        kinds.set(m.kind, (kinds.get(m.kind) ?? 0) + 1);
        if (m.meta) withMeta++;
      }
    }
    for (const form of CRITIC_FORMS) {
      expect(kinds.get(form), form).toBe(corpus.stats.marks[form]);
      expect(kinds.get(form), form).toBeGreaterThan(0);
    }
    expect(withMeta).toBe(corpus.stats.marksWithMeta);
    expect(withMeta).toBeGreaterThan(0);
  });

  it("has non-ASCII and astral-plane text, and non-ASCII names", () => {
    const all = corpus.docs.map((d) => d.text).join("");
    expect(/[^\p{ASCII}]/u.test(all)).toBe(true);
    expect(/[\u{10000}-\u{10ffff}]/u.test(all)).toBe(true);
    expect(corpus.plan.folders.some((f) => /[^\p{ASCII}]/u.test(f.name))).toBe(true);
  });

  it("names some documents alike on purpose (ambiguous basenames)", () => {
    expect([...corpus.plan.basenames.values()].some((ids) => ids.length > 1)).toBe(true);
    expect(corpus.stats.ambiguousLinks).toBeGreaterThan(0);
  });

  it("computes relative links from one directory to another", () => {
    expect(relativeLink("", "A/B", "T")).toBe("./A/B/T");
    expect(relativeLink("A/B", "A/C", "T")).toBe("../C/T");
    expect(relativeLink("A/B", "", "T")).toBe("../../T");
    expect(relativeLink("A", "A/B", "T")).toBe("./B/T");
  });

  it("refuses options out of range", () => {
    expect(() => planCorpus({ seed: 1, docs: 10, folders: 0 })).toThrow(RangeError);
    expect(() => planCorpus({ seed: 1, docs: 10, folders: 1, crlfShare: 2 })).toThrow(/crlfShare/);
  });
});

describe("the data directory", () => {
  let dir: string;
  let ws: Workspace;
  let report: Awaited<ReturnType<typeof openStore>>["report"];

  beforeAll(async () => {
    dir = tempDir();
    const stats = await writeDataDir(corpus.plan, corpus.docs, dir);
    expect(stats).toEqual(corpus.stats);
    ws = new Workspace();
    const store = await openStore(dir, { workspace: ws });
    report = store.report;
    await store.close();
  });

  it("loads with @lens/store without a problem", () => {
    expect(report.loaded).toBe(OPTIONS.docs + OPTIONS.folders);
    expect(report.folders).toBe(OPTIONS.folders);
    expect(report.skipped).toEqual([]);
    expect(report.missingContent).toEqual([]);
    expect(report.orphans).toEqual([]);
    expect(report.ignored).toEqual([]);
    expect(report.legacy).toEqual([]);
  });

  it("holds every document under its user-facing path with its text and modification time", () => {
    for (const d of corpus.docs.slice(0, 50)) {
      const r = ws.resolve(`${corpus.plan.folders[d.plan.folder]!.name}/${d.plan.path}`);
      expect(r.kind).toBe("document");
      if (r.kind !== "document") continue;
      expect(ws.contentText(r.loc.docId)!.toString()).toBe(d.text);
      expect(ws.mtime(r.loc.docId)).toBe(d.plan.mtime);
    }
  });

  it("has backlinks_v0 exactly as core computes it (attaching writes nothing)", () => {
    let writes = 0;
    for (const f of ws.folders()) f.doc.on("update", () => writes++);
    attachBacklinks(ws).dispose();
    expect(writes).toBe(0);
  });

  it("resolves every link the generator meant to resolve, and none of the others", () => {
    const index = backlinkIndexOf(ws);
    let unresolved = 0;
    for (const docId of ws.contentDocIds()) {
      for (const { link, target } of index.forwardLinks(docId))
        if (link.target !== "" && !target) unresolved++;
    }
    expect(unresolved).toBe(corpus.stats.unresolvedLinks);
    index.dispose();
  });

  it("is left byte for byte as it was by a load with link upkeep, as lens serve loads it", async () => {
    const fresh = tempDir();
    await writeDataDir(corpus.plan, corpus.docs, fresh);
    const snapshot = () =>
      readdirSync(fresh, { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile())
        .map((e) => {
          const file = join(e.parentPath, e.name);
          return [relative(fresh, file), readFileSync(file).toString("base64")] as const;
        })
        .sort(([a], [b]) => (a < b ? -1 : 1));
    const before = snapshot();
    const loaded = new Workspace();
    const upkeep = startLinkUpkeep(loaded);
    const store = await openStore(fresh, { workspace: loaded });
    await new Promise((r) => setTimeout(r, 50));
    await store.close();
    upkeep.dispose();
    expect(snapshot()).toEqual(before);
  });

  it("is a directory per doc, data.ysweet inside", () => {
    const entries = readdirSync(dir);
    expect(entries).toHaveLength(OPTIONS.docs + OPTIONS.folders);
    for (const e of entries.slice(0, 20))
      expect(statSync(join(dir, e, "data.ysweet")).size).toBeGreaterThan(0);
  });
});
