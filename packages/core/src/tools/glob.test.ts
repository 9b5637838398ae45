// The glob tool: picomatch semantics over user-facing paths, scoping, order, bounds.
import { describe, expect, it } from "vitest";
import { workspaceFromTexts } from "../workspace/fromTexts.js";
import { GLOB_MAX_RESULTS, globListing, globTool } from "./glob.js";
import { Session } from "./session.js";
import { invokeTool } from "./tool.js";

function setup() {
  let clock = 1000;
  const ws = workspaceFromTexts(
    [
      {
        name: "Lens",
        files: {
          "Notes/Ideas.md": "i",
          "Notes/Plan 2026.md": "p",
          "Notes/a1.md": "a",
          "Notes/b2.md": "b",
          "Daily/2026-11-20.md": "d",
          "README.md": "r",
        },
      },
      { name: "Équipe Café", files: { "Réunions/Compte rendu.md": "c", "Index.md": "x" } },
    ],
    { now: () => clock },
  );
  const glob = (pattern: string, path?: string) =>
    invokeTool(
      globTool,
      ws,
      new Session("s"),
      path === undefined ? { pattern } : { pattern, path },
    );
  const touch = (path: string, t: number) => {
    clock = t;
    const loc = ws.paths.get(path)!;
    ws.contentText(loc.docId)!.insert(0, "x");
  };
  return { ws, glob, touch };
}

const lines = (t: string) => t.split("\n");

describe("glob", () => {
  it("matches **/*.md across folders, ties ordered by path", () => {
    const { glob } = setup();
    expect(lines(glob("**/*.md").text)).toEqual([
      "Lens/Daily/2026-11-20.md",
      "Lens/Notes/Ideas.md",
      "Lens/Notes/Plan 2026.md",
      "Lens/Notes/a1.md",
      "Lens/Notes/b2.md",
      "Lens/README.md",
      "Équipe Café/Index.md",
      "Équipe Café/Réunions/Compte rendu.md",
    ]);
  });

  it("supports brace sets, character classes and ?", () => {
    const { glob } = setup();
    expect(lines(glob("Lens/{Daily,Notes}/*2026*.md").text)).toEqual([
      "Lens/Daily/2026-11-20.md",
      "Lens/Notes/Plan 2026.md",
    ]);
    expect(lines(glob("Lens/Notes/[a-b]?.md").text)).toEqual([
      "Lens/Notes/a1.md",
      "Lens/Notes/b2.md",
    ]);
  });

  it("scopes to a folder or sub-folder, pattern relative to it, with spaces and accents", () => {
    const { glob } = setup();
    expect(lines(glob("*.md", "Lens/Notes").text)).toEqual([
      "Lens/Notes/Ideas.md",
      "Lens/Notes/Plan 2026.md",
      "Lens/Notes/a1.md",
      "Lens/Notes/b2.md",
    ]);
    expect(lines(glob("Réunions/*", "Équipe Café").text)).toEqual([
      "Équipe Café/Réunions/Compte rendu.md",
    ]);
    expect(lines(glob("**/Compte*", "E\u0301quipe Cafe\u0301").text)).toEqual([
      "Équipe Café/Réunions/Compte rendu.md",
    ]);
  });

  it("lists the most recently modified first", () => {
    const { glob, touch } = setup();
    touch("Lens/Notes/b2.md", 5000);
    touch("Lens/README.md", 6000);
    expect(lines(glob("Lens/**/*.md").text).slice(0, 3)).toEqual([
      "Lens/README.md",
      "Lens/Notes/b2.md",
      "Lens/Daily/2026-11-20.md",
    ]);
  });

  it("says No files found, with a hint for a pattern without a slash", () => {
    const { glob } = setup();
    expect(glob("**/*.canvas").text).toBe("No files found");
    expect(glob("*.md").text).toMatch(/^No files found.*"\*\*\/\*\.md"/);
  });

  it("refuses a pattern rg cannot parse instead of finding nothing", () => {
    const { glob } = setup();
    expect(glob("Lens/Notes/[a-")).toMatchObject({
      isError: true,
      code: "invalid_pattern",
      text: `Invalid glob pattern "Lens/Notes/[a-": unclosed character class; missing ']' (to match '[' write '[[]').`,
    });
    expect(glob("Lens/Notes/[[]*").text).toBe("No files found");
  });

  it("refuses unknown folders and documents given as path", () => {
    const { glob } = setup();
    expect(glob("*", "Nope")).toMatchObject({ isError: true });
    expect(glob("*", "Nope").text).toContain("Known folders: Lens, Équipe Café");
    expect(glob("*", "Lens/README.md").text).toMatch(/is a document, not a folder/);
  });

  it("bounds output with a truncation note", () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < GLOB_MAX_RESULTS + 20; i++) files[`n${String(i).padStart(3, "0")}.md`] = "";
    const ws = workspaceFromTexts([{ name: "Big", files }]);
    const out = lines(invokeTool(globTool, ws, new Session("s"), { pattern: "**" }).text);
    expect(out).toHaveLength(GLOB_MAX_RESULTS + 1);
    expect(out.at(-1)).toMatch(/truncated.*100 most recent of 120/);
  });

  it("lists another number of entries through globListing, rendered as the tool renders", () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < GLOB_MAX_RESULTS + 20; i++) files[`n${String(i).padStart(3, "0")}.md`] = "";
    const ws = workspaceFromTexts([{ name: "Big", files }]);
    const all = globListing(ws, { pattern: "**" }, undefined, 1000);
    if (!all.ok) throw new Error(all.error.message);
    expect(all.value).toMatchObject({ total: 120, truncated: false });
    expect(all.value.entries).toHaveLength(120);
    const tool = invokeTool(globTool, ws, new Session("s"), { pattern: "**" });
    expect(lines(globTool.renderText(all.value)).slice(0, 100)).toEqual(
      lines(tool.text).slice(0, 100),
    );
    const few = globListing(ws, { pattern: "**" }, undefined, 2);
    if (!few.ok) throw new Error(few.error.message);
    expect(globTool.renderText(few.value)).toMatch(/showing the 2 most recent of 120 paths/);
  });
});

