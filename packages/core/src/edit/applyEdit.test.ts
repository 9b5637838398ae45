// applyEdit: AI edits written as CriticMarkup suggestions — seed cases, merges, refusals.
import { describe, expect, it } from "vitest";
import * as Y from "yjs";
import { formatMeta } from "../critic/meta.js";
import { listSuggestions, rejectSuggestions } from "../critic/review.js";
import { aiView, baseView } from "../critic/views.js";
import { applyEdit } from "./applyEdit.js";
import { LENS_EDIT_ORIGIN } from "./origin.js";
import { type EditOptions, type EditRequest, MAX_REPLACEMENTS } from "./outcome.js";

function textOf(raw: string): Y.Text {
  const doc = new Y.Doc();
  const text = doc.getText("contents");
  text.insert(0, raw);
  return text;
}

/** Runs one edit; returns the raw text after it (or the refusal, with the text unchanged). */
function edit(raw: string, req: EditRequest, opts?: EditOptions) {
  const text = textOf(raw);
  const outcome = applyEdit(text, req, opts);
  const after = text.toString();
  if (!outcome.ok) expect(after).toBe(raw);
  return { outcome, after };
}

const rawAfter = (raw: string, oldString: string, newString: string, replaceAll = false) =>
  edit(raw, { oldString, newString, replaceAll }).after;

describe("applyEdit: writing suggestions", () => {
  it("replaces a word as {--old--}{++new++}", () => {
    const { outcome, after } = edit("say hello to all", { oldString: "hello", newString: "world" });
    expect(after).toBe("say {--hello--}{++world++} to all");
    expect(outcome).toEqual({ ok: true, replacements: 1, firstLine: 1 });
  });

  it("writes a pure deletion as {--old--}{++++}", () => {
    expect(rawAfter("delete me", "delete me", "")).toBe("{--delete me--}{++++}");
  });

  it("replaces a multi-line old_string and reports the line it starts on", () => {
    const raw = "# Title\n\nfirst line\nsecond line\nthird line\n";
    const { outcome, after } = edit(raw, {
      oldString: "first line\nsecond line",
      newString: "one line",
    });
    expect(after).toBe("# Title\n\n{--first line\nsecond line--}{++one line++}\nthird line\n");
    expect(outcome).toMatchObject({ ok: true, firstLine: 3 });
  });

  it("keeps a shared trailing newline outside the marks", () => {
    expect(rawAfter("intro\n```\ncode\n```\n", "intro\n", "hello\n")).toBe(
      "{--intro--}{++hello++}\n```\ncode\n```\n",
    );
  });

  it("replaces every occurrence with replace_all", () => {
    const { outcome, after } = edit("a cat, a cat\nand a cat", {
      oldString: "cat",
      newString: "dog",
      replaceAll: true,
    });
    expect(after).toBe("a {--cat--}{++dog++}, a {--cat--}{++dog++}\nand a {--cat--}{++dog++}");
    expect(outcome).toEqual({ ok: true, replacements: 3, firstLine: 1 });
  });

  it("refuses replace_all past MAX_REPLACEMENTS matches by any strategy, writing nothing", () => {
    // CRLF note, LF old_string: found by the line-ending tolerant match.
    const raw = "alpha\r\nbeta\r\n".repeat(MAX_REPLACEMENTS + 1);
    const { outcome } = edit(raw, { oldString: "alpha\nbeta", newString: "x", replaceAll: true });
    expect(outcome).toMatchObject({ ok: false, code: "too_many", count: MAX_REPLACEMENTS + 1 });
  });

  it("merges adjacent occurrences of replace_all into one suggestion", () => {
    expect(rawAfter("aab", "a", "x", true)).toBe("{--aa--}{++xx++}b");
  });

  it("writes author and time into both marks", () => {
    const { after } = edit(
      "say hello",
      { oldString: "hello", newString: "world" },
      { author: "Claude", now: () => 1700000000000 },
    );
    const meta = '{"author":"Claude","time":1700000000,"timestamp":1700000000000}@@';
    expect(after).toBe(`say {--${meta}hello--}{++${meta}world++}`);
    expect(aiView(after)).toBe("say world");
    expect(baseView(after)).toBe("say hello");
  });

  it("uses the given origin, or LENS_EDIT_ORIGIN, for one transaction", () => {
    for (const origin of [undefined, "mine"]) {
      const text = textOf("a b c");
      const seen: unknown[] = [];
      text.doc!.on("afterTransaction", (tr) => {
        if (tr.changed.size > 0) seen.push(tr.origin);
      });
      applyEdit(text, { oldString: "b", newString: "x" }, origin ? { origin } : {});
      expect(seen).toEqual([origin ?? LENS_EDIT_ORIGIN]);
    }
  });
});

