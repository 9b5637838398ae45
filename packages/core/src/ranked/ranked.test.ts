// Ranked search: folding and unspaced scripts, query syntax, field boosts, prefix and typos,
// phrases, exclusions, tags, scope and reach, snippets, and an index kept current.
import { describe, expect, it } from "vitest";
import { folderReach } from "../access/reach.js";
import { contentsText } from "../model/contentDoc.js";
import { callTool } from "../registry/registry.js";
import { SessionStore } from "../tools/session.js";
import { workspaceFromTexts } from "../workspace/fromTexts.js";
import { MAX_RANKED_CHARS } from "./fields.js";
import { parseQuery } from "./query.js";
import { rankedIndexOf } from "./rankedIndex.js";
import { rankedSearch } from "./search.js";
import { fold, terms } from "./terms.js";

function setup() {
  const ws = workspaceFromTexts([
    {
      name: "Team",
      files: {
        "Onboarding.md": "# Onboarding\n\nFirst week: laptop, accounts and a buddy.\n#people",
        "Notes/Week.md": "We talked about onboarding once.\nMostly about the release.",
        "Release.md":
          "---\ntags: [process, ops]\n---\n# Release a build\n\nTag, build, publish the release notes.",
        "Café.md": "Le café est prêt. Cold brew too.",
        "Tokyo.md": "東京タワーに行きました。",
      },
    },
    { name: "Private", files: { "Salary.md": "onboarding salary bands" } },
  ]);
  const sessions = new SessionStore();
  const search = (args: Record<string, unknown>, reach = folderReach([])) =>
    callTool(
      { workspace: ws, sessions, sessionId: "s", caller: { role: "view", reach } },
      "search",
      args,
    );
  const paths = (args: Record<string, unknown>, reach?: ReturnType<typeof folderReach>) =>
    (
      ((search(args, reach).data as { hits?: unknown[] } | undefined)?.hits ?? []) as {
        path: string;
      }[]
    ).map((h) => h.path);
  return { ws, search, paths };
}

describe("terms", () => {
  it("folds case and diacritics, and pairs characters of unspaced scripts", () => {
    expect(fold("Café PRÊT Ångström")).toBe("cafe pret angstrom");
    expect(terms("Le café, prêt!")).toEqual(["le", "cafe", "pret"]);
    expect(terms("東京タワー")).toEqual(["東京", "京タ", "タワ", "ワー"]);
    expect(terms("abc東京def")).toEqual(["abc", "東京", "def"]);
    expect(terms("東")).toEqual(["東"]);
  });

  it("parses words, phrases, exclusions and tags", () => {
    expect(parseQuery('release "build notes" -draft -"old plan" #Ops')).toEqual({
      terms: ["release", "build", "notes"],
      phrases: ["build notes"],
      excluded: [["draft"], ["old", "plan"]],
      tags: ["ops"],
    });
    expect(parseQuery("  ").terms).toEqual([]);
  });
});

