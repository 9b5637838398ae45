// applyEdit with concurrent peers: the edit reads the text inside its own transaction, so a
// remote change that lands first never makes it wrap the wrong text; peers converge.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import * as Y from "yjs";
import { aiView, baseView } from "../critic/views.js";
import { applyEdit } from "./applyEdit.js";

/** Two docs kept in sync by exchanging updates only when `sync` is called. */
function peers(initial: string) {
  const a = new Y.Doc();
  const b = new Y.Doc();
  a.getText("contents").insert(0, initial);
  Y.applyUpdate(b, Y.encodeStateAsUpdate(a));
  const sync = () => {
    Y.applyUpdate(b, Y.encodeStateAsUpdate(a, Y.encodeStateVector(b)));
    Y.applyUpdate(a, Y.encodeStateAsUpdate(b, Y.encodeStateVector(a)));
  };
  return { a: a.getText("contents"), b: b.getText("contents"), sync };
}

describe("applyEdit under concurrency", () => {
  it("re-reads the text: a remote insertion before the target does not shift the edit", () => {
    const { a, b, sync } = peers("say hello to all");
    // The assistant read the document and located "hello" at offset 4...
    const seenAt = aiView(a.toString()).indexOf("hello");
    expect(seenAt).toBe(4);
    // ...then a human typed on the other peer and the update arrived before the edit.
    b.insert(0, "Please ");
    sync();
    const outcome = applyEdit(a, { oldString: "hello", newString: "world" });
    expect(outcome).toMatchObject({ ok: true });
    expect(a.toString()).toBe("Please say {--hello--}{++world++} to all");
    sync();
    expect(b.toString()).toBe(a.toString());
  });

  it("re-reads the text: a remote change that makes old_string ambiguous is refused", () => {
    const { a, b, sync } = peers("say hello");
    b.insert(0, "hello, ");
    sync();
    expect(applyEdit(a, { oldString: "hello", newString: "hi" })).toMatchObject({
      ok: false,
      code: "not_unique",
      count: 2,
    });
  });

  it("runs inside one transaction even when the document changes in between calls", () => {
    const { a, b, sync } = peers("one two three");
    const updates: Uint8Array[] = [];
    a.doc!.on("update", (u: Uint8Array) => updates.push(u));
    b.insert(b.length, " four");
    sync();
    updates.length = 0;
    applyEdit(a, { oldString: "two", newString: "2" });
    expect(updates).toHaveLength(1);
    const replay = new Y.Doc();
    Y.applyUpdate(replay, Y.encodeStateAsUpdate(b.doc!));
    Y.applyUpdate(replay, updates[0]!);
    expect(replay.getText("contents").toString()).toBe("one {--two--}{++2++} three four");
  });

  it("converges with concurrent human typing; the base never loses agreed text", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(fc.constantFrom("ai", "human"), fc.nat(), fc.constantFrom("x", "yz", "\n")),
          { maxLength: 12 },
        ),
        (steps) => {
          const { a, b, sync } = peers("alpha beta gamma delta");
          for (const [who, n, s] of steps) {
            if (who === "human") {
              b.insert(n % (b.length + 1), s);
            } else {
              const ai = aiView(a.toString());
              const word = ai.split(/\s+/).filter(Boolean)[n % 4];
              if (word) {
                const before = baseView(a.toString());
                const outcome = applyEdit(a, { oldString: word, newString: `${word}!` });
                if (outcome.ok) expect(baseView(a.toString())).toBe(before);
              }
            }
            if (n % 3 === 0) sync();
          }
          sync();
          expect(a.toString()).toBe(b.toString());
        },
      ),
      { numRuns: 200 },
    );
  });
});