describe("applyEdit: line endings and quotes", () => {
  it("matches \\n against \\r\\n and writes the document's line endings", () => {
    const raw = "one\r\ntwo\r\nthree\r\n";
    expect(rawAfter(raw, "one\ntwo", "uno\ndos")).toBe(
      "{--one\r\ntwo--}{++uno\r\ndos++}\r\nthree\r\n",
    );
    expect(rawAfter(raw, "two", "2\nand a half")).toBe(
      "one\r\n{--two--}{++2\r\nand a half++}\r\nthree\r\n",
    );
  });

  it("matches \\r\\n against \\n in an LF document", () => {
    expect(rawAfter("a\nb\n", "a\r\nb", "c\r\nd")).toBe("{--a\nb--}{++c\nd++}\n");
  });

  it("matches straight quotes against curly ones and keeps the document's curly style", () => {
    expect(rawAfter("It’s “done”.", 'It\'s "done"', 'It\'s "over"')).toBe(
      "{--It’s “done”--}{++It’s “over”++}.",
    );
  });

  it("matches curly quotes against straight ones and writes straight ones", () => {
    expect(rawAfter(`say "hi"`, "say “hi”", "say “bye”")).toBe(`{--say "hi"--}{++say "bye"++}`);
  });

  it("prefers an exact match to a quote-tolerant one", () => {
    expect(rawAfter(`"a" “a”`, `"a"`, "b")).toBe(`{--"a"--}{++b++} “a”`);
  });
});

describe("applyEdit: astral characters", () => {
  it("edits next to emoji without splitting surrogate pairs", () => {
    expect(rawAfter("😀a😀", "a", "b")).toBe("😀{--a--}{++b++}😀");
    expect(rawAfter("x😀y", "😀", "🎉")).toBe("x{--😀--}{++🎉++}y");
    expect(rawAfter("😀😀", "😀", "ok", true)).toBe("{--😀😀--}{++okok++}");
  });

  it("never matches half of a surrogate pair", () => {
    const { outcome } = edit("a😀b", { oldString: "\ud83d", newString: "x" });
    expect(outcome).toMatchObject({ ok: false, code: "not_found" });
    const low = edit("😀 \ude00", { oldString: "\ude00", newString: "x" });
    expect(low.after).toBe("😀 {--\ude00--}{++x++}");
  });
});

/** Claude's metadata, as Lens writes it at time T; `§` in a test text stands for it. */
const T = 1_700_000_000_000;
const CLAUDE = { author: "Claude", now: () => T };
const C = formatMeta("Claude", T);
const mine = (s: string) => s.replaceAll("§", C);
/** An edit by Claude of a text whose `§` marks are Claude's own; the raw after, `§` for its metadata. */
const claudeAfter = (raw: string, oldString: string, newString: string, replaceAll = false) =>
  edit(mine(raw), { oldString, newString, replaceAll }, CLAUDE).after.replaceAll(C, "§");

