// Undoing a review restores the text exactly (SPEC §4: accept / reject is a core operation; its
// undo is its inverse): for generated documents holding every form of CriticMarkup, with and
// without metadata, accepting or rejecting all or some suggestions and then undoing gives back
// the raw text byte for byte, and the same suggestions pending with the same ids.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { EVERYWHERE } from "../access/reach.js";
import { cleanDocument, richDocument } from "../critic/markupArbitraries.js";
import { listSuggestions } from "../critic/suggestions.js";
import { workspaceFromTexts } from "../workspace/fromTexts.js";
import { reviewSuggestions } from "./batchReview.js";
import { restoresOf, restoreText } from "./restores.js";
import { undoReview } from "./undo.js";

const PATH = "V/Note.md";

function reviewed(raw: string, action: "accept" | "reject", pick: (i: number) => boolean) {
  const ws = workspaceFromTexts([{ name: "V", files: { "Note.md": raw } }]);
  const text = () => ws.contentText(ws.paths.get(PATH)?.docId ?? "")?.toString();
  const ids = listSuggestions(raw)
    .map((s) => s.id)
    .filter((_, i) => pick(i));
  const r = reviewSuggestions(ws, EVERYWHERE, { action, path: PATH, ids });
  if (!r.ok) throw new Error(r.error.message);
  return { ws, text, review: r.value };
}

describe("restoresOf", () => {
  it("puts back whatever deleting runs took away", () => {
    fc.assert(
      fc.property(fc.string(), fc.infiniteStream(fc.boolean()), (before, keep) => {
        const after = [...before].filter(() => keep.next().value).join("");
        const restores = restoresOf(before, after);
        expect(restores).toBeDefined();
        expect(restoreText(after, restores!)).toBe(before);
        for (let i = 1; i < restores!.length; i++) {
          expect(restores![i]!.at).toBeGreaterThan(restores![i - 1]!.at);
        }
      }),
    );
  });
  it("has no inverse for a text that is not a subsequence", () => {
    expect(restoresOf("abc", "abd")).toBeUndefined();
    expect(restoresOf("", "a")).toBeUndefined();
    expect(restoresOf("abc", "abc")).toEqual([]);
  });
});

describe("undoReview: accept / reject then undo restores the text exactly", () => {
  for (const action of ["accept", "reject"] as const) {
    it(`${action} all, then undo`, () => {
      fc.assert(
        fc.property(fc.oneof(cleanDocument, richDocument), (raw) => {
          const pending = listSuggestions(raw);
          const { ws, text, review } = reviewed(raw, action, () => true);
          const doc = review.documents[0];
          if (!doc?.undo) {
            expect(review.applied).toBe(0);
            return;
          }
          const undone = undoReview(ws, EVERYWHERE, doc.undo);
          if (!undone.ok) throw new Error(undone.error.message);
          expect(text()).toBe(raw);
          const applied = new Set(doc.undo.ids);
          expect(undone.value.suggestions).toEqual(pending.filter((s) => applied.has(s.id)));
          expect(listSuggestions(text()!)).toEqual(pending);
        }),
      );
    });
    it(`${action} some, then undo`, () => {
      fc.assert(
        fc.property(cleanDocument, fc.infiniteStream(fc.boolean()), (raw, picks) => {
          const { ws, text, review } = reviewed(raw, action, () => picks.next().value);
          const undo = review.documents[0]?.undo;
          fc.pre(undo !== undefined);
          const undone = undoReview(ws, EVERYWHERE, undo!);
          expect(undone.ok).toBe(true);
          expect(text()).toBe(raw);
        }),
      );
    });
  }
});

describe("undoReview: refusals", () => {
  const RAW = 'Keep {--{"author":"ann","time":1700000000}@@this--}{++that++} here.\n';

  it("refuses once the text moved on, changing nothing", () => {
    const { ws, text, review } = reviewed(RAW, "accept", () => true);
    const docId = ws.paths.get(PATH)!.docId;
    ws.contentText(docId)!.insert(0, "Hi. ");
    const undone = undoReview(ws, EVERYWHERE, review.documents[0]!.undo!);
    expect(undone).toEqual({
      ok: false,
      error: {
        code: "stale",
        message: expect.stringContaining(`${PATH} changed since it was reviewed`),
        details: { path: PATH, docId },
      },
    });
    expect(text()).toBe("Hi. Keep that here.\n");
  });
  it("applies once: a second undo of the same review is refused", () => {
    const { ws, text, review } = reviewed(RAW, "reject", () => true);
    const undo = review.documents[0]!.undo!;
    expect(undoReview(ws, EVERYWHERE, undo).ok).toBe(true);
    expect(undoReview(ws, EVERYWHERE, undo)).toMatchObject({ ok: false, error: { code: "stale" } });
    expect(text()).toBe(RAW);
  });
  it("answers a note out of reach as gone", () => {
    const { ws, review } = reviewed(RAW, "accept", () => true);
    const undone = undoReview(
      ws,
      { all: false, folders: new Set(["Other"]) },
      review.documents[0]!.undo!,
    );
    expect(!undone.ok && undone.error.code).toBe("not_found");
  });
  it("follows a note that moved, its text unchanged", () => {
    const { ws, text, review } = reviewed(RAW, "accept", () => true);
    const loc = ws.paths.get(PATH)!;
    const folder = ws.folder(loc.folderDocId)!;
    folder.doc.transact(() => {
      const meta = folder.doc.getMap("filemeta_v0");
      const v = meta.get(loc.entryPath);
      meta.delete(loc.entryPath);
      meta.set("/Moved.md", v);
    });
    const undone = undoReview(ws, EVERYWHERE, review.documents[0]!.undo!);
    expect(undone.ok && undone.value.path).toBe("V/Moved.md");
    expect(ws.contentText(loc.docId)!.toString()).toBe(RAW);
    expect(text()).toBeUndefined();
  });
});

describe("undoReview: a rejected creation", () => {
  const CREATED = '{++{"author":"Claude","time":1700000000}@@# Maybe\n\nA new note.\n++}';

  it("puts the removed note back, under its path, with its one insertion pending", () => {
    const { ws, text, review } = reviewed(CREATED, "reject", () => true);
    expect(review.documents[0]?.removed).toBe(true);
    expect(ws.paths.get(PATH)).toBeUndefined();
    const undone = undoReview(ws, EVERYWHERE, review.documents[0]!.undo!);
    expect(undone.ok && undone.value.path).toBe(PATH);
    expect(text()).toBe(CREATED);
  });
  it("is refused when a note stands at that path again", () => {
    const { ws, review } = reviewed(CREATED, "reject", () => true);
    const undo = review.documents[0]!.undo!;
    const folder = ws.folder(undo.folderDocId)!;
    folder.doc.getMap("filemeta_v0").set(undo.entryPath, { ...undo.entry, id: "other" });
    const undone = undoReview(ws, EVERYWHERE, undo);
    expect(!undone.ok && undone.error.code).toBe("stale");
  });
});
