// No import cycle in @lens/core: every relative import of every source file (tests and test
// helpers aside), `import type` and `export … from` included, forms an acyclic graph. A cycle
// fails the test, named file by file. The parser and the depth-first search are our own.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const SRC = new URL("../src/", import.meta.url).pathname;

/** Module specifiers of `import … from`, `export … from`, `import "…"` and `import("…")`. */
const SPECIFIER =
  /(?:\bimport|\bexport)\s+(?:type\s+)?(?:[\w*{}\s,$]+?\s+from\s+)?["']([^"']+)["']|\bimport\(\s*["']([^"']+)["']\s*\)/g;

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) return sources(p);
    return p.endsWith(".ts") && !/\.test(-helpers)?\.ts$/.test(p) ? [p] : [];
  });
}

/** Comments removed, so an import written in a comment is not one. */
function code(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:"'`])\/\/.*$/gm, "$1");
}

/** Source file → the source files it imports (relative imports only; `.js` means `.ts`). */
function importGraph(files: readonly string[]): Map<string, string[]> {
  const known = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const targets = new Set<string>();
    for (const m of code(readFileSync(file, "utf8")).matchAll(SPECIFIER)) {
      const spec = m[1] ?? m[2]!;
      if (!spec.startsWith(".")) continue;
      const base = resolve(dirname(file), spec).replace(/\.js$/, "");
      const target = [`${base}.ts`, join(base, "index.ts")].find((t) => known.has(t));
      if (!target) throw new Error(`${relative(SRC, file)}: cannot resolve "${spec}"`);
      targets.add(target);
    }
    graph.set(file, [...targets].sort());
  }
  return graph;
}

/** Every cycle a depth-first search meets (one per back edge), each as a list of nodes. */
function findCycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const state = new Map<string, "open" | "done">();
  const stack: string[] = [];
  const cycles: string[][] = [];
  const visit = (node: string) => {
    state.set(node, "open");
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      const s = state.get(next);
      if (s === "open") cycles.push([...stack.slice(stack.indexOf(next)), next]);
      else if (s === undefined) visit(next);
    }
    stack.pop();
    state.set(node, "done");
  };
  for (const node of [...graph.keys()].sort()) if (!state.has(node)) visit(node);
  return cycles;
}

describe("@lens/core imports", () => {
  const files = sources(SRC);
  const graph = importGraph(files);
  const name = (f: string) => relative(SRC, f);

  it("has sources and imports to check", () => {
    expect(files.length).toBeGreaterThan(50);
    expect([...graph.values()].flat().length).toBeGreaterThan(100);
  });

  it("form no cycle between files", () => {
    const cycles = findCycles(graph).map((c) => c.map(name).join(" → "));
    expect(cycles).toEqual([]);
  });

  it("form no cycle between directories (workspace/ never needs links/, and so on)", () => {
    const dirs = new Map<string, Set<string>>();
    const dirOf = (f: string) => dirname(name(f));
    for (const [file, targets] of graph) {
      const from = dirOf(file);
      const set = dirs.get(from) ?? new Set<string>();
      dirs.set(from, set);
      for (const t of targets) if (dirOf(t) !== from) set.add(dirOf(t));
    }
    const graphOfDirs = new Map([...dirs].map(([d, set]) => [d, [...set].sort()]));
    expect(findCycles(graphOfDirs).map((c) => c.join(" → "))).toEqual([]);
  });

  it("finds a cycle when there is one, and names it", () => {
    const g = new Map([
      ["a", ["b"]],
      ["b", ["c"]],
      ["c", ["a", "d"]],
      ["d", []],
    ]);
    expect(findCycles(g)).toEqual([["a", "b", "c", "a"]]);
    expect(findCycles(new Map([["a", ["a"]]]))).toEqual([["a", "a"]]);
    expect(
      findCycles(
        new Map([
          ["a", ["b"]],
          ["b", []],
        ]),
      ),
    ).toEqual([]);
  });
});
