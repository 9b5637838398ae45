// The read tool: cat -n layout, paging, notes, suggestion footer, read tracking.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { workspaceFromTexts } from "../workspace/fromTexts.js";
import { readTool } from "./read.js";
import { Session } from "./session.js";
import { invokeTool } from "./tool.js";

function setup(files: Record<string, string>) {
  const ws = workspaceFromTexts([{ name: "Lens", files }]);
  const session = new Session("s");
  const read = (args: {
    file_path?: string;
    file_paths?: string[];
    offset?: number;
    limit?: number;
  }) => invokeTool(readTool, ws, session, args);
  return { ws, session, read };
}

/** What `cat -n` prints for a text (lines end at \n; \r stays in the line). */
function catN(text: string): string {
  if (text === "") return "";
  const lines = text.split("\n");
  if (text.endsWith("\n")) lines.pop();
  return lines.map((l, i) => `${String(i + 1).padStart(6)}\t${l}`).join("\n");
}

describe("read", () => {
  it("prints cat -n layout for LF, CRLF, non-ASCII and astral text, with or without final newline", () => {
    const samples = [
      "one\ntwo\nthree\n",
      "one\ntwo\nthree",
      "crlf line\r\nsecond\r\n",
      "café ünïcode 日本語\nπ ≈ 3.14\n",
      "emoji 😀 here\n𝄞 clef\n",
      "\n\nblank start\n",
    ];
    for (const text of samples) {
      const { read } = setup({ "Doc.md": text });
      const r = read({ file_path: "Lens/Doc.md" });
      expect(r.isError).toBe(false);
      expect(r.text).toBe(catN(text));
    }
  });

  it("matches cat -n for generated texts", () => {
    const line = fc.stringMatching(/^[a-zé😀 \t\r{}]{0,12}$/u);
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 30 }), fc.boolean(), (lines, nl) => {
        const text = lines.join("\n") + (nl ? "\n" : "");
        if (text === "" || text.includes("{")) return; // non-empty, CriticMarkup-free: AI view = raw
        const { read } = setup({ "Doc.md": text });
        expect(read({ file_path: "Lens/Doc.md" }).text).toBe(catN(text));
      }),
    );
  });

  it("pages with offset and limit, with a note on how to go on", () => {
    const text = Array.from({ length: 10 }, (_, i) => `line ${i + 1}`).join("\n");
    const { read } = setup({ "Doc.md": text });
    const r = read({ file_path: "Lens/Doc.md", offset: 3, limit: 2 });
    expect(r.text).toBe(
      "     3\tline 3\n     4\tline 4\n\n(Showing lines 3-4 of 10. To read on, call read with offset 5.)",
    );
    expect(read({ file_path: "Lens/Doc.md", offset: 0, limit: 1 }).text.split("\n")[0]).toBe(
      "     1\tline 1",
    );
    expect(read({ file_path: "Lens/Doc.md", offset: 9 }).text).toBe(
      "     9\tline 9\n    10\tline 10",
    );
  });

  it("says how many lines there are when offset is past the end", () => {
    const { read } = setup({ "Doc.md": "a\nb\n" });
    const r = read({ file_path: "Lens/Doc.md", offset: 3 });
    expect(r.text).toContain("has 2 lines");
    expect(r.text).toContain("offset 3 is past its end");
  });

  it("notes an empty document instead of content", () => {
    const { read } = setup({ "Empty.md": "" });
    const r = read({ file_path: "Lens/Empty.md" });
    expect(r.isError).toBe(false);
    expect(r.text).toMatch(/exists but is empty/);
  });

  it("bounds output: long lines are cut, and a very long document ends its page early", () => {
    const long = "x".repeat(5000);
    const { read } = setup({
      "Long.md": `${long}\nshort\n`,
      "Big.md": `${"y".repeat(1000)}\n`.repeat(500),
    });
    const r = read({ file_path: "Lens/Long.md" });
    expect(r.text.split("\n")[0]).toBe(`     1\t${"x".repeat(2000)}`);
    expect(r.text).toContain("Line 1 is 5000 characters long");
    const big = read({ file_path: "Lens/Big.md" });
    expect(big.text.length).toBeLessThan(110_000);
    expect(big.text).toMatch(
      /Showing lines 1-\d+ of 500\. To read on, call read with offset \d+\./,
    );
  });

  it("never cuts a long line inside a surrogate pair", () => {
    const { read } = setup({ "E.md": `${"a".repeat(1999)}😀tail` });
    const first = read({ file_path: "Lens/E.md" }).text.split("\n")[0]!;
    expect(first).toBe(`     1\t${"a".repeat(1999)}`);
  });

  it("shows the AI view and lists pending suggestions in a footer", () => {
    const { read } = setup({
      "S.md":
        'intro\nsay {--hello--}{++world++} to all\n{++new line++}\n{>>why?<<} kept\n{--{"author":"ana","time":1}@@gone--}\n',
    });
    const r = read({ file_path: "Lens/S.md" });
    const [body, footer] = r.text.split("\n\n");
    expect(body).toBe(
      "     1\tintro\n     2\tsay world to all\n     3\tnew line\n     4\t{>>why?<<} kept\n     5\t",
    );
    expect(footer).toContain("Pending suggestions awaiting human review: 3");
    expect(footer).toContain('line 2: replace "hello" with "world"');
    expect(footer).toContain('line 3: insert "new line"');
    expect(footer).toContain('line 5: delete "gone" (by ana)');
  });

  it("resolves paths without .md, NFD input and case differences, and records the read", () => {
    const { read, session, ws } = setup({ "Notes/Café Idea.md": "hi\n" });
    const loc = ws.paths.get("Lens/Notes/Café Idea.md")!;
    expect(session.hasRead(loc.docId)).toBe(false);
    expect(read({ file_path: "Lens/Notes/Cafe\u0301 Idea" }).text).toBe("     1\thi");
    expect(read({ file_path: "lens/notes/café idea.md" }).isError).toBe(false);
    expect(session.hasRead(loc.docId)).toBe(true);
  });

  it("gives clear errors for missing documents, folders and bad paths", () => {
    const { read } = setup({ "Notes/A.md": "a" });
    expect(read({ file_path: "Lens/Nope.md" })).toMatchObject({ isError: true });
    expect(read({ file_path: "Lens/Nope.md" }).text).toMatch(/does not exist.*glob/);
    expect(read({ file_path: "Lens/Notes" }).text).toMatch(/is a directory/);
    expect(read({ file_path: "/etc/passwd" }).text).toMatch(/absolute path/);
    expect(read({ file_path: "Lens/../x" }).text).toMatch(/\.\./);
  });
});

