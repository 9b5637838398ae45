// The path index stays equal to a from-scratch rebuild through generated filemeta changes.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import * as Y from "yjs";
import { deleteEntry, renameEntry, setEntry } from "../model/folderDoc.js";
import { Workspace } from "../workspace/workspace.js";
import { normalizeUserPath, PathError } from "./normalize.js";

const RELAY = "aaaaaaaa-0000-4000-8000-000000000000";
const F1 = `${RELAY}-bbbbbbbb-0000-4000-8000-000000000001`;
const F2 = `${RELAY}-bbbbbbbb-0000-4000-8000-000000000002`;
const NAMES = {
  "bbbbbbbb-0000-4000-8000-000000000001": "Lens",
  "bbbbbbbb-0000-4000-8000-000000000002": "Équipe Notes",
};

function uuid(n: number): string {
  return `cccccccc-0000-4000-8000-${n.toString(16).padStart(12, "0")}`;
}

/** Snapshot of what the index answers: path → (doc id, type), plus reverse lookups. */
function snapshot(ws: Workspace) {
  const rows = [...ws.paths.entries()]
    .map((l) => `${l.path} ${l.docId} ${l.meta.type} ${ws.paths.pathOf(l.docId) === l.path}`)
    .sort();
  return rows;
}

function rebuild(docs: [string, Y.Doc][]): Workspace {
  const ws = new Workspace({ folderNames: NAMES });
  for (const [id, d] of docs) {
    const copy = new Y.Doc();
    Y.applyUpdate(copy, Y.encodeStateAsUpdate(d));
    ws.addFolder(id, copy);
  }
  return ws;
}

const segment = fc.constantFrom(
  "Notes",
  "Daily",
  "a b",
  "Café",
  "Cafe\u0301",
  "x",
  "Ünïcode",
  "日本",
);
const entryPath = fc
  .array(segment, { minLength: 1, maxLength: 3 })
  .map((parts) => `/${parts.join("/")}.md`);
const op = fc.oneof(
  fc.record({
    kind: fc.constant("create" as const),
    folder: fc.nat(1),
    path: entryPath,
    type: fc.constantFrom("markdown", "folder", "image"),
  }),
  fc.record({
    kind: fc.constant("rename" as const),
    folder: fc.nat(1),
    pick: fc.nat(),
    to: entryPath,
  }),
  fc.record({ kind: fc.constant("delete" as const), folder: fc.nat(1), pick: fc.nat() }),
  fc.record({
    kind: fc.constant("rename-folder" as const),
    folder: fc.nat(1),
    name: fc.constantFrom("Lens", "Other", "Équipe Notes", ""),
  }),
);

describe("PathIndex", () => {
  it("equals a from-scratch rebuild after any sequence of creates, renames and deletes", () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 40 }), (ops) => {
        const docs: [string, Y.Doc][] = [
          [F1, new Y.Doc()],
          [F2, new Y.Doc()],
        ];
        const ws = new Workspace({ folderNames: NAMES });
        for (const [id, d] of docs) ws.addFolder(id, d);
        let n = 0;
        for (const o of ops) {
          const doc = docs[o.folder]![1];
          const keys = [...doc.getMap("filemeta_v0").keys()].sort();
          if (o.kind === "create")
            setEntry(doc, o.path, { id: uuid(++n), type: o.type as "markdown", version: 0 });
          else if (o.kind === "rename-folder") {
            if (o.name) doc.getMap("folder_config").set("name", o.name);
            else doc.getMap("folder_config").delete("name");
          } else if (keys.length > 0) {
            const from = keys[o.pick % keys.length]!;
            if (o.kind === "delete") deleteEntry(doc, from);
            else if (from !== o.to) renameEntry(doc, from, o.to);
          }
          expect(snapshot(ws)).toEqual(snapshot(rebuild(docs)));
        }
        const names = ws.folders().map((f) => f.name);
        expect(new Set(names).size).toBe(names.length);
      }),
      { numRuns: 300 },
    );
  });

  it("drops a renamed folder's entries kept aside behind another folder's (found by the property)", () => {
    const docs: [string, Y.Doc][] = [
      [F1, new Y.Doc()],
      [F2, new Y.Doc()],
    ];
    const ws = new Workspace({ folderNames: NAMES });
    for (const [id, d] of docs) ws.addFolder(id, d);
    const [a, b] = [docs[0]![1], docs[1]![1]];
    setEntry(a, "/Notes.md", { id: uuid(1), type: "markdown", version: 0 });
    renameEntry(a, "/Notes.md", "/Café.md");
    setEntry(b, "/Café.md", { id: uuid(2), type: "markdown", version: 0 });
    a.getMap("folder_config").set("name", "Équipe Notes");
    deleteEntry(a, "/Café.md");
    expect(snapshot(ws)).toEqual(snapshot(rebuild(docs)));
  });
});

describe("normalizeUserPath", () => {
  it("round-trips every path the index prints, NFC or NFD input", () => {
    fc.assert(
      fc.property(fc.array(segment, { minLength: 1, maxLength: 4 }), (parts) => {
        const p = parts.join("/").normalize("NFC");
        expect(normalizeUserPath(p)).toBe(p);
        expect(normalizeUserPath(p.normalize("NFD"))).toBe(p);
        expect(normalizeUserPath(`./${p}/`)).toBe(p);
      }),
    );
  });

  it("refuses absolute paths, .. segments and NUL", () => {
    expect(() => normalizeUserPath("/etc/passwd")).toThrow(PathError);
    expect(() => normalizeUserPath("Lens/../../x")).toThrow(PathError);
    expect(() => normalizeUserPath("Lens/a\u0000b")).toThrow(PathError);
    expect(() => normalizeUserPath("C:\\x")).toThrow(PathError);
  });
});