describe("glob tag and where filters", () => {
  const ws = workspaceFromTexts([
    {
      name: "Team",
      files: {
        "Daily/Mon.md": "---\ntags: [daily, team/ops]\nstatus: open\n---\n# Mon\n",
        "Daily/Tue.md": "---\ntags: daily\nstatus: done\n---\n# Tue #urgent\n",
        "Notes/Idea.md": "An idea about #daily life.\n```\n#urgent\n```\n",
        "Notes/Bad.md": "---\ntags: [daily\n---\n#daily in the body\n",
        "image.png": "",
      },
    },
    { name: "Secret", files: { "Daily.md": "---\ntags: [daily]\nstatus: open\n---\n" } },
  ]);
  const glob = (args: Record<string, unknown>, reach?: Parameters<typeof globListing>[2]) => {
    const r = globListing(ws, globTool.input.parse({ pattern: "**", ...args }), reach);
    return r.ok ? r.value.entries.map((e) => e.path).sort() : r.error.message;
  };

  it("tag: notes with the tag in frontmatter or inline (outside code), nested ones too", () => {
    expect(glob({ tag: "daily", path: "Team" })).toEqual([
      "Team/Daily/Mon.md",
      "Team/Daily/Tue.md",
      "Team/Notes/Bad.md",
      "Team/Notes/Idea.md",
    ]);
    expect(glob({ tag: "#team" })).toEqual(["Team/Daily/Mon.md"]);
    expect(glob({ tag: "urgent" })).toEqual(["Team/Daily/Tue.md"]);
  });

  it("several tags and where keys must all match", () => {
    expect(glob({ tag: ["daily", "urgent"] })).toEqual(["Team/Daily/Tue.md"]);
    expect(glob({ where: { status: "open" } })).toEqual(["Secret/Daily.md", "Team/Daily/Mon.md"]);
    expect(glob({ tag: "daily", where: { Status: "DONE" } })).toEqual(["Team/Daily/Tue.md"]);
    expect(glob({ where: { tags: "team/ops" } })).toEqual(["Team/Daily/Mon.md"]);
  });

  it("stays within the caller's folders", () => {
    const reach = { all: false as const, folders: new Set(["Team"]) };
    expect(glob({ where: { status: "open" } }, reach)).toEqual(["Team/Daily/Mon.md"]);
  });

  it("says which filter found nothing, and refuses a tag Obsidian cannot hold", () => {
    const r = invokeTool(globTool, ws, new Session("s"), {
      pattern: "**",
      tag: "nothing",
      where: { status: "open" },
    });
    expect(r.text).toBe('No notes found with tag "nothing", status = "open" matching "**".');
    expect(glob({ tag: "two words" })).toMatch(/^Invalid tag "two words"/);
    expect(() => globTool.input.parse({ pattern: "**", tag: [] })).toThrow();
  });
});