describe("applyEdit: merging with its author's own pending suggestions", () => {
  it("edits inside a pending insertion, keeping its paired deletion", () => {
    expect(claudeAfter("say {--§hello--}{++§world++} to all", "world", "there")).toBe(
      "say {--§hello--}{++§there++} to all",
    );
    expect(claudeAfter("say {--§hello--}{++§big world++} to all", "big", "small")).toBe(
      "say {--§hello--}{++§small world++} to all",
    );
  });

  it("widens to every mark the range overlaps and keeps their base text", () => {
    expect(claudeAfter("a {++§b++} c {--§d--} e", "b c  e", "Z")).toBe("a {--§ c d e--}{++§Z++}");
    expect(claudeAfter("x {~~§old~>new~~} y", "new y", "fresh")).toBe("x {--§old y--}{++§fresh++}");
  });

  it("leaves marks that only touch the range alone, whoever made them", () => {
    expect(rawAfter("a{--x--}b", "b", "c")).toBe("a{--x--}{--b--}{++c++}");
    expect(rawAfter("a{++x++}b", "b", "c")).toBe("a{++x++}{--b--}{++c++}");
    expect(claudeAfter(`a{--${ANN}x--}b`, "a", "c")).toBe(`{--§a--}{++§c++}{--${ANN}x--}b`);
  });

  it("replaces a pending insertion of its own without a delete mark", () => {
    expect(claudeAfter("a {++§new++} b", "new", "newer")).toBe("a {++§newer++} b");
    expect(claudeAfter("a {++§new++} b", "a new", "a")).toBe("{--§a --}{++§a++} b");
  });

  it("withdraws a suggestion when the edit restores the base text", () => {
    expect(claudeAfter("say {--§hello--}{++§world++} to all", "world", "hello")).toBe(
      "say hello to all",
    );
    expect(claudeAfter("x {++§added++}y", "added", "")).toBe("x y");
  });

  it("merges replace_all occurrences that fall in one mark", () => {
    expect(claudeAfter("{++§a a++} a", "a", "b", true)).toBe("{++§b b++} {--§a--}{++§b++}");
  });

  it("widens an edit inside code to the whole code span or block", () => {
    expect(rawAfter("x `foo bar` y", "foo", "baz")).toBe("x {--`foo bar`--}{++`baz bar`++} y");
    expect(rawAfter("t\n```js\nlet a = 1;\n```\nu", "a = 1", "b = 2")).toBe(
      "t\n{--```js\nlet a = 1;\n```--}{++```js\nlet b = 2;\n```++}\nu",
    );
  });
});

/** Ann's metadata as the Obsidian Commentator plugin writes it (time in seconds). */
const ANN = '{"author":"ann","time":1700000000}@@';
/** Bob's as lens-relay writes it (timestamp in ms). */
const BOB = '{"author":"bob","timestamp":1700000000000}@@';

describe("applyEdit: another author's pending suggestion", () => {
  /** Claude's edit is refused, changing nothing; the refusal. */
  function refused(raw: string, oldString: string, newString: string, opts: EditOptions = CLAUDE) {
    const { outcome } = edit(raw, { oldString, newString }, opts);
    if (outcome.ok) throw new Error(`the edit was made: ${JSON.stringify(raw)}`);
    expect(outcome.code).toBe("others_suggestion");
    return outcome;
  }

  it("is never merged into the edit: overlapping it is refused, naming its author", () => {
    const raw = `Intro\nsay {--${ANN}hello--}{++${ANN}world++} to all`;
    const r = refused(raw, "world to", "everyone to");
    expect(r).toMatchObject({ author: "ann", line: 2 });
    expect(r.message).toContain(
      'overlaps a pending suggestion by ann on line 2 (replace "hello" with "world")',
    );
    expect(r.message).toContain("ending before it or starting after it");
    refused(`a {++${BOB}new++} b`, "new", "newer");
    refused(`x {~~${ANN}old~>new~~} y`, "new y", "fresh");
  });

  it("refuses a range holding another author's deletion, which shows as nothing", () => {
    const r = refused(`a{--${BOB}gone--}b`, "ab", "AB");
    expect(r.message).toContain('by bob on line 1 (delete "gone")');
  });

  it("treats a suggestion without author metadata as someone else's", () => {
    const r = refused("say {--hello--}{++world++}", "world", "there");
    expect(r.message).toContain("a pending suggestion with no author recorded");
    expect(r.author).toBeUndefined();
  });

  it("tells names apart exactly: claude is not Claude", () => {
    refused('a {++{"author":"claude","time":1700000000}@@new++} b', "new", "newer");
  });

  it("refuses an edit without an author over any pending suggestion, its own earlier ones too", () => {
    const { after } = edit("say hello", { oldString: "hello", newString: "world" });
    const r = refused(after, "world", "there", {});
    expect(r.message).toContain("record no author");
  });

  it("refuses an edit that would be read as part of another author's suggestion next to it", () => {
    // Claude's `{--…--}{++…++}` with an empty old text right after Ann's deletion: rewritten as
    // `{++…++}` it would pair with Ann's deletion into one replace, attributed to her.
    const raw = mine(`x {--${ANN}old--}{--§--}{++§new++} y`);
    const r = refused(raw, "new", "newer");
    expect(r.message).toContain(
      'right next to a pending suggestion by ann on line 1 (delete "old")',
    );
  });

  it("keeps a reviewer's suggestion through the assistant's edit and its rejection", () => {
    const raw = `Plan: ship {--${ANN}Monday--}{++${ANN}Friday++}.\nOwner: Ann.`;
    const text = textOf(raw);
    const outcome = applyEdit(text, { oldString: "Owner: Ann", newString: "Owner: Bo" }, CLAUDE);
    expect(outcome.ok).toBe(true);
    const claudes = listSuggestions(text.toString()).filter((s) => s.author === "Claude");
    rejectSuggestions(
      text,
      claudes.map((s) => s.id),
    );
    expect(text.toString()).toBe(raw);
  });
});

