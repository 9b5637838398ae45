// read's layout is `cat -n`'s: the real cat prints the same bytes for the same text.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { readTool, Session, workspaceFromTexts } from "../src/index.js";
import { invokeTool } from "../src/tools/tool.js";

const dir = mkdtempSync(join(tmpdir(), "lens-read-cat-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function catN(text: string): string {
  const file = join(dir, "doc.md");
  writeFileSync(file, text, "utf8");
  const r = spawnSync("cat", ["-n", file], { encoding: "utf8" });
  if (r.status !== 0) throw new Error(r.stderr);
  // cat ends with the document's own final newline, if any; read prints lines joined by \n.
  return r.stdout.endsWith("\n") ? r.stdout.slice(0, -1) : r.stdout;
}

function read(text: string): string {
  const ws = workspaceFromTexts([{ name: "Lens", files: { "doc.md": text } }]);
  return invokeTool(readTool, ws, new Session("s"), { file_path: "Lens/doc.md" }).text;
}

describe("read equals cat -n", () => {
  it("on CRLF, non-ASCII, astral, blank lines, with and without a final newline", () => {
    for (const text of [
      "one\ntwo\n",
      "one\ntwo",
      "crlf\r\nline two\r\n",
      "café 日本語 π\n\n\nend",
      "emoji 😀 and 𝄞\n",
      "\ttabs\tinside\n",
    ]) {
      expect(read(text)).toBe(catN(text));
    }
  });

  it("on generated texts", () => {
    const line = fc.stringMatching(/^[a-zé😀 \t\r#*-]{0,40}$/u);
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 40 }), fc.boolean(), (lines, nl) => {
        const text = lines.join("\n") + (nl ? "\n" : "");
        fc.pre(text !== "");
        expect(read(text)).toBe(catN(text));
      }),
      { numRuns: 100 },
    );
  });
});
