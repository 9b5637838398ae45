// create and move under generated workspaces and operation sequences: after every move each
// link that resolved still resolves to the same note (rewritten links included), a create only
// ever makes unresolved links resolve, and backlinks_v0 always equals a fresh rebuild.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import * as Y from "yjs";
import { backlinkIndexOf, startLinkUpkeep } from "../links/backlinks.js";
import { buildWorkspace } from "../links/links.test-helpers.js";
import { readBacklinks } from "../model/folderDoc.js";
import { callTool } from "../registry/registry.js";
import { Workspace } from "../workspace/workspace.js";
import { SessionStore } from "./session.js";

const NAMES = ["Plan", "Idea", "Log", "Todo", "New1", "New2", "New3"];
const DIRS = ["", "A/", "A/B/", "C/"];

const linkText = fc
  .tuple(
    fc.constantFrom(...NAMES),
    fc.constantFrom("", "A/", "A/B/", "C/", "Team/", "Team/A/"),
    fc.constantFrom("", "#Top", "|alias", "#Top|alias"),
    fc.boolean(),
  )
  .map(([name, dir, tail, embed]) => `${embed ? "!" : ""}[[${dir}${name}${tail}]]`);

const noteText = fc.array(fc.oneof(linkText, fc.constantFrom("text", "\n", " ", "`[[Plan]]`")), {
  maxLength: 8,
});

const op = fc.oneof(
  fc.record({
    kind: fc.constant("create" as const),
    dir: fc.constantFrom(...DIRS),
    name: fc.constantFrom("New1", "New2", "New3"),
    content: noteText.map((parts) => parts.join(" ")),
  }),
  fc.record({
    kind: fc.constant("move" as const),
    pick: fc.nat(),
    dir: fc.constantFrom(...DIRS),
    name: fc.constantFrom(...NAMES, "Renamed", "Other"),
  }),
);

/** Targets (doc id or undefined) of each note's links, by source doc id, in text order. */
function targets(ws: Workspace): Map<string, (string | undefined)[]> {
  const index = backlinkIndexOf(ws);
  const out = new Map<string, (string | undefined)[]>();
  for (const id of ws.contentDocIds()) {
    out.set(
      id,
      index
        .forwardLinks(id)
        .filter((l) => l.link.target !== "")
        .map((l) => l.target?.docId),
    );
  }
  return out;
}

/** backlinks_v0 of each folder of a fresh workspace built from the same Yjs state. */
function freshBacklinks(ws: Workspace): Map<string, Map<string, string[]>> {
  const copy = new Workspace();
  startLinkUpkeep(copy);
  for (const id of ws.docIds()) {
    const doc = new Y.Doc();
    Y.applyUpdate(doc, Y.encodeStateAsUpdate(ws.getDoc(id)!));
    copy.addDoc(id, doc, ws.folder(id) ? "folder" : "content");
  }
  return new Map(copy.folders().map((f) => [f.docId, sortedBacklinks(f.doc)]));
}

function sortedBacklinks(doc: Y.Doc): Map<string, string[]> {
  const m = readBacklinks(doc);
  for (const [k, v] of m) m.set(k, [...v].sort());
  return new Map([...m].filter(([, v]) => v.length > 0).sort(([a], [b]) => (a < b ? -1 : 1)));
}

describe("create and move (generated)", () => {
  it("keep every resolved link on its note and backlinks_v0 equal to a fresh rebuild", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(
            fc.constantFrom(...DIRS),
            fc.constantFrom("Plan", "Idea", "Log", "Todo"),
            noteText,
          ),
          {
            minLength: 1,
            maxLength: 6,
          },
        ),
        fc.array(op, { minLength: 1, maxLength: 6 }),
        (notes, ops) => {
          const files: Record<string, string> = {};
          for (const [dir, name, parts] of notes) files[`/${dir}${name}.md`] = parts.join(" ");
          const t = buildWorkspace({ Team: files, Other: { "/Far.md": "[[Team/Plan]] [[Idea]]" } });
          const ws = t.ws;
          startLinkUpkeep(ws);
          const sessions = new SessionStore();
          const call = (name: string, args: Record<string, unknown>) =>
            callTool(
              {
                workspace: ws,
                sessions,
                sessionId: "p",
                caller: { role: "admin", reach: { all: true }, author: "P" },
              },
              name,
              args,
            );
          for (const o of ops) {
            const before = targets(ws);
            if (o.kind === "create") {
              if (ws.resolve(`Team/${o.dir}${o.name}.md`).kind !== "missing") continue;
              const taken = [...ws.paths.entries()].some((l) => l.path.endsWith(`/${o.name}.md`));
              const r = call("create", {
                file_path: `Team/${o.dir}${o.name}.md`,
                content: o.content,
              });
              expect(r.isError, r.text).toBe(false);
              if (taken) continue;
              // A new base name can only make unresolved links resolve.
              const after = targets(ws);
              for (const [id, list] of before) {
                list.forEach((target, i) => {
                  if (target !== undefined) expect(after.get(id)?.[i]).toBe(target);
                });
              }
            } else {
              const notesNow = [...ws.paths.entries()].filter(
                (l) => l.meta.type === "markdown" && l.path.startsWith("Team/"),
              );
              const from = notesNow[o.pick % notesNow.length]!;
              const r = call("move", {
                file_path: from.path,
                new_path: `Team/${o.dir}${o.name}.md`,
              });
              if (r.isError) continue;
              const after = targets(ws);
              for (const [id, list] of before) {
                list.forEach((target, i) => {
                  if (target !== undefined)
                    expect(after.get(id)?.[i], `${ws.paths.pathOf(id)} link ${i}`).toBe(target);
                });
              }
            }
            const fresh = freshBacklinks(ws);
            for (const f of ws.folders())
              expect(sortedBacklinks(f.doc)).toEqual(fresh.get(f.docId));
          }
        },
      ),
      { numRuns: 150 },
    );
  });
});
