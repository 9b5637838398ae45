// Suggestions and their review: listing, stable ids, accept / reject in one transaction.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import * as Y from "yjs";
import { richDocument } from "./markupArbitraries.js";
import {
  acceptSuggestions,
  LENS_REVIEW_ORIGIN,
  listSuggestions,
  rejectSuggestions,
} from "./review.js";
import { aiView, baseView } from "./views.js";

function textOf(raw: string): Y.Text {
  const doc = new Y.Doc();
  const text = doc.getText("contents");
  text.insert(0, raw);
  return text;
}

describe("listSuggestions", () => {
  it("lists insertions, deletions, substitutions and Lens's delete+insert pairs", () => {
    const raw =
      'one {--a--}{++b++}\ntwo {++c++} {--d--}\n{~~e~>f~~} {>>note<<} {==hl==}\n{--{"author":"ann","time":7}@@g--}{++{"author":"ann","time":7}@@h++}';
    const list = listSuggestions(raw);
    expect(list.map(({ id: _id, context: _c, ...s }) => s)).toEqual([
      { kind: "replace", start: 4, end: 18, line: 1, oldText: "a", newText: "b" },
      { kind: "insert", start: 23, end: 30, line: 2, oldText: "", newText: "c" },
      { kind: "delete", start: 31, end: 38, line: 2, oldText: "d", newText: "" },
      { kind: "substitute", start: 39, end: 49, line: 3, oldText: "e", newText: "f" },
      {
        kind: "replace",
        start: raw.indexOf('{--{"'),
        end: raw.length,
        line: 4,
        oldText: "g",
        newText: "h",
        author: "ann",
        time: 7000,
      },
    ]);
  });

  it("gives every writer's suggestions their author and time in ms (lens-relay, Commentator, Lens)", () => {
    const raw = [
      '{++{"author":"relay user","timestamp":1700000000123}@@a++}',
      '{--{"author":"obsidian user","time":1700000000}@@b--}',
      '{++{"author":"Lens","time":1700000000,"timestamp":1700000000456}@@c++}',
    ].join("\n");
    expect(listSuggestions(raw).map((s) => [s.author, s.time])).toEqual([
      ["relay user", 1700000000123],
      ["obsidian user", 1700000000000],
      ["Lens", 1700000000456],
    ]);
  });

  it("counts lines in the AI view", () => {
    const raw = "{--a\nb\nc\n--}x\n{++y++}";
    expect(listSuggestions(raw).map((s) => s.line)).toEqual([1, 2]);
  });

  it("keeps ids while text on other lines changes, and tells identical suggestions apart", () => {
    const before = listSuggestions("intro\nx {--a--}{++b++} y\n{++c++}\n{++c++}\nend");
    const after = listSuggestions("new intro\nmore\nx {--a--}{++b++} y\n{++c++}\n{++c++}\nthe end");
    expect(after.map((s) => s.id)).toEqual(before.map((s) => s.id));
    expect(new Set(before.map((s) => s.id)).size).toBe(3);
  });

  it("keeps the ids of look-alike suggestions when one of them is resolved", () => {
    const text = textOf("the {--colour--}{++color++} of {--colour--}{++color++}\n");
    const [first, second] = listSuggestions(text.toString());
    acceptSuggestions(text, [first!.id]);
    expect(listSuggestions(text.toString()).map((s) => s.id)).toEqual([second!.id]);
  });

  it("numbers look-alikes with the same line context by occurrence (documented limit)", () => {
    const text = textOf("{++x++}\n{++x++}\n");
    const [a, b] = listSuggestions(text.toString());
    expect(a!.id.replace(/-0$/, "-1")).toBe(b!.id);
    rejectSuggestions(text, [a!.id]);
    expect(acceptSuggestions(text, [b!.id])).toEqual([{ id: b!.id, status: "not_found" }]);
  });

  it("changes the id when text next to the suggestion on its line changes", () => {
    const [a] = listSuggestions("x {++c++} y");
    const [b] = listSuggestions("x {++c++} z");
    expect(a!.id).not.toBe(b!.id);
  });

  it("changes the id when the suggestion itself changes", () => {
    const [a] = listSuggestions("{++c++}");
    const [b] = listSuggestions("{++C++}");
    const [c] = listSuggestions('{++{"author":"x"}@@c++}');
    expect(new Set([a!.id, b!.id, c!.id]).size).toBe(3);
  });

  it("has none for documents without suggestions", () => {
    expect(listSuggestions("plain {>>comment<<} {==hl==} `{++code++}`")).toEqual([]);
  });
});