describe("applyEdit: refusals", () => {
  it("refuses an empty old_string and identical strings", () => {
    expect(edit("abc", { oldString: "", newString: "x" }).outcome).toMatchObject({
      ok: false,
      code: "empty_old",
    });
    expect(edit("abc", { oldString: "b", newString: "b" }).outcome).toMatchObject({
      ok: false,
      code: "identical",
    });
  });

  it("refuses an edit whose quote-adapted text is what is already there", () => {
    expect(edit("it’s", { oldString: "it's", newString: "it’s" }).outcome).toMatchObject({
      ok: false,
      code: "identical",
    });
  });

  it("says not_found and not_unique apart, with the count", () => {
    expect(edit("abc", { oldString: "x", newString: "y" }).outcome).toMatchObject({
      ok: false,
      code: "not_found",
    });
    const { outcome } = edit("a a a", { oldString: "a", newString: "b" });
    expect(outcome).toMatchObject({ ok: false, code: "not_unique", count: 3 });
    if (!outcome.ok) {
      expect(outcome.message).toContain("Found 3 matches of old_string");
      expect(outcome.message).toContain("replace_all");
    }
  });

  it("refuses old_string or new_string with CriticMarkup delimiters", () => {
    for (const [o, n] of [
      ["a", "{++b++}"],
      ["a", "b--}"],
      ["{==a", "b"],
      ["a", "x <<} y"],
    ] as const) {
      expect(edit("a {==a==}", { oldString: o, newString: n }).outcome).toMatchObject({
        ok: false,
        code: "delimiters",
      });
    }
  });

  it("accepts the substitution separator ~> as plain text", () => {
    expect(rawAfter("gem 1.0", "1.0", "~> 2.0")).toBe("gem {--1.0--}{++~> 2.0++}");
  });

  it("refuses to edit inside or across a comment or highlight", () => {
    for (const [raw, old] of [
      ["a {>>note here<<} b", "note"],
      ["a {==marked==} b", "marked"],
      ["a {>>n<<} b", "a {"],
    ] as const) {
      const { outcome } = edit(raw, { oldString: old, newString: "x" });
      expect(outcome).toMatchObject({ ok: false });
      if (!outcome.ok) expect(["inside_comment", "delimiters"]).toContain(outcome.code);
    }
    expect(edit("a {>>note<<} b", { oldString: "note", newString: "x" }).outcome).toMatchObject({
      code: "inside_comment",
    });
  });

  it("refuses rather than re-pair an unclosed opener or code that documents CriticMarkup", () => {
    // The new `++}` would close the stray `{++` before it.
    expect(
      edit("{++ stray opener and text", { oldString: "text", newString: "words" }).outcome,
    ).toMatchObject({ ok: false, code: "delimiters" });
    // Joining the line before a fence unfences the mark-like text in it.
    expect(
      edit("a\n~~~\n{++x++}\n~~~\n", { oldString: "a\n", newString: "b" }).outcome,
    ).toMatchObject({ ok: false, code: "delimiters" });
  });

  it("guards content that would read as metadata", () => {
    const after = rawAfter("x", "x", '{"a":1}@@y');
    expect(aiView(after)).toBe('{"a":1}@@y');
    expect(baseView(after)).toBe("x");
  });
});
