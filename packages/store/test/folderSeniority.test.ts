// A folder that came later never takes a name an older folder holds — not at runtime (core) and
// not after a restart: folders load with their file's created_at as their seniority, so a
// newcomer with a lower-sorting doc id (the issue 28 folder takeover) still gets the suffix.
import { Workspace } from "@lens/core";
import { expect, it } from "vitest";
import * as Y from "yjs";
import { openStore } from "../src/dirStore.js";
import { tempDir } from "./support/tmp.js";

const RELAY = "11111111-1111-4111-8111-111111111111";
const OLD = `${RELAY}-ffffffff-0000-4000-8000-000000000001`;
const NEWCOMER = `${RELAY}-00000000-0000-4000-8000-000000000001`;

function folder(name: string): Y.Doc {
  const d = new Y.Doc();
  d.getMap("folder_config").set("name", name);
  d.getMap("filemeta_v0").set("/a.md", {
    id: "22222222-0000-4000-8000-000000000001",
    type: "markdown",
    version: 0,
  });
  return d;
}

it("keeps a held folder name with the older folder after a restart, whatever the doc ids sort as", async () => {
  const dir = await tempDir();
  let clock = 1_000;
  const ws = new Workspace({ now: () => clock });
  const store = await openStore(dir, { workspace: ws, flushDelayMs: 0 });
  ws.addFolder(OLD, folder("Secret"));
  await store.flush();
  clock = 2_000;
  ws.addFolder(NEWCOMER, folder("Secret"));
  await store.close();
  expect(ws.folderByName("Secret")?.docId).toBe(OLD);

  const again = new Workspace();
  const reopened = await openStore(dir, { workspace: again });
  expect(again.folderByName("Secret")?.docId).toBe(OLD);
  expect(again.folder(NEWCOMER)?.name).toBe("Secret (00000000)");
  await reopened.close();
});

it("keeps the arrival order of folders that came in the same millisecond, and a content doc made a folder later is junior", async () => {
  const dir = await tempDir();
  const clock = 5_000;
  const ws = new Workspace({ now: () => clock });
  const store = await openStore(dir, { workspace: ws, flushDelayMs: 0 });
  // A note's doc first (older than both folders), made a folder at the end.
  const promoted = `${RELAY}-00000000-0000-4000-8000-000000000000`;
  const note = new Y.Doc();
  note.getText("contents").insert(0, "a note");
  ws.addContent(promoted, note);
  await store.flush();
  ws.addFolder(OLD, folder("Secret"));
  ws.addFolder(NEWCOMER, folder("Secret"));
  note.transact(() => {
    note.getMap("folder_config").set("name", "Secret");
    note.getMap("filemeta_v0").set("/b.md", {
      id: "22222222-0000-4000-8000-000000000002",
      type: "markdown",
      version: 0,
    });
  });
  ws.addFolder(promoted, note);
  expect(ws.folderByName("Secret")?.docId).toBe(OLD);
  await store.close();

  const again = new Workspace();
  const reopened = await openStore(dir, { workspace: again });
  expect(again.folderByName("Secret")?.docId).toBe(OLD);
  const names = (id: string) => [ws.folder(id)?.name, again.folder(id)?.name];
  for (const id of [NEWCOMER, promoted]) expect(names(id)[1]).toBe(names(id)[0]);
  await reopened.close();
});