describe("accept / reject", () => {
  it("accepts one suggestion by id and reports unknown ids", () => {
    const text = textOf("x {--a--}{++b++} y {++c++}");
    const [pair] = listSuggestions(text.toString());
    const results = acceptSuggestions(text, [pair!.id, "nope-0"]);
    expect(results).toEqual([
      { id: pair!.id, status: "applied" },
      { id: "nope-0", status: "not_found" },
    ]);
    expect(text.toString()).toBe("x b y {++c++}");
  });

  it("rejects by id: the old text comes back", () => {
    const text = textOf('x {~~a~>b~~} {--{"author":"z"}@@gone--} {++new++}');
    const ids = listSuggestions(text.toString()).map((s) => s.id);
    rejectSuggestions(text, ids);
    expect(text.toString()).toBe("x a gone ");
  });

  it("accepts all in one transaction with the review origin", () => {
    const text = textOf("{++a++}{--b--}{~~c~>d~~}{>>keep<<}");
    const origins: unknown[] = [];
    text.doc!.on("afterTransaction", (tr) => origins.push(tr.origin));
    const results = acceptSuggestions(text, "all");
    expect(results).toHaveLength(3);
    expect(text.toString()).toBe("ad{>>keep<<}");
    expect(origins).toEqual([LENS_REVIEW_ORIGIN]);
  });

  it("reports not_found for a suggestion that changed since it was listed", () => {
    const text = textOf("x {++b++}");
    const [s] = listSuggestions(text.toString());
    text.insert(text.toString().indexOf("b"), "z");
    expect(acceptSuggestions(text, [s!.id])).toEqual([{ id: s!.id, status: "not_found" }]);
    expect(text.toString()).toBe("x {++zb++}");
  });

  it("accepting all gives the AI view; rejecting all gives the base view", () => {
    fc.assert(
      fc.property(richDocument, (raw) => {
        const accepted = textOf(raw);
        const a = acceptSuggestions(accepted, "all");
        expect(aiView(accepted.toString())).toBe(aiView(raw));
        if (a.every((r) => r.status === "applied")) expect(accepted.toString()).toBe(aiView(raw));
        else
          expect(listSuggestions(accepted.toString()).length).toBe(
            a.filter((r) => r.status === "conflict").length,
          );
        const rejected = textOf(raw);
        const r = rejectSuggestions(rejected, "all");
        expect(baseView(rejected.toString())).toBe(baseView(raw));
        if (r.every((x) => x.status === "applied")) expect(rejected.toString()).toBe(baseView(raw));
      }),
      { numRuns: 300 },
    );
  });

  // Regressions: resolving one suggestion must not change how the text around it parses.
  it("rejecting a suggestion that would close a code span keeps the base view", () => {
    const raw = "`{----}{----}{++\n\n++}`";
    const t = textOf(raw);
    const replace = listSuggestions(raw).find((s) => s.kind === "replace")!;
    rejectSuggestions(t, [replace.id]);
    expect(baseView(t.toString())).toBe(baseView(raw));
  });

  it("accepting a deletion whose removal would re-pair backticks is reported as a conflict", () => {
    const raw = "`{----}`{----}`";
    const t = textOf(raw);
    expect(acceptSuggestions(t, "all").map((r) => r.status)).toEqual(["conflict"]);
    expect(t.toString()).toBe(raw);
  });

  it("rejecting a substitution whose old text holds mark delimiters keeps the base view", () => {
    const raw = "{~~{----}{~~~>~~}";
    const t = textOf(raw);
    rejectSuggestions(t, "all");
    expect(baseView(t.toString())).toBe(baseView(raw));
  });

  it("accepting some by id equals accepting them one at a time", () => {
    fc.assert(
      fc.property(richDocument, fc.array(fc.boolean(), { maxLength: 12 }), (raw, picks) => {
        const ids = listSuggestions(raw)
          .map((s) => s.id)
          .filter((_, i) => picks[i]);
        const together = textOf(raw);
        const all = acceptSuggestions(together, ids);
        const oneByOne = textOf(raw);
        const each = ids.map((id) => acceptSuggestions(oneByOne, [id])[0]!.status);
        expect(aiView(together.toString())).toBe(aiView(raw));
        if (all.every((r) => r.status === "applied") && each.every((st) => st === "applied"))
          expect(together.toString()).toBe(oneByOne.toString());
      }),
      { numRuns: 200 },
    );
  });
});