describe("read: properties and tags", () => {
  it("carries the note's frontmatter properties and tags in its typed result", () => {
    const { read } = setup({
      "Day.md": "---\ntags: [daily]\nstatus: open\n---\n# Day\nA #standup note.\n",
    });
    const r = read({ file_path: "Lens/Day.md", offset: 5 });
    expect(r.data).toMatchObject({
      properties: { tags: ["daily"], status: "open" },
      tags: ["daily", "standup"],
    });
    expect(r.text).not.toContain("Properties left out");
  });

  it("reads a note with broken YAML, leaving properties out with a note", () => {
    const text = "---\ntitle: [unclosed\n---\nbody #x\n";
    const { read } = setup({ "Bad.md": text });
    const r = read({ file_path: "Lens/Bad.md" });
    expect(r.isError).toBe(false);
    expect(r.data).not.toHaveProperty("properties");
    expect(r.data).toMatchObject({
      tags: ["x"],
      propertiesProblem: expect.stringMatching(/not valid YAML/),
    });
    expect(r.text).toContain("(Properties left out: its frontmatter is not valid YAML");
    expect(r.text).toContain("     4\tbody #x");
  });
});

describe("read: several notes (file_paths)", () => {
  it("returns each note, marks each read, and shares one output bound", () => {
    const long = `${"x".repeat(1000)}\n`.repeat(200);
    const { read, session, ws } = setup({ "A.md": "alpha\n", "B.md": long });
    const r = read({ file_paths: ["Lens/A.md", "Lens/Missing.md", "Lens/B.md", "Lens/A.md"] });
    expect(r.isError).toBe(false);
    const docs = (
      r.data as { documents: { path: string; error?: string; lines?: { end: number } }[] }
    ).documents;
    expect(docs.map((d) => d.path)).toEqual(["Lens/A.md", "Lens/Missing.md", "Lens/B.md"]);
    expect(docs[1]?.error).toMatch(/^File does not exist: Lens\/Missing\.md/);
    // B gets a third of the bound: about 33 lines of 1 000 characters, with a note to read on.
    expect(docs[2]?.lines?.end).toBe(33);
    expect(r.text).toMatch(
      /^==> Lens\/A\.md <==\n {5}1\talpha\n\n==> Lens\/Missing\.md <==\nFile does not exist/,
    );
    expect(r.text).toContain("To read on, call read with offset 34.");
    expect(r.text.length).toBeLessThan(110_000);
    for (const p of ["Lens/A.md", "Lens/B.md"])
      expect(session.hasRead(ws.paths.get(p)!.docId)).toBe(true);
  });

  it("takes exactly one of file_path and file_paths, and at most 20 notes", () => {
    const { read } = setup({ "A.md": "a\n" });
    expect(read({}).text).toBe(
      "Invalid arguments for read: give exactly one of file_path (one note) or file_paths (several notes).",
    );
    expect(read({ file_path: "Lens/A.md", file_paths: ["Lens/A.md"] }).isError).toBe(true);
    expect(() => readTool.input.parse({ file_paths: Array(21).fill("Lens/A.md") })).toThrow();
  });
});
