// The edit tool over a real Workspace: read-before-edit, suggestions written with attribution,
// errors as isError results that say what to do.
import { describe, expect, it } from "vitest";
import * as Y from "yjs";
import { MAX_REPLACEMENTS } from "../edit/outcome.js";
import { aiViewRenders } from "../workspace/viewCache.js";
import { Workspace } from "../workspace/workspace.js";
import { editTool } from "./edit.js";
import { Session } from "./session.js";
import { invokeTool } from "./tool.js";

const RELAY = "11111111-2222-4333-8444-555555555555";
const FOLDER = "aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee";
const ENTRY = "01234567-89ab-4cde-8f01-23456789abcd";
const DOC_ID = `${RELAY}-${ENTRY}`;

function setup(content: string, options: { author?: string } = {}) {
  const ws = new Workspace({
    folderNames: { [FOLDER]: "Lens" },
    now: () => 1_700_000_000_000,
    ...options,
  });
  const folder = new Y.Doc();
  folder.getMap("filemeta_v0").set("/Notes/A.md", { id: ENTRY, type: "markdown", version: 0 });
  ws.addFolder(`${RELAY}-${FOLDER}`, folder);
  const doc = new Y.Doc();
  doc.getText("contents").insert(0, content);
  ws.addContent(DOC_ID, doc);
  const reader = new Session("s1");
  reader.markRead(DOC_ID);
  const run = (args: Record<string, unknown>, s: Session = reader) =>
    invokeTool(editTool, ws, s, editTool.input.parse(args));
  const raw = () => doc.getText("contents").toString();
  return { ws, run, raw, doc };
}

