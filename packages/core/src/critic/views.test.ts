// aiView and baseView: suggestions accepted / rejected, comments and highlights verbatim.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { growth, LINEAR_AT_8 } from "../../test/support/growth.js";
import { richDocument } from "./markupArbitraries.js";
import { buildViewMap } from "./viewMap.js";
import { aiView, baseView } from "./views.js";

describe("aiView", () => {
  it("shows suggestions as accepted and keeps comments and highlights verbatim", () => {
    const raw =
      'say {--hello--}{++world++} {~~a~>b~~} {++{"author":"ann","time":1}@@new++}{==hi==}{>>{"author":"bo"}@@why?<<}';
    expect(aiView(raw)).toBe('say world b new{==hi==}{>>{"author":"bo"}@@why?<<}');
  });

  it("returns the raw text itself when there is no opening delimiter", () => {
    const raw = "a {b} ++} --} ~> plain".repeat(10);
    expect(aiView(raw)).toBe(raw);
    expect(baseView(raw)).toBe(raw);
  });

  it("keeps mark-like text in code as it is", () => {
    const raw = "`{++a++}` and\n```\n{--b--}\n```\n{++c++}";
    expect(aiView(raw)).toBe("`{++a++}` and\n```\n{--b--}\n```\nc");
    expect(baseView(raw)).toBe("`{++a++}` and\n```\n{--b--}\n```\n");
  });

  it("costs linear time in the document's size", () => {
    const line = "Some text with a {++suggestion++} and `code {++x++}` here.\n";
    const ratio = growth((n) => {
      const raw = line.repeat(n);
      return () => aiView(raw);
    }, 2_500);
    expect(ratio).toBeLessThan(LINEAR_AT_8);
  });
});

describe("baseView", () => {
  it("shows suggestions as rejected and keeps comments and highlights verbatim", () => {
    const raw = "say {--hello--}{++world++} {~~a~>b~~} {++new++}{==hi==}{>>why?<<}";
    expect(baseView(raw)).toBe("say hello a {==hi==}{>>why?<<}");
  });
});

describe("buildViewMap", () => {
  it("builds the same AI view as aiView", () => {
    fc.assert(
      fc.property(richDocument, (raw) => {
        expect(buildViewMap(raw).ai).toBe(aiView(raw));
      }),
    );
  });

  it("covers the raw text and the AI view with contiguous segments", () => {
    fc.assert(
      fc.property(richDocument, (raw) => {
        const map = buildViewMap(raw);
        let rawAt = 0;
        let aiAt = 0;
        for (const s of map.segments) {
          expect([s.rawStart, s.aiStart]).toEqual([rawAt, aiAt]);
          if (s.kind === "text" || s.kind === "code")
            expect(map.ai.slice(s.aiStart, s.aiEnd)).toBe(raw.slice(s.rawStart, s.rawEnd));
          rawAt = s.rawEnd;
          aiAt = s.aiEnd;
        }
        expect([rawAt, aiAt]).toEqual([raw.length, map.ai.length]);
        expect(map.baseOf(0, raw.length)).toBe(baseView(raw));
      }),
    );
  });

  it("maps an AI-view range to raw offsets, widened to the marks it overlaps", () => {
    const raw = "say {--hello--}{++world++} to {>>c<<}all";
    const map = buildViewMap(raw);
    expect(map.ai).toBe("say world to {>>c<<}all");
    const wor = map.rangeToRaw(4, 7);
    expect(raw.slice(wor.rawStart, wor.rawEnd)).toBe("{++world++}");
    expect(wor.marks.map((m) => m.kind)).toEqual(["insert"]);
    const say = map.rangeToRaw(0, 3);
    expect([say.rawStart, say.rawEnd, say.marks]).toEqual([0, 3, []]);
    const across = map.rangeToRaw(2, 11);
    expect(raw.slice(across.rawStart, across.rawEnd)).toBe("y {--hello--}{++world++} t");
    expect(across.marks.map((m) => m.kind)).toEqual(["delete", "insert"]);
    const comment = map.rangeToRaw(13, 14);
    expect(raw.slice(comment.rawStart, comment.rawEnd)).toBe("{>>c<<}");
    expect(map.rangeToRaw(4, 4)).toEqual({ rawStart: 4, rawEnd: 4, marks: [] });
  });

  it("maps raw offsets to the AI view", () => {
    const raw = "ab{--xy--}cd{++ef++}g";
    const map = buildViewMap(raw);
    expect(map.ai).toBe("abcdefg");
    expect(map.rawToAi(1)).toBe(1);
    expect(map.rawToAi(raw.indexOf("cd"))).toBe(2);
    expect(map.rawToAi(raw.indexOf("ef"))).toBe(4);
    expect(map.rawToAi(raw.length)).toBe(7);
  });
});

describe("ViewMap.aiToRaw", () => {
  it("maps an AI offset to the first raw offset showing that much", () => {
    const raw = "ab{--xy--}cd{++ef++}g";
    const map = buildViewMap(raw);
    expect(map.aiToRaw(0)).toBe(0);
    expect(map.aiToRaw(2)).toBe(2);
    expect(map.aiToRaw(3)).toBe(raw.indexOf("d"));
    expect(map.aiToRaw(4)).toBe(raw.indexOf("{++"));
    expect(map.aiToRaw(5)).toBe(raw.indexOf("{++"));
    expect(map.aiToRaw(6)).toBe(raw.indexOf("g"));
    expect(map.aiToRaw(7)).toBe(raw.length);
  });
});