describe("search tool", () => {
  it("ranks a title match above a body mention, with marked snippets and line numbers", () => {
    const t = setup();
    expect(t.paths({ query: "onboarding" })).toEqual([
      "Team/Onboarding.md",
      "Private/Salary.md",
      "Team/Notes/Week.md",
    ]);
    const text = t.search({ query: "onboarding", limit: 1 }).text;
    expect(text).toBe(
      "Team/Onboarding.md (score " +
        text.match(/score ([\d.]+)/)?.[1] +
        ")\n  1: # **Onboarding**\n\n(2 more results: pass offset 1 for the next 1)",
    );
  });

  it("finds by prefix, with a typo, without accents, and in Japanese", () => {
    const t = setup();
    expect(t.paths({ query: "onboard" })[0]).toBe("Team/Onboarding.md");
    expect(t.paths({ query: "onbaording" })[0]).toBe("Team/Onboarding.md");
    expect(t.paths({ query: "cafe pret" })).toEqual(["Team/Café.md"]);
    expect(t.paths({ query: "タワー" })).toEqual(["Team/Tokyo.md"]);
    expect(t.search({ query: "タワー" }).text).toContain("1: 東京**タワー**に行きました。");
  });

  it("applies phrases, exclusions, tags, path and the caller's folders", () => {
    const t = setup();
    expect(t.paths({ query: '"release notes"' })).toEqual(["Team/Release.md"]);
    expect(t.paths({ query: "onboarding -salary" })).not.toContain("Private/Salary.md");
    expect(t.paths({ query: "#ops" })).toEqual(["Team/Release.md"]);
    expect(t.paths({ query: "#people onboarding" })).toEqual(["Team/Onboarding.md"]);
    expect(t.paths({ query: "onboarding", path: "Team/Notes" })).toEqual(["Team/Notes/Week.md"]);
    expect(t.paths({ query: "onboarding" }, folderReach(["Team"]))).not.toContain(
      "Private/Salary.md",
    );
    const hidden = t.search({ query: "x", path: "Private" }, folderReach(["Team"]));
    expect(hidden).toMatchObject({ isError: true, code: "not_found" });
    expect(t.search({ query: "- ## !" })).toMatchObject({ isError: true });
    expect(t.search({ query: "zzzqqq" }).text).toBe("No notes found");
    const many = Array.from({ length: 40 }, (_, i) => `word${i}x`).join(" ");
    expect(t.search({ query: many }).text).toMatch(/holds 40 words; search takes at most 32/);
    // Very common words rank nothing: alone they are refused; in a phrase they still count.
    expect(t.search({ query: "the and" })).toMatchObject({ isError: true });
    expect(t.paths({ query: '"we talked about"' })).toEqual(["Team/Notes/Week.md"]);
  });

  it("sees changes at the next query: edits, new notes, renames", () => {
    const t = setup();
    expect(t.paths({ query: "kayak" })).toEqual([]);
    const r = t.ws.resolve("Team/Café.md");
    if (r.kind !== "document") throw new Error("fixture");
    contentsText(t.ws.getDoc(r.loc.docId)!).insert(0, "Kayak trip notes. ");
    expect(t.paths({ query: "kayak" })).toEqual(["Team/Café.md"]);
    callTool({ workspace: t.ws, sessions: new SessionStore(), sessionId: "w" }, "move", {
      file_path: "Team/Café.md",
      new_path: "Team/Trips/Kayak.md",
    });
    expect(t.paths({ query: "kayak" })).toEqual(["Team/Trips/Kayak.md"]);
    expect(rankedIndexOf(t.ws).stats()).toMatchObject({ documents: 6, pending: 0 });
  });

  it("indexes the first MAX_RANKED_CHARS of a note: a 1.5 MB note is not tokenized whole (issue 28)", () => {
    // Distinct words: the index's term count is the words it read.
    const words = Array.from({ length: 260_000 }, (_, i) => `w${i.toString(36)}`);
    const text = `# Long\n${words.join(" ")}\n`;
    expect(text.length).toBeGreaterThan(5 * MAX_RANKED_CHARS);
    const ws = workspaceFromTexts([{ name: "Team", files: { "Long.md": text } }]);
    const index = rankedIndexOf(ws);
    index.flush();
    const read = text.slice(0, MAX_RANKED_CHARS).split(/\s+/).length;
    expect(index.stats().terms).toBeLessThanOrEqual(read + 10);
    expect(index.stats().terms).toBeGreaterThan(read / 2);
  });

  it("flush stops a slice after the note that passes its character budget", () => {
    const big = `${"word ".repeat(40_000)}\n`;
    const ws = workspaceFromTexts([
      { name: "Team", files: { "A.md": big, "B.md": big, "C.md": big, "D.md": "small" } },
    ]);
    const index = rankedIndexOf(ws);
    expect(index.flush(200, 100_000)).toBe(3);
    expect(index.flush(200, 300_000)).toBe(1);
    expect(index.flush(200, 300_000)).toBe(0);
  });

  it("pages with offset and says when there is nothing more", () => {
    const t = setup();
    const all = t.paths({ query: "onboarding" });
    expect(t.paths({ query: "onboarding", offset: 1, limit: 1 })).toEqual([all[1]]);
    const r = rankedSearch(t.ws, "onboarding", { limit: 10, offset: 5 });
    expect(r && "total" in r ? r.total : undefined).toBe(3);
    expect(t.search({ query: "onboarding", offset: 5 }).text).toBe(
      "No more results (there are 3).",
    );
  });
});
