// The document model read against a real relay-server folder doc and content docs.

import { describe, expect, it } from "vitest";
import * as Y from "yjs";
import {
  configuredName,
  contentsText,
  isFolderDoc,
  parseDocId,
  readBacklinks,
  readEntries,
  Workspace,
} from "../src/index.js";
import { CRITIC_DOC_ID, FOLDER_DOC_ID, loadFixtureDoc } from "./support/fixtures.js";

describe("relay-server fixture folder doc", () => {
  const doc = loadFixtureDoc(FOLDER_DOC_ID);

  it("is recognised as a folder doc and its filemeta entries are typed", () => {
    expect(isFolderDoc(FOLDER_DOC_ID, doc)).toBe(true);
    const entries = readEntries(doc);
    expect(entries.size).toBe(90);
    const byType = new Map<string, number>();
    for (const m of entries.values()) byType.set(m.type, (byType.get(m.type) ?? 0) + 1);
    expect(Object.fromEntries(byType)).toEqual({ markdown: 40, image: 47, folder: 3 });
    const image = [...entries.values()].find((m) => m.type === "image")!;
    expect(image.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(image.mimetype).toMatch(/^image\//);
    expect(typeof image.synctime).toBe("number");
  });

  it("keeps the legacy docs map in step with markdown entries", () => {
    const entries = readEntries(doc);
    const docs = doc.getMap("docs");
    expect(docs.size).toBe(40);
    for (const [path, uuid] of docs) expect(entries.get(path)?.id).toBe(uuid);
  });

  it("reads backlinks_v0 as target → sources without empty arrays", () => {
    const backlinks = readBacklinks(doc);
    expect(backlinks.size).toBe(19);
    for (const sources of backlinks.values()) expect(sources.length).toBeGreaterThan(0);
  });

  it("has no display name stored, so the configured mapping names it", () => {
    expect(configuredName(doc)).toBeUndefined();
    const ids = parseDocId(FOLDER_DOC_ID)!;
    const ws = new Workspace({ folderNames: { [ids.uuid]: "Lens" } });
    ws.addDoc(FOLDER_DOC_ID, doc);
    expect(ws.folders().map((f) => f.name)).toEqual(["Lens"]);
    const md = [...ws.paths.entries()].filter((l) => l.meta.type === "markdown");
    expect(md).toHaveLength(40);
    for (const l of md) expect(l.path.startsWith("Lens/")).toBe(true);
    const r = ws.resolve(md[0]!.path);
    expect(r.kind).toBe("document");
    expect(r.kind === "document" && r.loaded).toBe(false);
  });

  it("accepts nested Y.Map filemeta values", () => {
    const d = new Y.Doc();
    const nested = new Y.Map<unknown>();
    d.getMap("filemeta_v0").set("/N.md", nested);
    nested.set("id", "11111111-1111-4111-8111-111111111111");
    nested.set("type", "markdown");
    nested.set("version", 0);
    expect(readEntries(d).get("/N.md")).toEqual({
      id: "11111111-1111-4111-8111-111111111111",
      type: "markdown",
      version: 0,
    });
  });
});

describe("relay-server fixture content doc", () => {
  it("holds its text in the `contents` Y.Text", () => {
    const text = contentsText(loadFixtureDoc(CRITIC_DOC_ID)).toString();
    expect(text.length).toBe(5495);
    expect(text).toContain("| Addition     | `{++new text++}`     |");
  });
});