describe("edit tool", () => {
  it("answers with the edited lines as read now shows them, so a doubled word is seen at once", () => {
    const { run } = setup("intro\n\n# Ideas inbox\n\nfirst\nsecond\nthird\nfourth\n");
    const r = run({
      file_path: "Lens/Notes/A.md",
      old_string: "# Ideas",
      new_string: "# Ideas inbox",
    });
    expect(r.isError).toBe(false);
    expect(r.text).toBe(
      [
        "Edited Lens/Notes/A.md: 1 replacement at line 3. The change is a suggestion ({--old--}{++new++}) that awaits human review; read already shows it as accepted:",
        "     1\tintro",
        "     2\t",
        "     3\t# Ideas inbox inbox",
        "     4\t",
        "     5\tfirst",
      ].join("\n"),
    );
    // A change over several lines shows them all; a deletion shows the line it left.
    const multi = run({
      file_path: "Lens/Notes/A.md",
      old_string: "second",
      new_string: "2nd\n2nd bis",
    });
    expect((multi.data as { excerpt: { line: number }[] }).excerpt.map((l) => l.line)).toEqual([
      4, 5, 6, 7, 8, 9,
    ]);
    const gone = run({ file_path: "Lens/Notes/A.md", old_string: "fourth", new_string: "" });
    expect((gone.data as { excerpt: { line: number; text: string }[] }).excerpt.at(-1)).toEqual({
      line: 9,
      text: "",
    });
  });

  it("refuses replace_all over more than MAX_REPLACEMENTS occurrences, writing nothing (issue 28: 350 000 held the loop 811 ms)", () => {
    const text = "alpha beta\n".repeat(MAX_REPLACEMENTS + 1);
    const { run, raw, ws, doc } = setup(text);
    expect(ws.view(DOC_ID)?.ai).toBe(text); // as the read before the edit left it
    let transactions = 0;
    doc.on("afterTransaction", () => transactions++);
    const renders = aiViewRenders();
    const r = run({
      file_path: "Lens/Notes/A.md",
      old_string: "beta",
      new_string: "gamma",
      replace_all: true,
    });
    expect(r.isError).toBe(true);
    expect(r.text).toMatch(/^No change made to Lens\/Notes\/A\.md\./);
    expect(r.text).toContain(`more than ${MAX_REPLACEMENTS} matches`);
    expect(r.text).toMatch(/Narrow old_string/);
    expect(raw()).toBe(text);
    // Counted on the view the read left, stopping past the bound: no transaction, no new view.
    expect(transactions).toBe(0);
    expect(aiViewRenders() - renders).toBe(0);
  });

  it("replaces exactly MAX_REPLACEMENTS occurrences with replace_all", () => {
    const { run, ws } = setup("alpha beta\n".repeat(MAX_REPLACEMENTS));
    const r = run({
      file_path: "Lens/Notes/A.md",
      old_string: "beta",
      new_string: "gamma",
      replace_all: true,
    });
    expect(r.isError).toBe(false);
    expect(ws.view(DOC_ID)?.ai).toBe("alpha gamma\n".repeat(MAX_REPLACEMENTS));
  });

  it("writes the change as a suggestion and says it awaits review", () => {
    const { run, raw, ws } = setup("say hello to all");
    const result = run({ file_path: "Lens/Notes/A.md", old_string: "hello", new_string: "world" });
    expect(result.isError).toBe(false);
    expect(result.text).toContain("Lens/Notes/A.md");
    expect(result.text).toContain("1 replacement at line 1");
    expect(result.text).toMatch(/awaits human review/);
    expect(raw()).toBe("say {--hello--}{++world++} to all");
    expect(ws.view(DOC_ID)?.ai).toBe("say world to all");
  });

  it("accepts the path without .md", () => {
    const { run } = setup("x");
    expect(run({ file_path: "Lens/Notes/A", old_string: "x", new_string: "y" }).isError).toBe(
      false,
    );
  });

  it("attributes the suggestion to the workspace author at the workspace clock", () => {
    const { run, raw } = setup("say hello", { author: "Claude" });
    run({ file_path: "Lens/Notes/A.md", old_string: "hello", new_string: "world" });
    const meta = '{"author":"Claude","time":1700000000,"timestamp":1700000000000}@@';
    expect(raw()).toBe(`say {--${meta}hello--}{++${meta}world++}`);
  });

  it("refuses a document the session has not read, naming the read call to make", () => {
    const { run, raw } = setup("say hello");
    const result = run(
      { file_path: "Lens/Notes/A", old_string: "hello", new_string: "world" },
      new Session("other"),
    );
    expect(result.isError).toBe(true);
    expect(result.text).toContain('Call read with file_path "Lens/Notes/A" first');
    expect(raw()).toBe("say hello");
  });

  it("reports replace_all counts", () => {
    const { run } = setup("a b a\nb a");
    const result = run({
      file_path: "Lens/Notes/A.md",
      old_string: "a",
      new_string: "c",
      replace_all: true,
    });
    expect(result.text).toContain("3 replacements, the first at line 1");
  });

  it("turns refusals into isError results that say what to do", () => {
    const { run } = setup("a a {>>note<<}");
    const notUnique = run({ file_path: "Lens/Notes/A.md", old_string: "a", new_string: "b" });
    expect(notUnique).toMatchObject({ isError: true });
    expect(notUnique.text).toContain("Found 2 matches of old_string");
    const missing = run({ file_path: "Lens/Notes/A.md", old_string: "zzz", new_string: "b" });
    expect(missing.text).toContain("not found");
    const same = run({ file_path: "Lens/Notes/A.md", old_string: "a", new_string: "a" });
    expect(same.text).toContain("identical");
    const note = run({ file_path: "Lens/Notes/A.md", old_string: "note", new_string: "x" });
    expect(note.text).toContain("comment");
    const markup = run({ file_path: "Lens/Notes/A.md", old_string: "a a", new_string: "{++b++}" });
    expect(markup.text).toContain("CriticMarkup");
  });

  it("refuses to change a human's pending suggestion, naming them, and keeps it", () => {
    // Written in Obsidian with the Commentator plugin: author and time in seconds.
    const ann = '{"author":"ann","time":1700000000}@@';
    const content = `Ship on {--${ann}Monday--}{++${ann}Friday++} at noon.`;
    const { run, raw } = setup(content, { author: "Claude" });
    const result = run({
      file_path: "Lens/Notes/A.md",
      old_string: "Friday at noon",
      new_string: "Friday at 3pm",
    });
    expect(result).toMatchObject({
      isError: true,
      code: "invalid_edit",
      error: { details: { reason: "others_suggestion", author: "ann", line: 1 } },
    });
    expect(result.text).toMatch(
      /^No change made to Lens\/Notes\/A\.md\. old_string overlaps a pending suggestion by ann on line 1 \(replace "Monday" with "Friday"\)\./,
    );
    expect(raw()).toBe(content);
    // Outside it, the edit is made beside it.
    expect(
      run({ file_path: "Lens/Notes/A.md", old_string: "noon", new_string: "3pm" }).isError,
    ).toBe(false);
    expect(raw()).toContain(`{--${ann}Monday--}{++${ann}Friday++} at {--`);
  });

  it("reports a path that does not exist", () => {
    const { run } = setup("x");
    const result = run({ file_path: "Lens/Nope.md", old_string: "x", new_string: "y" });
    expect(result.isError).toBe(true);
    expect(result.text).toContain("does not exist");
  });

  it("defaults replace_all to false in its schema", () => {
    expect(editTool.input.parse({ file_path: "a", old_string: "b", new_string: "c" })).toEqual({
      file_path: "a",
      old_string: "b",
      new_string: "c",
      replace_all: false,
    });
    expect(editTool.readOnly).toBe(false);
  });
});
