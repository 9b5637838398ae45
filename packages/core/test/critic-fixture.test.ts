// CriticMarkup in the relay-server fixture: a note documents the syntax in inline code inside a
// table (not marks) and holds one real reviewer comment (a mark).
import { describe, expect, it } from "vitest";
import { aiView, baseView, listSuggestions, parseCritic } from "../src/critic/index.js";
import { applyEdit } from "../src/edit/index.js";
import { CRITIC_DOC_ID, loadFixtureDoc } from "./support/fixtures.js";

describe("relay-server fixture with CriticMarkup in inline code", () => {
  const raw = loadFixtureDoc(CRITIC_DOC_ID).getText("contents").toString();

  it("holds the syntax table in inline code", () => {
    for (const code of [
      "`{++new text++}`",
      "`{--removed text--}`",
      "`{~~old~>new~~}`",
      "`{>>your comment<<}`",
    ])
      expect(raw).toContain(code);
  });

  it("parses only the real comment, not the marks documented in code", () => {
    const marks = parseCritic(raw);
    expect(marks).toHaveLength(1);
    const [comment] = marks;
    expect(comment).toMatchObject({ kind: "comment", text: "CGL>What does this get me?" });
    expect(raw.slice(comment!.start, comment!.end)).toBe("{>>CGL>What does this get me?<<}");
  });

  it("shows the document unchanged in both views and lists no suggestions", () => {
    expect(aiView(raw)).toBe(raw);
    expect(baseView(raw)).toBe(raw);
    expect(listSuggestions(raw)).toEqual([]);
  });
});

describe("editing the relay-server fixture", () => {
  const load = () => loadFixtureDoc(CRITIC_DOC_ID).getText("contents");

  it("edits a table cell next to the documented markup", () => {
    const text = load();
    const before = text.toString();
    const outcome = applyEdit(text, {
      oldString: "| Addition     |",
      newString: "| Insertion    |",
    });
    expect(outcome).toMatchObject({ ok: true, replacements: 1 });
    expect(aiView(text.toString())).toBe(before.replace("| Addition     |", "| Insertion    |"));
    expect(baseView(text.toString())).toBe(before);
    expect(listSuggestions(text.toString())).toMatchObject([
      { kind: "replace", oldText: "| Addition     |", newText: "| Insertion    |" },
    ]);
  });

  it("refuses to edit the documented markup or the reviewer's comment", () => {
    const text = load();
    expect(
      applyEdit(text, { oldString: "`{++new text++}`", newString: "`{++added++}`" }),
    ).toMatchObject({ ok: false, code: "delimiters" });
    expect(
      applyEdit(text, { oldString: "What does this get me?", newString: "Why?" }),
    ).toMatchObject({ ok: false, code: "inside_comment" });
  });
});
