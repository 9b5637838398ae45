// A suggestion's reason: the comment its author attached right after it is part of it — shown
// in neither view, listed with it, resolved with it; any other comment is a reviewer's note.
import { describe, expect, it } from "vitest";
import * as Y from "yjs";
import { applyEdit } from "../edit/applyEdit.js";
import { insertSuggestion } from "../edit/insertSuggestion.js";
import { formatMeta } from "./meta.js";
import { reasonProblem } from "./reason.js";
import { acceptSuggestions, listSuggestions, rejectSuggestions } from "./review.js";
import { buildViewMap } from "./viewMap.js";
import { aiView, baseView } from "./views.js";

const M = formatMeta("Claude", 1_700_000_000_000);
const RAW = `Say {--${M}hello--}{++${M}hi++}{>>${M}shorter<<} to all.`;

function textOf(raw: string): Y.Text {
  const text = new Y.Doc().getText("contents");
  text.insert(0, raw);
  return text;
}

describe("a suggestion's reason", () => {
  it("shows in neither view and is listed with its suggestion", () => {
    expect(aiView(RAW)).toBe("Say hi to all.");
    expect(baseView(RAW)).toBe("Say hello to all.");
    const [s] = listSuggestions(RAW);
    expect(s).toMatchObject({
      kind: "replace",
      oldText: "hello",
      newText: "hi",
      reason: "shorter",
    });
    expect(RAW.slice(s!.start, s!.end)).toContain("shorter<<}");
  });

  it("is removed with its suggestion on accept and on reject", () => {
    const accepted = textOf(RAW);
    expect(acceptSuggestions(accepted, "all")).toEqual([
      expect.objectContaining({ status: "applied" }),
    ]);
    expect(accepted.toString()).toBe("Say hi to all.");
    const rejected = textOf(RAW);
    rejectSuggestions(rejected, [listSuggestions(RAW)[0]!.id]);
    expect(rejected.toString()).toBe("Say hello to all.");
  });

  it("maps offsets across it: the AI view's offsets after it land after it in the raw text", () => {
    const map = buildViewMap(RAW);
    expect(map.ai).toBe("Say hi to all.");
    const at = map.ai.indexOf(" to");
    expect(RAW.slice(map.aiToRaw(at + 1))).toBe("to all.");
    expect(map.rawToAi(RAW.indexOf("shorter"))).toBe(at);
  });

  it("is only a comment by the suggestion's own author, right after it, with metadata", () => {
    const ann = formatMeta("ann", 1_700_000_000_000);
    for (const raw of [
      `{++${M}x++}{>>${ann}not mine<<}`, // another author's comment: a reviewer's note
      `{++${M}x++} {>>${M}apart<<}`, // not adjacent
      "{++x++}{>>no metadata<<}", // hand-written
    ]) {
      expect(listSuggestions(raw)[0]!.reason).toBeUndefined();
      expect(aiView(raw)).toContain("{>>");
    }
    // A suggestion without an author and a comment with empty metadata: an authorless edit's.
    expect(listSuggestions("{++x++}{>>{}@@why<<}")[0]!.reason).toBe("why");
  });

  it("is checked: one short paragraph", () => {
    expect(reasonProblem("Fixes a typo.")).toBeUndefined();
    expect(reasonProblem("  ")).toMatch(/empty/);
    expect(reasonProblem("a\nb")).toMatch(/line break/);
    expect(reasonProblem("x".repeat(501))).toMatch(/at most 500/);
  });

  it("stays with its suggestion when its author edits it again, unless the edit gives its own", () => {
    const opts = { author: "Claude", now: () => 1_700_000_000_000 };
    const kept = textOf(RAW);
    expect(applyEdit(kept, { oldString: "hi", newString: "hey" }, opts).ok).toBe(true);
    expect(listSuggestions(kept.toString())).toMatchObject([{ newText: "hey", reason: "shorter" }]);
    const replaced = textOf(RAW);
    expect(
      applyEdit(replaced, { oldString: "hi", newString: "hey" }, { ...opts, reason: "friendlier" })
        .ok,
    ).toBe(true);
    expect(listSuggestions(replaced.toString())).toMatchObject([
      { newText: "hey", reason: "friendlier" },
    ]);
    expect(replaced.toString()).not.toContain("shorter");
  });

  it("is never separated from its suggestion by an insertion right after it", () => {
    const text = textOf(RAW);
    const at = aiView(RAW).indexOf(" to all");
    const out = insertSuggestion(text, () => ({ ok: true, place: { at, text: " there" } }), {
      author: "Claude",
      now: () => 1_700_000_000_000,
    });
    expect(out.ok).toBe(true);
    expect(aiView(text.toString())).toBe("Say hi there to all.");
    expect(listSuggestions(text.toString()).map((s) => [s.newText, s.reason])).toEqual([
      ["hi", "shorter"],
      [" there", undefined],
    ]);
  });
});
