// The insert tool over a real Workspace: placement by heading, one authored suggestion, the
// read-first rule, and refusals that name what is wrong and change nothing.
import { describe, expect, it } from "vitest";
import * as Y from "yjs";
import { rejectSuggestions } from "../critic/review.js";
import { Workspace } from "../workspace/workspace.js";
import { editTool } from "./edit.js";
import { insertTool } from "./insert.js";
import { Session } from "./session.js";
import { invokeTool } from "./tool.js";

const RELAY = "11111111-2222-4333-8444-555555555555";
const FOLDER = "aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee";
const ENTRY = "01234567-89ab-4cde-8f01-23456789abcd";
const DOC_ID = `${RELAY}-${ENTRY}`;
const PATH = "Lens/Notes/A.md";

function setup(content: string) {
  const ws = new Workspace({ folderNames: { [FOLDER]: "Lens" }, now: () => 1_700_000_000_000 });
  const folder = new Y.Doc();
  folder.getMap("filemeta_v0").set("/Notes/A.md", { id: ENTRY, type: "markdown", version: 0 });
  ws.addFolder(`${RELAY}-${FOLDER}`, folder);
  const doc = new Y.Doc();
  doc.getText("contents").insert(0, content);
  ws.addContent(DOC_ID, doc);
  const reader = new Session("s1");
  reader.markRead(DOC_ID);
  const caller = { role: "suggest" as const, reach: { all: true as const }, author: "Claude" };
  const run = (args: Record<string, unknown>, s: Session = reader) =>
    invokeTool(insertTool, ws, s, insertTool.input.parse({ file_path: PATH, ...args }), caller);
  const raw = () => doc.getText("contents").toString();
  const ai = () => ws.view(DOC_ID)?.ai;
  return { ws, run, raw, ai, doc, reader };
}

const DAILY = "---\ntags: [daily]\n---\n# Day\n\n## Tasks\n- one\n- two\n\n## Notes\ntext\n";

