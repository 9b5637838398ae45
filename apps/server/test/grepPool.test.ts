// The grep pool sends the worker what changed, never the same thing twice: the document list of
// a path and reach once for every search over it and every page of them, kept while texts
// change; any change of paths or documents, even one made while a search runs, sends it again. Answers equal the grep tool's
// run in this thread. Counts work (lists and documents sent), never time.
import {
  callTool,
  type GrepPage,
  type GrepPlan,
  grepPlan,
  grepTool,
  SessionStore,
  type ToolResult,
  type Workspace,
  workspaceFromTexts,
} from "@lens/core";
import { createLens, OWNER_ACTOR } from "@lens/service";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { GrepPool } from "../src/search/grepPool.js";
import { eventually, requireBuiltCli } from "./helpers.js";

beforeAll(requireBuiltCli);

const COUNT = 30;

function workspace(): Workspace {
  const files: Record<string, string> = {};
  for (let i = 0; i < COUNT; i++) {
    const lines = Array.from(
      { length: 8 },
      (_, l) => `line ${l} of ${i}${l % 3 ? " kestrel" : ""}`,
    );
    files[`${i % 2 ? "Sub/" : ""}Note ${String(i).padStart(2, "0")}.md`] = `${lines.join("\n")}\n`;
  }
  return workspaceFromTexts([{ name: "Notes", files }]);
}

/** A grep call through the service with the pool as its grep port, as `lens serve` runs it. */
function throughPool(ws: Workspace, p: GrepPool, args: Record<string, unknown>) {
  const lens = createLens(ws, { grep: (plan) => p.grep(plan) });
  return lens.call(OWNER_ACTOR, { transport: "pool" }, "grep", args) as Promise<
    ToolResult<GrepPage>
  >;
}

