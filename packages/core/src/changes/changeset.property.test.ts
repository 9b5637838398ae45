// Changesets reviewed in any order, each accepted or rejected, with people writing into the notes
// in between: no link a changeset made is left dangling, no link that resolved stops resolving,
// and every suggested move is applied whole (note at its target, links rewritten) or not at all.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Caller } from "../access/caller.js";
import { EVERYWHERE } from "../access/reach.js";
import { backlinkIndexOf, startLinkUpkeep } from "../links/backlinks.js";
import { readChanges } from "../model/pendingChanges.js";
import { callTool } from "../registry/registry.js";
import { reviewUnits } from "../review/unitReview.js";
import { SessionStore } from "../tools/session.js";
import { workspaceFromTexts } from "../workspace/fromTexts.js";

const NOTES = ["Plan", "Idea", "Log", "Todo"];
const CLAUDE: Caller = { role: "suggest", reach: EVERYWHERE, author: "Claude" };

const member = fc.oneof(
  fc.record({
    kind: fc.constant("move" as const),
    note: fc.nat(NOTES.length - 1),
    dir: fc.constantFrom("", "A/", "B/C/"),
    name: fc.constantFrom("Moved", "Plan2", "Idea"),
  }),
  fc.record({ kind: fc.constant("link" as const), into: fc.nat(NOTES.length - 1) }),
);

const humanEdit = fc.record({ note: fc.nat(NOTES.length - 1), line: fc.nat(4) });

const scenario = fc.record({
  changesets: fc.array(fc.array(member, { minLength: 1, maxLength: 3 }), {
    minLength: 1,
    maxLength: 3,
  }),
  order: fc.array(fc.nat(), { minLength: 3, maxLength: 3 }),
  decisions: fc.array(fc.boolean(), { minLength: 3, maxLength: 3 }),
  edits: fc.array(humanEdit, { maxLength: 6 }),
});

describe("changesets reviewed in any order, with concurrent human edits", () => {
  it("leave no dangling link they made and no half-applied move", () => {
    fc.assert(
      fc.property(scenario, ({ changesets, order, decisions, edits }) => {
        const files: Record<string, string> = {};
        for (const [i, n] of NOTES.entries()) {
          files[`${n}.md`] = `# ${n}\nSee [[${NOTES[(i + 1) % NOTES.length]}]].\nEnd.\n`;
        }
        const ws = workspaceFromTexts([{ name: "V", files }]);
        startLinkUpkeep(ws);
        const sessions = new SessionStore();
        const call = (name: string, args: Record<string, unknown>) =>
          callTool({ workspace: ws, sessions, sessionId: "s", caller: CLAUDE }, name, args);
        const docOf = (n: string) => ws.paths.get(`V/${n}.md`)!.docId;
        const noteIds = NOTES.map(docOf);
        let made = 0;
        changesets.forEach((members, k) => {
          for (const m of members) {
            if (m.kind === "move") {
              const from = ws.paths.pathOf(noteIds[m.note]!)!;
              call("move", {
                file_path: from,
                new_path: `V/${m.dir}${m.name}`,
                changeset: `cs${k}`,
              });
            } else {
              // A new note and a link to it elsewhere: one changeset's two halves.
              const name = `New${made++}`;
              call("create", { file_path: `V/${name}.md`, content: "new", changeset: `cs${k}` });
              const into = ws.paths.pathOf(noteIds[m.into]!)!;
              call("read", { file_path: into });
              call("insert", {
                file_path: into,
                content: `Link [[${name}]].`,
                position: "end",
                changeset: `cs${k}`,
              });
            }
          }
        });
        const human = (i: number) => {
          const e = edits[i];
          if (!e) return;
          const text = ws.contentText(noteIds[e.note]!)!;
          const raw = text.toString();
          let at = 0;
          for (let l = 0; l < e.line; l++) {
            const nl = raw.indexOf("\n", at);
            if (nl === -1) break;
            at = nl + 1;
          }
          text.insert(at, "human ");
        };
        changesets.forEach((_, i) => {
          human(i * 2);
          const k = (order[i] ?? 0) % changesets.length;
          const action = decisions[i] ? "accept" : "reject";
          const r = reviewUnits(ws, EVERYWHERE, { action, changeset: `cs${k}` });
          if (!r.ok && r.error.code === "conflict") {
            // Refused whole (a target taken by an earlier move): then it is rejected.
            expect(reviewUnits(ws, EVERYWHERE, { action: "reject", changeset: `cs${k}` }).ok).toBe(
              true,
            );
          }
          human(i * 2 + 1);
        });
        // Whatever was not reviewed yet is rejected.
        changesets.forEach((_, k) => {
          reviewUnits(ws, EVERYWHERE, { action: "reject", changeset: `cs${k}` });
        });

        // Every move is applied whole or not at all.
        const folder = ws.folders()[0]!;
        for (const c of readChanges(folder.doc)) {
          const docId = noteIds.find((id) => id.endsWith(c.entry))!;
          const now = ws.paths.pathOf(docId);
          if (c.status === "accepted") expect(now).toBe(`V${c.to}`);
          else expect(now).toBe(`V${c.from}`);
        }
        // No link dangles: the notes' own links and every link a changeset wrote resolve.
        const index = backlinkIndexOf(ws);
        for (const id of ws.contentDocIds()) {
          if (ws.paths.pathOf(id) === undefined) continue;
          for (const { link, target } of index.forwardLinks(id)) {
            expect({ in: ws.paths.pathOf(id), link: link.raw, target: target?.docId }).toEqual(
              expect.objectContaining({ target: expect.any(String) }),
            );
          }
          // Nothing of a changeset is left pending.
          expect(ws.view(id)?.suggestions.filter((s) => s.changeset) ?? []).toEqual([]);
        }
      }),
      { numRuns: 60 },
    );
  });
});
