// List-changed notifications on 2025-11-25 sessions: when notes appear, go or move, a session
// hears `notifications/resources/list_changed` once per burst, only for folders it reaches;
// when a folder guide appears, `notifications/prompts/list_changed`. Over the SDK v1 client
// and linked in-memory transports, on a real workspace and service.
import { folderReach, SessionStore } from "@lens/core";
import type { Actor } from "@lens/service";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import {
  PromptListChangedNotificationSchema,
  ResourceListChangedNotificationSchema,
} from "@modelcontextprotocol/sdk/types.js";
import { afterEach, describe, expect, it } from "vitest";
import { type ListChange, ListChanges } from "../src/server/listChanges.js";
import { createLensServer } from "../src/server/mcpServer.js";
import { call, fixtureWorkspace, serviceOver } from "./support.js";

const closers: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

const researcher: Actor = {
  caller: { role: "suggest", reach: folderReach(["Research"]) },
  who: "researcher",
  credential: "researcher-id",
};

function setup() {
  const workspace = fixtureWorkspace();
  const lens = serviceOver({ workspace, sessions: new SessionStore() });
  const listChanges = new ListChanges(workspace, 10);
  closers.push(() => listChanges.close());
  const heard: { who: string; kind: "resources" | "prompts" }[] = [];
  let wake: () => void = () => {};
  const connect = async (name: string, opener?: Actor) => {
    const server = createLensServer({ lens, listChanges }, { transport: name }, opener);
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    const client = new Client({ name, version: "0" });
    client.setNotificationHandler(ResourceListChangedNotificationSchema, () => {
      heard.push({ who: name, kind: "resources" });
      wake();
    });
    client.setNotificationHandler(PromptListChangedNotificationSchema, () => {
      heard.push({ who: name, kind: "prompts" });
      wake();
    });
    await client.connect(clientSide);
    closers.push(() => client.close());
    return client;
  };
  /** Resolves once `n` notifications have been heard in all. */
  const heardAll = (n: number) =>
    new Promise<void>((resolve) => {
      wake = () => heard.length >= n && resolve();
      wake();
    });
  return { workspace, listChanges, connect, heard, heardAll };
}

describe("list-changed notifications", () => {
  it("tells each session of a burst of new notes once, only where it reaches", async () => {
    const { connect, heard, heardAll } = setup();
    // The scoped session is told first when it is told at all (listeners in order).
    await connect("scoped", researcher);
    const owner = await connect("owner");
    expect(owner.getServerCapabilities()).toMatchObject({
      resources: { listChanged: true },
      prompts: { listChanged: true },
    });
    for (const n of [1, 2, 3]) {
      const r = await call(owner, "create", { file_path: `Team/New ${n}.md`, content: "x\n" });
      expect(r.isError, r.text).toBe(false);
    }
    await heardAll(1);
    expect(heard).toEqual([{ who: "owner", kind: "resources" }]);

    // A note moved within Research: the scoped session hears it too.
    const moved = await call(owner, "move", {
      file_path: "Research/Paper.md",
      new_path: "Research/Paper 2.md",
    });
    expect(moved.isError, moved.text).toBe(false);
    await heardAll(3);
    expect(heard.slice(1)).toEqual([
      { who: "scoped", kind: "resources" },
      { who: "owner", kind: "resources" },
    ]);
  });

  it("an edit (metadata only) is no list change; a folder guide is a prompts change", async () => {
    const { workspace, listChanges } = setup();
    const told: ListChange[] = [];
    let wake: () => void = () => {};
    listChanges.on((c) => {
      told.push(c);
      wake();
    });
    const lens = serviceOver({ workspace, sessions: new SessionStore() });
    const owner = lens.actor(undefined);
    const session = { transport: "t" };
    await lens.call(owner, session, "read", { file_path: "Team/Plans.md" });
    const edited = await lens.call(owner, session, "edit", {
      file_path: "Team/Plans.md",
      old_string: "Plan B",
      new_string: "Plan Z",
    });
    expect(edited.isError, edited.text).toBe(false);
    const created = await lens.call(owner, session, "create", {
      file_path: "Research/AI Guide/_intro.md",
      content: "# Be brief\n",
    });
    expect(created.isError, created.text).toBe(false);
    await new Promise<void>((resolve) => {
      wake = resolve;
      if (told.length) resolve();
    });
    expect(told).toEqual([{ folders: new Set(["Research"]), prompts: true }]);
  });

  it("a closed session leaves no listener behind", async () => {
    const { connect, listChanges } = setup();
    const client = await connect("gone");
    expect(listChanges.size).toBe(1);
    await client.close();
    closers.pop();
    await new Promise((r) => setImmediate(r));
    expect(listChanges.size).toBe(0);
  });
});
