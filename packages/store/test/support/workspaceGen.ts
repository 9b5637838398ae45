// Generated workspaces for round-trip tests: folders, nested entries, texts with non-ASCII,
// emoji and CRLF, and edit histories with deletions (so docs carry delete sets).
import { contentDocId, contentsText, setEntry, Workspace } from "@lens/core";
import fc from "fast-check";
import * as Y from "yjs";

const segment = fc.constantFrom("Notes", "Ideen", "café", "日本語", "a b", "x", "Über", "🎉");
const chunk = fc.constantFrom(
  "hello",
  "\r\n",
  "\n",
  "é",
  "ß",
  "日本",
  "🎉",
  " ",
  "[[link]]",
  "{++a++}",
);
const textArb = fc.array(chunk, { maxLength: 30 }).map((a) => a.join(""));

export interface GenDoc {
  path: string[];
  text: string;
  edits: Array<{ at: number; del: number; ins: string }>;
}
export interface GenFolder {
  name: string;
  docs: GenDoc[];
}

const docArb: fc.Arbitrary<GenDoc> = fc.record({
  path: fc.array(segment, { minLength: 0, maxLength: 2 }),
  text: textArb,
  edits: fc.array(fc.record({ at: fc.nat(200), del: fc.nat(10), ins: textArb }), { maxLength: 4 }),
});

export const workspaceArb: fc.Arbitrary<GenFolder[]> = fc.array(
  fc.record({
    name: fc.constantFrom("Lens", "Team", "Ωmega"),
    docs: fc.array(docArb, { maxLength: 6 }),
  }),
  { minLength: 1, maxLength: 3 },
);

/** Builds the workspace for a generated spec (deterministic ids from a counter). */
export function buildWorkspace(folders: GenFolder[]): Workspace {
  const ws = new Workspace();
  let n = 0;
  const uuid = () => `00000000-0000-4000-8000-${(++n).toString(16).padStart(12, "0")}`;
  const relayId = "11111111-1111-4111-8111-111111111111";
  for (const f of folders) {
    const folder = new Y.Doc();
    folder.getMap("folder_config").set("name", f.name);
    f.docs.forEach((d, i) => {
      const id = uuid();
      const path = `/${[...d.path, `doc ${i} ü.md`].join("/")}`;
      setEntry(folder, path, { id, type: "markdown", version: 0 });
      const doc = new Y.Doc();
      const text = contentsText(doc);
      text.insert(0, d.text);
      for (const e of d.edits) {
        const at = Math.min(e.at, text.length);
        text.delete(at, Math.min(e.del, text.length - at));
        text.insert(Math.min(at, text.length), e.ins);
      }
      ws.addDoc(contentDocId(relayId, id), doc, "content");
    });
    if (f.docs.length > 0) setEntry(folder, "/Notes", { id: uuid(), type: "folder", version: 0 });
    ws.addFolder(`${relayId}-${uuid()}`, folder);
  }
  return ws;
}
