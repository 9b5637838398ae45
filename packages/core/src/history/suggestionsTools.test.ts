// The loop closed for assistants, in core: a reason stored with each suggestion and shown by
// read; the history's statuses (pending, accepted, rejected with a reply, withdrawn, conflicted)
// through the suggestions tool; withdraw taking back only the caller's own suggestions.
import { describe, expect, it } from "vitest";
import { EVERYWHERE } from "../access/reach.js";
import { listSuggestions } from "../critic/suggestions.js";
import { checkToolCall } from "../registry/registry.js";
import { reviewSuggestions } from "../review/batchReview.js";
import { SessionStore } from "../tools/session.js";
import { invokeTool } from "../tools/tool.js";
import { workspaceFromTexts } from "../workspace/fromTexts.js";
import { MAX_EARLY_RESOLUTIONS, SuggestionHistory } from "./suggestionHistory.js";
import { writtenSuggestion } from "./suggestionRecord.js";
import { suggestionsWritten } from "./written.js";

const CLAUDE = { role: "suggest", reach: EVERYWHERE, author: "Claude" } as const;
const ANN = { role: "suggest", reach: EVERYWHERE, author: "ann" } as const;
const NOTE = "Team/Notes.md";

function setup() {
  let clock = 1_700_000_000_000;
  const ws = workspaceFromTexts(
    [{ name: "Team", files: { "Notes.md": "Ship on Monday.\nTea at four.\nBring cake.\n" } }],
    { now: () => clock },
  );
  const history = new SuggestionHistory();
  const sessions = new SessionStore();
  const docId = ws.paths.get(NOTE)!.docId;
  /** A call as the service makes it: the suggestions it wrote go into the history. */
  const call = (
    caller: typeof CLAUDE | typeof ANN,
    name: string,
    args: Record<string, unknown>,
  ) => {
    clock += 1000;
    const from = ws.now();
    const checked = checkToolCall(name, args);
    const result = invokeTool(
      checked.tool,
      ws,
      sessions.forCall(caller.author, undefined),
      checked.args as never,
      caller,
      { history },
    );
    for (const w of suggestionsWritten(ws, [docId], caller.author, from, ws.now(), (d, i) =>
      history.knows(d, i),
    ))
      history.written(w, ws.now());
    return result;
  };
  const raw = () => ws.contentText(docId)!.toString();
  return { ws, history, call, docId, raw, tick: () => (clock += 1000) };
}

describe("reasons", () => {
  it("are stored with each suggestion and shown in read's footer", () => {
    const { call, raw } = setup();
    call(CLAUDE, "read", { file_path: NOTE });
    const edit = call(CLAUDE, "edit", {
      file_path: NOTE,
      old_string: "Monday",
      new_string: "Friday",
      reason: "The launch moved.",
    });
    expect(edit.isError).toBe(false);
    expect(raw()).toMatch(
      /\{\+\+\{[^}]*\}@@Friday\+\+\}\{>>\{"author":"Claude"[^}]*\}@@The launch moved\.<<\}/,
    );
    const read = call(CLAUDE, "read", { file_path: NOTE });
    expect(read.text).toContain("     1\tShip on Friday.");
    expect(read.text).toContain('reason: "The launch moved."');
    expect(listSuggestions(raw())[0]!.reason).toBe("The launch moved.");
  });

  it("refuse a reason with a line break or CriticMarkup, changing nothing", () => {
    const { call, raw } = setup();
    call(CLAUDE, "read", { file_path: NOTE });
    const before = raw();
    for (const reason of ["two\nlines", "a {>>note<<}"]) {
      const r = call(CLAUDE, "edit", {
        file_path: NOTE,
        old_string: "Monday",
        new_string: "Friday",
        reason,
      });
      expect(r.isError).toBe(true);
      expect(r.text).toMatch(/reason/);
    }
    expect(raw()).toBe(before);
  });

  it("go with insert, create and move too", () => {
    const { call, ws } = setup();
    call(CLAUDE, "read", { file_path: NOTE });
    expect(
      call(CLAUDE, "insert", { file_path: NOTE, content: "- milk", reason: "Asked for." }).isError,
    ).toBe(false);
    expect(
      call(CLAUDE, "create", { file_path: "Team/New.md", content: "Hi", reason: "A stub." })
        .isError,
    ).toBe(false);
    const created = ws.contentText(ws.paths.get("Team/New.md")!.docId)!.toString();
    expect(listSuggestions(created)[0]!.reason).toBe("A stub.");
    // A rejected creation still removes the note, reason and all.
    const rejected = reviewSuggestions(ws, EVERYWHERE, { action: "reject", path: "Team/New.md" });
    expect(rejected.ok && rejected.value.documents[0]!.removed).toBe(true);
  });
});

