// Dormant content docs: held as their text until something needs the Y.Doc. Reading, grep and
// links never make one; changing the text or syncing does, once; a source that changed or
// broke meanwhile is reported, never papered over; one that cannot be read right now leaves the
// doc dormant and intact, and what needed it fails, changing nothing, until a later try.
import { describe, expect, it } from "vitest";
import * as Y from "yjs";
import { EVERYWHERE } from "../access/reach.js";
import { backlinkIndexOf, startLinkUpkeep } from "../links/backlinks.js";
import { contentsText } from "../model/contentDoc.js";
import { setEntry } from "../model/folderDoc.js";
import { type CallContext, callTool } from "../registry/registry.js";
import { reviewSuggestions } from "../review/batchReview.js";
import { utf8Bytes } from "../text/utf8.js";
import { SessionStore } from "../tools/session.js";
import type { WorkspaceEvent } from "./events.js";
import { isWakeDeferred, WakeDeferredError } from "./wakeDeferred.js";
import { Workspace } from "./workspace.js";

const RELAY = "00000000-0000-4000-8000-00000000aaaa";
const FOLDER = `${RELAY}-00000000-0000-4000-8000-00000000ffff`;
const uuid = (n: number) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, "0")}`;
const docId = (n: number) => `${RELAY}-${uuid(n)}`;

/**
 * A workspace with folder "Lens" holding dormant notes; the waker counts its calls, and throws
 * a WakeDeferredError with the cause in `busy` for an id found there.
 */
function dormantWorkspace(texts: Record<string, string>, source = new Map<string, string>()) {
  const ws = new Workspace();
  startLinkUpkeep(ws);
  const folder = new Y.Doc();
  folder.getMap("folder_config").set("name", "Lens");
  const woken: string[] = [];
  const busy = new Map<string, string>();
  const wake = (id: string) => {
    woken.push(id);
    const cause = busy.get(id);
    if (cause !== undefined) throw new WakeDeferredError(id, cause);
    const text = source.get(id);
    if (text === undefined) throw new Error("the source is gone");
    const doc = new Y.Doc();
    contentsText(doc).insert(0, text);
    return doc;
  };
  let n = 1;
  for (const [path, text] of Object.entries(texts)) {
    setEntry(folder, `/${path}`, { id: uuid(n), type: "markdown", version: 0 });
    if (!source.has(docId(n))) source.set(docId(n), text);
    ws.addDormantContent(docId(n), text, wake);
    n++;
  }
  ws.addFolder(FOLDER, folder);
  return { ws, woken, source, busy };
}

const call = (ctx: CallContext, name: string, args: Record<string, unknown>) =>
  callTool(ctx, name, args);
const contextOf = (ws: Workspace): CallContext => ({
  workspace: ws,
  sessions: new SessionStore(),
  sessionId: "test",
});

describe("dormant content docs", () => {
  it("serve reads, grep, glob, ranked search and links from their text without making a Y.Doc", () => {
    const { ws, woken } = dormantWorkspace({
      "A.md": "alpha links [[B]]\nsecond line\n",
      "B.md": "beta {++added++} text\n",
    });
    const session = contextOf(ws);
    expect(ws.hasContent(docId(1))).toBe(true);
    expect(ws.hasDoc(docId(1))).toBe(true);
    expect(ws.resolve("Lens/A.md")).toMatchObject({ kind: "document", loaded: true });
    expect(call(session, "read", { file_path: "Lens/A.md" }).text).toContain(
      "     1\talpha links [[B]]",
    );
    expect(call(session, "grep", { pattern: "added", output_mode: "content" }).text).toBe(
      "Lens/B.md:1:beta added text",
    );
    expect(call(session, "glob", { pattern: "**/*.md" }).text.split("\n").sort()).toEqual([
      "Lens/A.md",
      "Lens/B.md",
    ]);
    // Ranked search builds its index from the same texts.
    const found = call(session, "search", { query: "beta text" });
    expect(found.isError, found.text).toBe(false);
    expect(found.text).toContain("Lens/B.md");
    expect(
      backlinkIndexOf(ws)
        .forwardLinks(docId(1))
        .map((l) => l.target?.docId),
    ).toEqual([docId(2)]);
    expect(woken).toEqual([]);
    expect(ws.dormantCount).toBe(2);
    expect([...ws.contentDocIds()].sort()).toEqual([docId(1), docId(2)]);
    expect(ws.awakeDoc(docId(1))).toBeUndefined();
  });

  it("holds a dormant note as its UTF-8 bytes and gives back exactly its text", () => {
    const texts = {
      "Bom.md": "\uFEFFstarts with a byte order mark\n",
      "Emoji.md": "café — 🚀 {++new++} end\r\n",
      "Half.md": "a lone \ud83d surrogate\n",
    };
    const { ws, woken, source } = dormantWorkspace(texts);
    Object.values(texts).forEach((text, i) => {
      const view = ws.view(docId(i + 1))!;
      expect(view.raw).toBe(text);
      // UTF-8 cannot carry a lone surrogate: that one text is kept as the string it is.
      expect(typeof view.kept).toBe(text.includes("\ud83d ") ? "string" : "object");
    });
    expect(ws.view(docId(2))!.ai).toBe("café — 🚀 new end\r\n");
    // Bytes given are kept as they are, and the same text given either way reads the same.
    const bytes = utf8Bytes("given as bytes ✓\n");
    ws.addDormantContent(docId(9), bytes, () => new Y.Doc());
    expect(ws.view(docId(9))!.kept).toBe(bytes);
    expect(ws.view(docId(9))!.raw).toBe("given as bytes ✓\n");
    // Waking compares the file's text with the bytes: the same text is no change.
    const events: WorkspaceEvent[] = [];
    ws.on((e) => events.push(e));
    expect(ws.contentText(docId(1))!.toString()).toBe(source.get(docId(1)));
    expect(woken).toEqual([docId(1)]);
    expect(events).toEqual([]);
  });

  it("wakes a doc once, on an edit, and follows its changes from then on", () => {
    const { ws, woken } = dormantWorkspace({ "A.md": "one two\n", "B.md": "untouched\n" });
    const session = contextOf(ws);
    call(session, "read", { file_path: "Lens/A.md" });
    const events: WorkspaceEvent[] = [];
    ws.on((e) => events.push(e));
    const r = call(session, "edit", {
      file_path: "Lens/A.md",
      old_string: "two",
      new_string: "three",
    });
    expect(r.isError).toBeFalsy();
    expect(woken).toEqual([docId(1)]);
    expect(ws.isDormant(docId(1))).toBe(false);
    expect(ws.isDormant(docId(2))).toBe(true);
    const doc = ws.getDoc(docId(1))!;
    expect(ws.getDoc(docId(1))).toBe(doc);
    expect(ws.awakeDoc(docId(1))).toBe(doc);
    expect(contentsText(doc).toString()).toBe("one {--two--}{++three++}\n");
    expect(ws.view(docId(1))!.raw).toBe("one {--two--}{++three++}\n");
    // The edit's change was heard; waking alone (same text) was not a change.
    expect(events.filter((e) => e.type === "content")).toHaveLength(1);
    expect(events.some((e) => e.type === "doc")).toBe(false);
    expect(woken).toEqual([docId(1)]);
  });

  it("reports a source that changed while the doc slept as a content change", () => {
    const source = new Map([[docId(1), "changed on disk\n"]]);
    const { ws } = dormantWorkspace({ "A.md": "as loaded\n" }, source);
    expect(ws.view(docId(1))!.raw).toBe("as loaded\n");
    const events: WorkspaceEvent[] = [];
    ws.on((e) => events.push(e));
    expect(ws.contentText(docId(1))!.toString()).toBe("changed on disk\n");
    expect(events).toEqual([{ type: "content", docId: docId(1), origin: undefined, local: false }]);
    expect(ws.view(docId(1))!.raw).toBe("changed on disk\n");
  });

  it("drops a doc whose source broke, marked unavailable with why, and wakes it no more", () => {
    const { ws, woken, source } = dormantWorkspace({ "A.md": "text\n" });
    source.delete(docId(1));
    const events: WorkspaceEvent[] = [];
    ws.on((e) => events.push(e));
    expect(ws.getDoc(docId(1))).toBeUndefined();
    expect(events).toEqual([{ type: "doc", docId: docId(1), action: "removed" }]);
    expect(ws.hasContent(docId(1))).toBe(false);
    expect(ws.unavailableReason(docId(1))).toMatch(/could not be loaded again: the source is gone/);
    expect(ws.contentText(docId(1))).toBeUndefined();
    expect(woken).toEqual([docId(1)]);
    const read = call(contextOf(ws), "read", { file_path: "Lens/A.md" });
    expect(read.isError).toBe(true);
    expect(read.text).toMatch(/the source is gone/);
  });

  it("lists every content doc once while docs wake during the walk", () => {
    const { ws } = dormantWorkspace({ "A.md": "a\n", "B.md": "b\n", "C.md": "c\n" });
    const extra = new Y.Doc();
    ws.addContent(docId(9), extra);
    const seen: string[] = [];
    for (const id of ws.contentDocIds()) {
      seen.push(id);
      ws.getDoc(docId(3));
      ws.getDoc(docId(1));
    }
    expect(seen.sort()).toEqual([docId(1), docId(2), docId(3), docId(9)].sort());
    expect(ws.docCount).toBe(5);
  });

  it("puts an awake doc back to sleep with its text, silently, and wakes it again", () => {
    const { ws, woken, source } = dormantWorkspace({ "A.md": "one\n" });
    const text = ws.contentText(docId(1))!;
    text.insert(0, "zero ");
    source.set(docId(1), text.toString());
    const events: WorkspaceEvent[] = [];
    ws.on((e) => events.push(e));
    const again: string[] = [];
    const wake = (id: string) => {
      again.push(id);
      const doc = new Y.Doc();
      contentsText(doc).insert(0, source.get(id)!);
      return doc;
    };
    const awake = ws.view(docId(1))!;
    expect(awake.ai).toBe("zero one\n");
    expect(typeof awake.kept).toBe("string");
    expect(ws.sleep(docId(1), wake)).toBe(true);
    expect(ws.isDormant(docId(1))).toBe(true);
    expect(ws.view(docId(1))!.raw).toBe("zero one\n");
    // Asleep, it is its UTF-8 bytes again, not the string the awake doc's view held: in the
    // same view, so whoever kept it (the links index does) lets go of the string too.
    expect(ws.view(docId(1))).toBe(awake);
    expect(awake.kept).toBeInstanceOf(Uint8Array);
    expect(awake.ai).toBe("zero one\n");
    // The old Y.Text is no longer followed.
    text.insert(0, "ignored ");
    expect(events).toEqual([]);
    expect(ws.sleep(docId(1), wake)).toBe(false);
    expect(ws.contentText(docId(1))!.toString()).toBe("zero one\n");
    expect(again).toEqual([docId(1)]);
    expect(woken).toEqual([docId(1)]);
    expect(events).toEqual([]);
    expect(ws.sleep(FOLDER, wake)).toBe(false);
    expect(ws.sleep(docId(7), wake)).toBe(false);
  });

  it("keeps awake a Y.Doc held under two ids", () => {
    const ws = new Workspace();
    const doc = new Y.Doc();
    contentsText(doc).insert(0, "shared");
    ws.addContent(docId(1), doc);
    ws.addContent(docId(2), doc);
    expect(ws.sleep(docId(1), () => new Y.Doc())).toBe(false);
    expect(ws.awakeDoc(docId(1))).toBe(doc);
  });

  it("removes a dormant doc like any other, without waking it", () => {
    const { ws, woken } = dormantWorkspace({ "A.md": "a\n" });
    const events: WorkspaceEvent[] = [];
    ws.on((e) => events.push(e));
    ws.removeDoc(docId(1));
    expect(events).toEqual([{ type: "doc", docId: docId(1), action: "removed" }]);
    expect(ws.hasDoc(docId(1))).toBe(false);
    expect(ws.view(docId(1))).toBeUndefined();
    expect(woken).toEqual([]);
  });
});

describe("dormant content docs whose source cannot be read right now", () => {
  const EMFILE = "could not read a.ysweet right now (EMFILE: too many open files)";

  /** What the workspace shows of `id`: text, held, dormant, unavailable. */
  const state = (ws: Workspace, id: string) => ({
    raw: ws.view(id)?.raw,
    held: ws.hasContent(id),
    dormant: ws.isDormant(id),
    unavailable: ws.unavailableReason(id),
  });

  it("stay dormant and intact: getDoc and contentText throw the retryable error, then wake", () => {
    const { ws, woken, busy } = dormantWorkspace({ "A.md": "alpha text\n" });
    busy.set(docId(1), EMFILE);
    const events: WorkspaceEvent[] = [];
    ws.on((e) => events.push(e));
    const before = state(ws, docId(1));
    let thrown: unknown;
    try {
      ws.getDoc(docId(1));
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(WakeDeferredError);
    expect(isWakeDeferred(thrown)).toBe(true);
    expect(thrown).toMatchObject({ docId: docId(1), retryable: true, message: EMFILE });
    expect(() => ws.contentText(docId(1))).toThrow(EMFILE);
    expect(state(ws, docId(1))).toEqual(before);
    expect(before).toEqual({
      raw: "alpha text\n",
      held: true,
      dormant: true,
      unavailable: undefined,
    });
    expect(events).toEqual([]);
    // Reading and grep still use the text.
    const ctx = contextOf(ws);
    expect(call(ctx, "read", { file_path: "Lens/A.md" }).text).toContain("alpha text");
    expect(call(ctx, "grep", { pattern: "alpha" }).text).toBe("Lens/A.md");
    // Once the cause is gone, the next try wakes it.
    busy.clear();
    expect(contentsText(ws.getDoc(docId(1))!).toString()).toBe("alpha text\n");
    expect(ws.isDormant(docId(1))).toBe(false);
    expect(events).toEqual([]);
    expect(woken).toEqual([docId(1), docId(1), docId(1)]);
  });

  it("refuse an edit as busy, saying why, with nothing changed; the retry lands", () => {
    const { ws, busy } = dormantWorkspace({ "A.md": "one two\n" });
    const ctx = contextOf(ws);
    call(ctx, "read", { file_path: "Lens/A.md" });
    busy.set(docId(1), EMFILE);
    const events: WorkspaceEvent[] = [];
    ws.on((e) => events.push(e));
    const args = { file_path: "Lens/A.md", old_string: "two", new_string: "three" };
    const r = call(ctx, "edit", args);
    expect(r.isError).toBe(true);
    expect(r.code).toBe("busy");
    expect(r.text).toBe(
      `Lens/A.md cannot be changed right now: ${EMFILE}. Nothing was changed; try again.`,
    );
    expect(r.error?.details).toEqual({ path: "Lens/A.md", docId: docId(1), retryable: true });
    expect(ws.view(docId(1))!.raw).toBe("one two\n");
    expect(ws.isDormant(docId(1))).toBe(true);
    expect(events).toEqual([]);
    busy.clear();
    expect(call(ctx, "edit", args).isError).toBeFalsy();
    expect(ws.view(docId(1))!.raw).toBe("one {--two--}{++three++}\n");
  });

  it("refuse a review as busy before any document changes", () => {
    const texts = { "A.md": "a {++x++}\n", "B.md": "b {--y--}\n" };
    const { ws, busy } = dormantWorkspace(texts);
    busy.set(docId(2), EMFILE);
    const r = reviewSuggestions(ws, EVERYWHERE, { action: "accept" });
    expect(r.ok).toBe(false);
    expect(!r.ok && r.error).toMatchObject({
      code: "busy",
      message: `Lens/B.md cannot be changed right now: ${EMFILE}. Nothing was changed; try again.`,
    });
    // A.md comes first and could be woken: it is not changed either.
    expect([ws.view(docId(1))!.raw, ws.view(docId(2))!.raw]).toEqual(Object.values(texts));
    busy.clear();
    const again = reviewSuggestions(ws, EVERYWHERE, { action: "accept" });
    expect(again.ok && again.value.applied).toBe(2);
    expect([ws.view(docId(1))!.raw, ws.view(docId(2))!.raw]).toEqual(["a x\n", "b \n"]);
  });

  it("refuse a move whose links would need rewriting in such a note, nothing moved", () => {
    const { ws, busy } = dormantWorkspace({ "A.md": "see [[B]]\n", "B.md": "bee\n" });
    busy.set(docId(1), EMFILE);
    const ctx = contextOf(ws);
    const r = call(ctx, "move", { file_path: "Lens/B.md", new_path: "Lens/Sub/C.md" });
    expect(r.isError).toBe(true);
    expect(r.code).toBe("busy");
    expect(r.text).toBe(
      `Lens/B.md was not moved: the links in Lens/A.md cannot be changed right now: ${EMFILE}. Nothing was changed; try again.`,
    );
    expect(ws.resolve("Lens/B.md").kind).toBe("document");
    expect(ws.paths.isDirectory("Lens/Sub")).toBe(false);
    expect(ws.view(docId(1))!.raw).toBe("see [[B]]\n");
    busy.clear();
    expect(call(ctx, "move", { file_path: "Lens/B.md", new_path: "Lens/Sub/C.md" }).text).toMatch(
      /^Moved Lens\/B.md to Lens\/Sub\/C.md/,
    );
    expect(ws.view(docId(1))!.raw).toMatch(/\{--\[\[B\]\]--\}\{\+\+\[\[C\]\]\+\+\}/);
  });
});