describe("the grep pool", () => {
  let pool: GrepPool | undefined;
  afterEach(async () => {
    await pool?.close();
    pool = undefined;
  });

  function setup() {
    const ws = workspace();
    const p = new GrepPool(ws);
    pool = p;
    const ctx = { workspace: ws, sessions: new SessionStore(), sessionId: "pool" };
    /** The call through the pool, checked against the same call run in this thread. */
    const grep = async (args: Record<string, unknown>) => {
      const there = await throughPool(ws, p, args);
      expect(there).toEqual(callTool(ctx, "grep", args));
      return there;
    };
    return { ws, pool: p, ctx, grep };
  }

  it("sends a path's document list once: other searches and their pages go without it", async () => {
    const { pool, grep } = setup();
    await grep({ pattern: "kestrel", output_mode: "count" });
    expect([pool.listsSent, pool.docsSent]).toEqual([1, COUNT]);
    await grep({ pattern: "line [0-4]", "-i": true, glob: "Sub/**" });
    // Every page of a long answer.
    let offset = 0;
    let pages = 0;
    for (;;) {
      const r = await grep({ pattern: "kestrel", output_mode: "content", head_limit: 9, offset });
      pages++;
      const next = r.data?.nextOffset ?? null;
      if (next === null) break;
      offset = next;
    }
    expect(pages).toBeGreaterThan(15);
    expect([pool.listsSent, pool.docsSent]).toEqual([1, COUNT]);
    // Another path is another list (of its documents only).
    await grep({ pattern: "kestrel", path: "Notes/Sub" });
    expect([pool.listsSent, pool.docsSent]).toEqual([2, COUNT + COUNT / 2]);
    await grep({ pattern: "line 7", path: "Notes/Sub", output_mode: "content" });
    expect(pool.listsSent).toBe(2);
  });

  it("warm() sends every note's text and the whole list ahead: the first search sends neither", async () => {
    const { pool, ctx, grep } = setup();
    await pool.warm();
    expect([pool.textsSent, pool.listsSent, pool.docsSent]).toEqual([COUNT, 1, COUNT]);
    await grep({ pattern: "kestrel", output_mode: "count" });
    expect([pool.textsSent, pool.listsSent]).toEqual([COUNT, 1]);
    // A change after the warm-up is sent with the next search, alone.
    expect(callTool(ctx, "read", { file_path: "Notes/Note 02.md" }).isError).toBe(false);
    const edited = callTool(ctx, "edit", {
      file_path: "Notes/Note 02.md",
      old_string: "line 0 of 2",
      new_string: "line 0 of 2 falcon",
    });
    expect(edited.isError).toBe(false);
    expect((await grep({ pattern: "falcon" })).text).toBe("Notes/Note 02.md");
    expect(pool.textsSent).toBe(COUNT + 1);
    // The edit changed a text, not a path: the list kept serves on.
    expect(pool.listsSent).toBe(1);
  });

  it("a warm-up the pool's close overtakes starts no worker", async () => {
    const { pool } = setup();
    const warming = pool.warm();
    await pool.close();
    await warming;
    // A worker started would have been sent every text.
    expect(pool.textsSent).toBe(0);
  });

  it("sends the list again after a change of paths, and the search sees the change", async () => {
    const { pool, ctx, grep } = setup();
    await grep({ pattern: "kestrel" });
    // A rename changes no text: only the list can tell the worker.
    const moved = callTool(ctx, "move", {
      file_path: "Notes/Note 04.md",
      new_path: "Notes/Renamed.md",
    });
    expect(moved.isError).toBe(false);
    const r = await grep({ pattern: "of 4 kestrel" });
    expect(r.text).toBe("Notes/Renamed.md");
    expect(pool.listsSent).toBe(2);
    await grep({ pattern: "of 6 kestrel" });
    expect(pool.listsSent).toBe(2);
  });

  it("numbers and folds a changed text anew: the worker's kept copies follow the text", async () => {
    const { ws, grep } = setup();
    const args = { pattern: "KESTREL", "-i": true, output_mode: "content", head_limit: 0 };
    await grep(args);
    const docId = ws.paths.get("Notes/Note 02.md")!.docId;
    // New lines before the matches (line numbers move) and a long s (ſ) that -i matches as s.
    ws.contentText(docId)!.insert(0, "new first line\nke\u017Ftrel here\n\n");
    const r = await grep(args);
    expect(r.text).toContain("Notes/Note 02.md:2:ke\u017Ftrel here");
    expect(r.text).toContain("Notes/Note 02.md:5:line 1 of 2 kestrel");
  });

  it("answers a paging client's next page from the page the worker pushed; a change drops it", async () => {
    const { ws, pool, grep } = setup();
    const paging = { pattern: "kestrel", output_mode: "content", head_limit: 7 };
    /** Pages from `offset` on, each checked against the tool run in this thread. */
    const pageOn = async (offset: number, pages: number) => {
      for (let i = 0; i < pages; i++) {
        const r = await grep({ ...paging, offset });
        offset = r.data?.nextOffset ?? Number.NaN;
      }
      return offset;
    };
    // The second page is asked of the worker, which then searches the third ahead and pushes
    // it: from the third on, each page is answered here and the worker searches the next one.
    let offset = await pageOn(0, 5);
    expect(pool.answeredPushed).toBe(3);
    // A text changes under the client once the next page is pushed, and again while the one
    // after it is searched: either page is of the old text and is let go. (A line before
    // every entry of the pages to come: each of them moves by one.)
    const first = ws.paths.get("Notes/Note 00.md")!.docId;
    await eventually(() => pool.pushedOffset === offset);
    ws.contentText(first)!.insert(0, "kestrel first\n");
    offset = await pageOn(offset, 1);
    expect(pool.answeredPushed).toBe(3);
    offset = await pageOn(offset, 1);
    expect(pool.answeredPushed).toBe(3);
    ws.contentText(first)!.insert(0, "kestrel before\n");
    offset = await pageOn(offset, 1);
    expect(pool.answeredPushed).toBe(3);
    // The page after it is asked of the worker again, which pushes the next.
    await pageOn(offset, 2);
    expect(pool.answeredPushed).toBe(4);
  });

  it("keeps nothing a search learnt while the workspace changed under it", async () => {
    const { ws, pool, ctx, grep } = setup();
    const args = grepTool.input.parse({ pattern: "of 8 kestrel" });
    const plan = grepPlan(ws, args);
    if (!plan.ok) throw new Error(plan.error.message);
    // The list is made, then a rename lands before the worker answers.
    const before = plan.value.docs;
    const racing: GrepPlan = {
      ...plan.value,
      get docs() {
        callTool(ctx, "move", { file_path: "Notes/Note 08.md", new_path: "Notes/Late.md" });
        return before;
      },
    };
    const first = await pool.grep(racing);
    expect(first.ok && first.value.entries).toEqual([{ kind: "file", path: "Notes/Note 08.md" }]);
    // The next search over the same documents is sent the new list, not the one above.
    const r = await grep({ pattern: "of 8 kestrel" });
    expect(r.text).toBe("Notes/Late.md");
    expect(pool.listsSent).toBe(2);
  });

  it("a page searched ahead that runs long on one line never costs the next search its answer", async () => {
    // Page 3 of this search starts with C.md, whose 300 000-character line costs seconds to
    // match (a match cannot be interrupted): the worker searches it ahead after page 2.
    const ws = workspaceFromTexts([
      {
        name: "Notes",
        files: {
          "A.md": "kestrel\n",
          "B.md": "kestrel\n",
          "C.md": `kestrel\n${"w".repeat(300_000)}\nend\n`,
          "D.md": "a note about plugins\n",
        },
      },
    ]);
    const p = new GrepPool(ws, { timeLimitMs: 1000, graceMs: 500 });
    pool = p;
    const ctx = { workspace: ws, sessions: new SessionStore(), sessionId: "pool" };
    const grep = async (args: Record<string, unknown>) => {
      const there = await throughPool(ws, p, args);
      // The same text as the tool here (whose time limit is core's, not the pool's).
      expect(there.text).toBe(callTool(ctx, "grep", args).text);
      return there;
    };
    const paging = { pattern: "kestrel|\\w{1000}\\s", output_mode: "content", head_limit: 1 };
    await grep(paging);
    const second = await grep({ ...paging, offset: 1 });
    expect(second.data?.nextOffset).toBe(2);
    // Another client's search, cheap, sent while the worker is stuck in the page ahead: it is
    // answered (by a new worker), not ended as a time-out of its own.
    const other = await grep({ pattern: "plugins" });
    expect(other.text).toBe("Notes/D.md");
    expect(p.terminations).toBe(1);
  }, 30_000);
});