describe("insert tool", () => {
  it("appends at the end of a heading's section, before the next heading, as one authored suggestion", () => {
    const { run, raw, ai } = setup(DAILY);
    const r = run({ heading: "Tasks", content: "- three", position: "end" });
    expect(r.isError, r.text).toBe(false);
    expect(ai()).toBe(DAILY.replace("- two\n", "- two\n- three\n"));
    expect(raw()).toMatch(
      /- two\n\{\+\+\{"author":"Claude","time":1700000000,[^}]*\}@@- three\n\+\+\}\n## Notes/,
    );
    expect(r.data).toMatchObject({ path: PATH, heading: "## Tasks", firstLine: 9, lines: 1 });
    // The answer shows the inserted line with context, numbered like read.
    expect(r.text).toContain("     9\t- three");
    expect(r.text).toContain("     8\t- two");
    expect(r.text).toContain("    11\t## Notes");
  });

  it("puts the start of the note after its frontmatter, and the start of a section under its heading", () => {
    const first = setup(DAILY);
    expect(first.run({ content: "Top", position: "start" }).isError).toBe(false);
    expect(first.ai()).toBe(DAILY.replace("---\n# Day", "---\nTop\n# Day"));
    const second = setup(DAILY);
    expect(second.run({ heading: "## Notes", content: "first", position: "start" }).isError).toBe(
      false,
    );
    expect(second.ai()).toBe(DAILY.replace("## Notes\n", "## Notes\nfirst\n"));
  });

  it("ends a section at the next heading of the same or higher level, not at a sub-heading", () => {
    const text = "# A\n## B\nb\n### C\nc\n## D\n";
    const { run, ai } = setup(text);
    expect(run({ heading: "B", content: "more" }).isError).toBe(false);
    expect(ai()).toBe("# A\n## B\nb\n### C\nc\nmore\n## D\n");
  });

  it("adds a line ending before the content when the note's last line has none", () => {
    const { run, ai } = setup("# A\nlast");
    expect(run({ content: "x\ny" }).isError).toBe(false);
    expect(ai()).toBe("# A\nlast\nx\ny");
  });

  it("rejecting the suggestion restores the note exactly", () => {
    const { run, raw, doc } = setup(DAILY);
    run({ heading: "Tasks", content: "- three\n- four\n" });
    expect(rejectSuggestions(doc.getText("contents"), "all")[0]?.status).toBe("applied");
    expect(raw()).toBe(DAILY);
  });

  it("refuses before a read with edit's message, changing nothing", () => {
    const { run, raw } = setup(DAILY);
    const r = run({ content: "x" }, new Session("fresh"));
    expect(r.code).toBe("not_read");
    expect(r.text).toMatch(/You have not read Lens\/Notes\/A\.md in this session\. Call read/);
    expect(r.text).toContain("retry this insert");
    expect(raw()).toBe(DAILY);
    // edit and insert say the same thing, each naming itself.
    const e = invokeTool(
      editTool,
      setup(DAILY).ws,
      new Session("fresh"),
      editTool.input.parse({ file_path: PATH, old_string: "one", new_string: "1" }),
    );
    expect(e.text.replace("retry this edit", "X").replace("read and edit", "Y")).toBe(
      r.text.replace("retry this insert", "X").replace("read and insert", "Y"),
    );
  });

  it("names the candidates of an ambiguous heading, with their lines", () => {
    const { run, raw } = setup("# A\n## Tasks\n### Tasks\n");
    const r = run({ heading: "Tasks", content: "x" });
    expect(r.code).toBe("not_unique");
    expect(r.text).toContain('"## Tasks" (line 2), "### Tasks" (line 3)');
    expect(raw()).toBe("# A\n## Tasks\n### Tasks\n");
    expect(run({ heading: "### Tasks", content: "x" }).isError).toBe(false);
  });

  it("lists nearby headings for a missing one", () => {
    const { run, raw } = setup(DAILY);
    const r = run({ heading: "tasks", content: "x" });
    expect(r.code).toBe("no_match");
    expect(r.text).toMatch(/no heading "tasks".*"## Tasks" \(line 6\)/s);
    expect(raw()).toBe(DAILY);
  });

  it("refuses CriticMarkup delimiters in content, and a place inside another's pending insertion", () => {
    const { run, raw } = setup(DAILY);
    expect(run({ content: "a {++b++}" }).text).toMatch(/delimiter "\{\+\+"/);
    expect(raw()).toBe(DAILY);
    const text = '# A\n{++{"author":"Eve"}@@one\ntwo\n\n++}# B\n';
    const other = setup(text);
    // The end of A's section (after "two") lies inside Eve's insertion; its start does not.
    const r = other.run({ heading: "A", content: "x", position: "end" });
    expect(r.text).toMatch(/\(line 2\) lies inside a pending suggestion by Eve/);
    expect(other.raw()).toBe(text);
    expect(other.run({ heading: "A", content: "x", position: "start" }).isError).toBe(false);
  });

  it("refuses where the content cannot stay a suggestion (inside an unclosed fence)", () => {
    const text = "# A\n```\ncode";
    const { run, raw } = setup(text);
    const r = run({ content: "x" });
    expect(r.isError).toBe(true);
    expect(r.text).toMatch(/cannot be written there as a suggestion/);
    expect(raw()).toBe(text);
  });

  it("inserts a fenced code block", () => {
    const { run, ai } = setup(DAILY);
    const r = run({ heading: "Notes", content: "```js\nlet x = 1;\n```" });
    expect(r.isError, r.text).toBe(false);
    expect(ai()).toBe(`${DAILY}\`\`\`js\nlet x = 1;\n\`\`\`\n`);
  });

  it("refuses empty or oversized content by its schema", () => {
    expect(() => insertTool.input.parse({ file_path: PATH, content: "" })).toThrow();
    expect(() =>
      insertTool.input.parse({ file_path: PATH, content: "x".repeat(200_001) }),
    ).toThrow();
  });
});
