// Ranked search finds the obvious note (issue 35): stems on both sides, the name and aliases
// above the text, a word in every note weighing little even in a name, and snippets from the
// body, never the frontmatter.
import { describe, expect, it } from "vitest";
import { renameEntry } from "../src/model/folderDoc.js";
import { rankedIndexOf } from "../src/ranked/rankedIndex.js";
import { rankedSearch, rankingWords } from "../src/ranked/search.js";
import { snippetsOf } from "../src/ranked/snippets.js";
import { queryStem, stem } from "../src/ranked/stems.js";
import { workspaceFromTexts } from "../src/workspace/fromTexts.js";

const SYNC_NOTES = Array.from(
  { length: 6 },
  (_, i) => `Sync runs every minute. Sync status ${i} is shown; sync logs are kept. Sync again.`,
);

function vault() {
  return workspaceFromTexts([
    {
      name: "Docs",
      files: {
        "Conflict handling.md": `---\ntags: [adr, sync]\n---\n# Conflict handling\n\n${"Two devices edit the same line; the merge keeps both. ".repeat(30)}\n`,
        "Sync log.md": `# Sync log\n\nWe saw conflicts once.\n${SYNC_NOTES.join("\n")}`,
        ...Object.fromEntries(SYNC_NOTES.map((t, i) => [`Notes/Day ${i}.md`, t])),
        "Aliases.md": "---\naliases: [Second name]\n---\nAnother name for a page.",
        "Note composer.md": "Merge one page into another.",
        "Pages.md": "A page can hold a nickname, a note says.",
        "Meeting.md": "Notes of the meeting: the note taker writes notes.",
      },
    },
  ]);
}

const paths = (ws: ReturnType<typeof vault>, query: string) => {
  const r = rankedSearch(ws, query, { limit: 10, offset: 0 });
  return r && "hits" in r ? r.hits.map((h) => h.path) : [];
};

describe("ranked search relevance", () => {
  it("stems the query as the index: conflicts, handled and handling find Conflict handling", () => {
    expect(rankingWords(["conflicts", "handled", "the"])).toEqual([
      stem("conflict"),
      stem("handling"),
    ]);
    const ws = vault();
    const index = rankedIndexOf(ws);
    index.flush();
    // The index holds the stem, not the word as written.
    expect(index.mini.search("conflict", { prefix: false, fuzzy: false }).length).toBe(2);
    expect(index.mini.search("conflicts", { prefix: false, fuzzy: false }).length).toBe(0);
    for (const q of ["conflicts", "handled conflicts", "Conflict Handling"]) {
      expect(paths(ws, q)[0], q).toBe("Docs/Conflict handling.md");
    }
  });

  it("ranks the note named for the words above a short note about them", () => {
    const ws = vault();
    // "sync" is all over the Sync log and the day notes; Conflict handling has it as a tag.
    expect(paths(ws, "sync conflicts")[0]).toBe("Docs/Conflict handling.md");
  });

  it("finds a note by its alias, and a word of every note weighs little in a name", () => {
    const ws = vault();
    expect(paths(ws, "second name")[0]).toBe("Docs/Aliases.md");
    // "note" is in a name (Note composer) but also in many texts: the page about a nickname wins.
    expect(paths(ws, "a nickname for a note")[0]).toBe("Docs/Pages.md");
  });

  it("takes snippets from the body, never from the frontmatter", () => {
    const ws = vault();
    const r = rankedSearch(ws, "sync adr", { limit: 10, offset: 0 });
    const hit =
      r && "hits" in r ? r.hits.find((h) => h.path === "Docs/Conflict handling.md") : undefined;
    expect(hit).toBeDefined();
    for (const s of hit!.snippets) expect(s.text).not.toMatch(/^tags:/);
    // Only the frontmatter holds the word: no snippet at all.
    expect(snippetsOf("---\ntags: [adr, sync]\n---\n# Title\nbody text", ["sync", "adr"])).toEqual(
      [],
    );
    // A body line is found by its stem, the word marked whole; the frontmatter's is not.
    expect(snippetsOf("---\ntags: [sync]\n---\nThe devices synced.", [stem("syncs")])).toEqual([
      { line: 4, text: "The devices synced.", marks: [[12, 18]] },
    ]);
  });

  it("finds a word whose typo kept the stemmer from cutting it", () => {
    // "plnning" has no vowel before -ing, so Porter leaves it; "pln" is one typo from "plan".
    expect(queryStem("plnning", () => false)).toBe("pln");
    expect(queryStem("thing", (t) => t === "thing")).toBe("thing");
    expect(queryStem("handling", () => false)).toBe(stem("handled"));
    const ws = workspaceFromTexts([
      {
        name: "V",
        files: {
          "Planning.md": "How we decide what comes next.",
          "Other.md": "Nothing about it.",
        },
      },
    ]);
    expect(paths(ws as ReturnType<typeof vault>, "plnning")[0]).toBe("V/Planning.md");
  });

  it("follows a rename: the new name counts, the old one no longer", () => {
    const ws = vault();
    const score = (query: string, path: string) => {
      const r = rankedSearch(ws, query, { limit: 10, offset: 0 });
      return r && "hits" in r ? r.hits.find((h) => h.path === path)?.score : undefined;
    };
    const before = score("conflicts", "Docs/Conflict handling.md") as number;
    renameEntry(ws.folders()[0]!.doc, "/Conflict handling.md", "/Merge rules.md");
    // Its heading still says "Conflict handling": found, but without the name's bonus.
    expect(score("conflicts", "Docs/Merge rules.md")).toBeLessThan(before / 2);
    expect(paths(ws, "merge rules")[0]).toBe("Docs/Merge rules.md");
  });
});