describe("suggestions and withdraw", () => {
  it("list the caller's suggestions with their status, reviewer and reply", () => {
    const { call, history, ws, docId, raw } = setup();
    call(CLAUDE, "read", { file_path: NOTE });
    call(CLAUDE, "edit", {
      file_path: NOTE,
      old_string: "Monday",
      new_string: "Friday",
      reason: "Moved.",
    });
    call(CLAUDE, "edit", { file_path: NOTE, old_string: "four", new_string: "five" });
    call(CLAUDE, "edit", { file_path: NOTE, old_string: "cake", new_string: "pie" });
    const [friday, five, pie] = listSuggestions(raw());
    const review = (action: "accept" | "reject", id: string, reply?: string) => {
      const r = reviewSuggestions(ws, EVERYWHERE, { action, path: NOTE, ids: [id] });
      if (!r.ok) throw new Error(r.error.message);
      history.resolved({
        action,
        id,
        doc: docId,
        outcome: "applied",
        who: "Bo",
        at: ws.now(),
        ...(reply ? { reply } : {}),
      });
    };
    review("accept", friday!.id);
    review("reject", five!.id, "Tea stays at four.");
    const listed = call(CLAUDE, "suggestions", {});
    expect(listed.isError).toBe(false);
    const data = listed.data as {
      suggestions: {
        status: string;
        newText: string;
        reviewer?: string;
        reply?: string;
        reason?: string;
      }[];
    };
    expect(data.suggestions.map((s) => [s.newText, s.status])).toEqual([
      ["pie", "pending"],
      ["five", "rejected"],
      ["Friday", "accepted"],
    ]);
    expect(data.suggestions[1]).toMatchObject({ reviewer: "Bo", reply: "Tea stays at four." });
    expect(data.suggestions[2]!.reason).toBe("Moved.");
    expect(listed.text).toContain("rejected by Bo");
    expect(listed.text).toContain('reply: "Tea stays at four."');
    // Filters and pages.
    const rejected = call(CLAUDE, "suggestions", { status: ["rejected"] }).data as {
      suggestions: unknown[];
    };
    expect(rejected.suggestions).toHaveLength(1);
    const first = call(CLAUDE, "suggestions", { limit: 2 }).data as {
      suggestions: unknown[];
      nextCursor: string;
    };
    expect(first.suggestions).toHaveLength(2);
    const second = call(CLAUDE, "suggestions", { limit: 2, cursor: first.nextCursor }).data as {
      suggestions: { newText: string }[];
      nextCursor?: string;
    };
    expect(second.suggestions.map((s) => s.newText)).toEqual(["Friday"]);
    expect(second.nextCursor).toBeUndefined();
    // Another author has none; with a path, everyone's there.
    expect((call(ANN, "suggestions", {}).data as { suggestions: unknown[] }).suggestions).toEqual(
      [],
    );
    expect(
      (call(ANN, "suggestions", { path: "Team" }).data as { suggestions: unknown[] }).suggestions,
    ).toHaveLength(3);
    void pie;
  });

  it("withdraw leaves the text as rejecting would, and refuses another author's", () => {
    const { call, raw, ws, history } = setup();
    call(CLAUDE, "read", { file_path: NOTE });
    call(ANN, "read", { file_path: NOTE });
    call(CLAUDE, "edit", {
      file_path: NOTE,
      old_string: "Monday",
      new_string: "Friday",
      reason: "Moved.",
    });
    call(ANN, "edit", { file_path: NOTE, old_string: "cake", new_string: "pie" });
    const [mine, hers] = listSuggestions(raw());
    const before = raw();
    const refused = call(CLAUDE, "withdraw", { ids: [mine!.id, hers!.id] });
    expect(refused.isError).toBe(true);
    expect(refused.text).toMatch(/by ann, not you/);
    expect(raw()).toBe(before);
    // What rejecting would give.
    const rejecting = workspaceFromTexts([{ name: "Team", files: { "Notes.md": before } }]);
    reviewSuggestions(rejecting, EVERYWHERE, { action: "reject", path: NOTE, ids: [mine!.id] });
    const expected = rejecting.contentText(rejecting.paths.get(NOTE)!.docId)!.toString();
    const done = call(CLAUDE, "withdraw", { ids: [mine!.id] });
    expect(done.isError).toBe(false);
    expect(raw()).toBe(expected);
    expect(raw()).toContain("Ship on Monday.");
    const w = (done.data as { withdrawn: { id: string; docId: string; key: string }[] })
      .withdrawn[0]!;
    history.resolved({
      action: "withdraw",
      id: w.id,
      doc: w.docId,
      key: w.key,
      outcome: "applied",
      who: "Claude",
      at: ws.now(),
    });
    const listed = call(CLAUDE, "suggestions", {}).data as { suggestions: { status: string }[] };
    expect(listed.suggestions.map((s) => s.status)).toEqual(["withdrawn"]);
    // Unknown ids are refused too.
    expect(call(CLAUDE, "withdraw", { ids: ["nope-0"] }).text).toMatch(
      /not one of your pending suggestions/,
    );
  });

  it("joins a review to its record by what it says when its id changed, and calls a suggestion gone without one conflicted", () => {
    const { call, history, ws, docId, raw } = setup();
    call(CLAUDE, "read", { file_path: NOTE });
    call(CLAUDE, "edit", { file_path: NOTE, old_string: "Ship on", new_string: "Launch on" });
    call(CLAUDE, "edit", { file_path: NOTE, old_string: "Monday", new_string: "Friday" });
    // Rejecting the first changes the text next to the second on its line: its id changes.
    const [first, second] = listSuggestions(raw());
    reviewSuggestions(ws, EVERYWHERE, { action: "reject", path: NOTE, ids: [first!.id] });
    // As the service records it: the id and what it said (the first's id changed already, when
    // the second edit changed the text after it on its line).
    const key = (s: typeof first) => writtenSuggestion(s!, docId, NOTE).key;
    history.resolved({
      action: "reject",
      id: first!.id,
      doc: docId,
      key: key(first),
      outcome: "applied",
      who: "Bo",
      at: ws.now(),
    });
    const now = listSuggestions(raw())[0]!;
    expect(now.id).not.toBe(second!.id);
    const pending = call(CLAUDE, "suggestions", {}).data as { suggestions: { status: string }[] };
    expect(pending.suggestions.map((s) => s.status)).toEqual(["pending", "rejected"]);
    reviewSuggestions(ws, EVERYWHERE, { action: "accept", path: NOTE, ids: [now.id] });
    history.resolved({
      action: "accept",
      id: now.id,
      doc: docId,
      key: key(now),
      outcome: "applied",
      who: "Bo",
      at: ws.now(),
    });
    const done = call(CLAUDE, "suggestions", {}).data as { suggestions: { status: string }[] };
    expect(done.suggestions.map((s) => s.status)).toEqual(["accepted", "rejected"]);
    // A suggestion that leaves the text without a recorded review is conflicted.
    call(CLAUDE, "read", { file_path: NOTE });
    call(CLAUDE, "edit", { file_path: NOTE, old_string: "cake", new_string: "pie" });
    ws.contentText(docId)!.delete(0, raw().length);
    const gone = call(CLAUDE, "suggestions", { status: ["conflicted"] }).data as {
      suggestions: { newText: string }[];
    };
    expect(gone.suggestions.map((s) => s.newText)).toEqual(["pie"]);
  });
});

