// The relay-server fixtures load through the store: folder paths listed, absent content docs
// reported, texts intact, and a rewrite keeps every byte of their Yjs state.

import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { startLinkUpkeep, Workspace } from "@lens/core";
import { describe, expect, it } from "vitest";
import * as Y from "yjs";
import { decodeDocFile } from "../src/codec/docFile.js";
import { openStore } from "../src/dirStore.js";
import {
  COMMENT_DOC_ID,
  CRITIC_DOC_ID,
  EMPTY_DOC_ID,
  FIXTURE_DOC_IDS,
  FOLDER_DOC_ID,
  FOLDER_UUID,
} from "./support/ids.js";
import { fixtureCopy } from "./support/tmp.js";

const hex = (b: Uint8Array) => Buffer.from(b).toString("hex");

async function load(dir: string) {
  const ws = new Workspace({ folderNames: { [FOLDER_UUID]: "Lens" } });
  // As `lens serve` loads it: link upkeep runs, and must leave the fixtures' bytes alone.
  startLinkUpkeep(ws);
  const progress: Array<[number, number]> = [];
  const store = await openStore(dir, {
    workspace: ws,
    onProgress: (p) => progress.push([p.done, p.total]),
  });
  return { ws, store, progress };
}

describe("relay-server fixtures", () => {
  it("list the folder's 40 markdown paths and report their absent content docs", async () => {
    const { ws, store, progress } = await load(await fixtureCopy());
    const r = store.report;
    expect(r.total).toBe(4);
    expect(r.loaded).toBe(4);
    expect(r.folders).toBe(1);
    expect(r.skipped).toEqual([]);
    expect(progress.at(-1)).toEqual([4, 4]);
    const md = [...ws.paths.entries()].filter((l) => l.meta.type === "markdown");
    expect(md).toHaveLength(40);
    expect(md.every((l) => l.path.startsWith("Lens/") && l.path.endsWith(".md"))).toBe(true);
    expect(r.missingContent.map((m) => m.path).sort()).toEqual(md.map((l) => l.path).sort());
    expect(r.orphans).toEqual([COMMENT_DOC_ID, CRITIC_DOC_ID, EMPTY_DOC_ID].sort());
    expect(ws.mtime(FOLDER_DOC_ID)).toBe(1770934250516);
    await store.close();
  });

  it("read the CriticMarkup documentation doc with its text intact", async () => {
    const { ws, store } = await load(await fixtureCopy());
    const text = ws.contentText(CRITIC_DOC_ID)!.toString();
    expect(text).toHaveLength(5495);
    expect(text).toContain("{>>");
    expect(ws.contentText(COMMENT_DOC_ID)!.toString()).toHaveLength(436);
    await store.close();
  });

  it("load the empty non-Relay doc without crashing", async () => {
    const { ws, store } = await load(await fixtureCopy());
    expect(ws.hasContent(EMPTY_DOC_ID)).toBe(true);
    expect(ws.contentText(EMPTY_DOC_ID)!.toString()).toBe("");
    await store.close();
  });

  it("keep every byte of their Yjs state through a rewrite", async () => {
    const dir = await fixtureCopy();
    const first = await load(dir);
    const before = new Map(
      FIXTURE_DOC_IDS.map((id) => {
        const doc = first.ws.getDoc(id)!;
        return [id, { update: hex(Y.encodeStateAsUpdate(doc)), sv: hex(Y.encodeStateVector(doc)) }];
      }),
    );
    const originals = new Map<string, Buffer>();
    for (const id of FIXTURE_DOC_IDS) {
      originals.set(id, await readFile(join(dir, id, "data.ysweet")));
      expect(first.store.markDirty(id)).toBe(true);
    }
    await first.store.close();
    for (const id of FIXTURE_DOC_IDS) {
      const bytes = await readFile(join(dir, id, "data.ysweet"));
      expect(bytes.equals(originals.get(id)!)).toBe(false);
      // Envelope fields survive the rewrite.
      const { info } = decodeDocFile(bytes);
      const old = decodeDocFile(originals.get(id)!).info;
      expect(info.createdAt).toBe(old.createdAt);
      expect(info.metadata).toEqual(old.metadata);
    }
    const second = await load(dir);
    for (const id of FIXTURE_DOC_IDS) {
      const doc = second.ws.getDoc(id)!;
      expect(hex(Y.encodeStateAsUpdate(doc))).toBe(before.get(id)!.update);
      expect(hex(Y.encodeStateVector(doc))).toBe(before.get(id)!.sv);
    }
    expect(second.ws.contentText(CRITIC_DOC_ID)!.toString()).toHaveLength(5495);
    await second.store.close();
  });

  it("are not written by loading and closing", async () => {
    const dir = await fixtureCopy();
    const originals = await Promise.all(
      FIXTURE_DOC_IDS.map((id) => readFile(join(dir, id, "data.ysweet"))),
    );
    const { store } = await load(dir);
    expect(store.dirtyCount).toBe(0);
    await store.close();
    const after = await Promise.all(
      FIXTURE_DOC_IDS.map((id) => readFile(join(dir, id, "data.ysweet"))),
    );
    for (const [i, b] of after.entries()) expect(b.equals(originals[i]!)).toBe(true);
  });
});