describe("the history's order", () => {
  it("joins a review that came before its suggestion's record (a cluster's audit entries cross)", () => {
    const { call, ws, docId, raw } = setup();
    call(CLAUDE, "read", { file_path: NOTE });
    call(CLAUDE, "edit", { file_path: NOTE, old_string: "Monday", new_string: "Friday" });
    call(CLAUDE, "edit", { file_path: NOTE, old_string: "four", new_string: "five" });
    const [friday, five] = listSuggestions(raw());
    // Another process's history: the reviews reach it before the records of the writes.
    const other = new SuggestionHistory();
    const records = [friday!, five!].map((s) => writtenSuggestion(s, docId, NOTE));
    const at = ws.now();
    other.resolved({
      action: "accept",
      id: friday!.id,
      doc: docId,
      outcome: "applied",
      who: "Bo",
      at: at + 5,
      reply: "Good.",
    });
    // A review of a suggestion no tool wrote, long ago, joins nothing that comes later.
    other.resolved({
      action: "reject",
      id: "unrelated",
      doc: docId,
      key: records[1]!.key,
      outcome: "applied",
      who: "Bo",
      at: at - 3_600_000,
    });
    for (const w of records) other.written(w, at);
    const listed = other.list(ws, EVERYWHERE, { limit: 10 }).items;
    expect(listed.map((i) => [i.written.newText, i.status, i.resolution?.reply])).toEqual([
      ["five", "pending", undefined],
      ["Friday", "accepted", "Good."],
    ]);
  });

  it("keeps only the newest waiting reviews", () => {
    const { call, ws, docId, raw } = setup();
    call(CLAUDE, "read", { file_path: NOTE });
    call(CLAUDE, "edit", { file_path: NOTE, old_string: "Monday", new_string: "Friday" });
    const [friday] = listSuggestions(raw());
    const other = new SuggestionHistory();
    const at = ws.now();
    const review = (id: string, doc: string) =>
      other.resolved({ action: "accept", id, doc, outcome: "applied", who: "Bo", at });
    review(friday!.id, docId);
    // As many reviews of suggestions in other notes as are kept: the first one goes.
    for (let i = 0; i < MAX_EARLY_RESOLUTIONS; i++) review(`s${i}`, `doc-${i}`);
    other.written(writtenSuggestion(friday!, docId, NOTE), at);
    expect(other.list(ws, EVERYWHERE, { limit: 10 }).items.map((i) => i.status)).toEqual([
      "pending",
    ]);
  });
});
