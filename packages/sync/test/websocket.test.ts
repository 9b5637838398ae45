// Live collaboration through the official y-sweet provider: AI edits reach clients at once,
// human typing reaches the workspace, concurrent edits converge, rooms come and go.
import { filemetaMap, type WorkspaceEvent } from "@lens/core";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import * as Y from "yjs";
import { isSyncOrigin } from "../src/index.js";
import {
  addContent,
  type Client,
  connectClient,
  docIdFor,
  type Running,
  startServer,
  waitFor,
} from "./helpers.js";

describe("WebSocket sync with @y-sweet/client", () => {
  let server: Running;
  const clients: Client[] = [];
  const connect = async (docId: string) => {
    const client = await connectClient(server.url, docId);
    clients.push(client);
    return client;
  };

  beforeEach(async () => {
    server = await startServer();
  });

  afterEach(async () => {
    for (const client of clients.splice(0)) client.stop();
    await server.stop();
  });

  it("syncs the workspace doc to a new client", async () => {
    const id = docIdFor(1);
    addContent(server.workspace, id, "Hello");
    const client = await connect(id);
    expect(client.text.toString()).toBe("Hello");
  });

  it("wakes a dormant doc for a client, with its whole history: nothing is duplicated", async () => {
    const id = docIdFor(1);
    const earlier = new Y.Doc();
    earlier.getText("contents").insert(0, "Hello");
    const stored = Y.encodeStateAsUpdate(earlier);
    let wakes = 0;
    server.workspace.addDormantContent(id, "Hello", () => {
      wakes++;
      const doc = new Y.Doc();
      Y.applyUpdate(doc, stored);
      return doc;
    });
    expect(server.sync.isOpen(id)).toBe(false);
    const client = await connect(id);
    expect(server.sync.isOpen(id)).toBe(true);
    expect(wakes).toBe(1);
    expect(server.workspace.isDormant(id)).toBe(false);
    expect(client.text.toString()).toBe("Hello");
    // A client that held the old history merges it in without a second "Hello".
    Y.applyUpdate(client.doc, stored);
    client.text.insert(5, "!");
    await waitFor(() => server.workspace.view(id)!.raw === "Hello!", "typing on the woken doc");
    expect(wakes).toBe(1);
    client.stop();
    await waitFor(() => !server.sync.isOpen(id), "the room to close");
  });

  it("shows an AI edit made on the workspace doc to connected clients at once", async () => {
    const id = docIdFor(1);
    addContent(server.workspace, id, "Hello");
    const client = await connect(id);
    server.workspace.contentText(id)!.insert(5, " {++world++}");
    await waitFor(() => client.text.toString() === "Hello {++world++}", "the AI edit");
  });

  it("applies a human's typing to the workspace doc and emits a content event", async () => {
    const id = docIdFor(1);
    addContent(server.workspace, id, "Hello");
    const events: WorkspaceEvent[] = [];
    server.workspace.on((e) => events.push(e));
    const client = await connect(id);
    client.text.insert(0, "Hi. ");
    await waitFor(() => server.workspace.contentText(id)!.toString() === "Hi. Hello", "typing");
    // The server echoes y-sweet's sync-status message, so the client sees its edit acked.
    await waitFor(() => !client.provider.hasLocalChanges, "the ack");
    const content = events.find((e) => e.type === "content" && e.docId === id);
    expect(content).toMatchObject({ type: "content", docId: id, local: false });
    expect(content?.type === "content" && isSyncOrigin(content.origin)).toBe(true);
  });

  it("relays one client's typing to the other clients", async () => {
    const id = docIdFor(1);
    addContent(server.workspace, id, "abc");
    const a = await connect(id);
    const b = await connect(id);
    a.text.insert(3, "d");
    await waitFor(() => b.text.toString() === "abcd", "the relayed edit");
  });

  it("converges two clients and the workspace after concurrent edits", async () => {
    const id = docIdFor(1);
    addContent(server.workspace, id, "The quick brown fox");
    const a = await connect(id);
    const b = await connect(id);
    // All three edit before seeing each other's changes.
    a.text.insert(0, "A: ");
    a.text.delete(a.text.length - 3, 3);
    b.text.insert(b.text.length, " jumps");
    b.text.insert(4, "very ");
    server.workspace.contentText(id)!.insert(10, "{++AI++}");
    const same = () => {
      const ws = server.workspace.contentText(id)!.toString();
      return a.text.toString() === ws && b.text.toString() === ws;
    };
    await waitFor(same, "convergence");
    const final = a.text.toString();
    for (const part of ["A: ", " jumps", "very ", "{++AI++}"]) expect(final).toContain(part);
    expect(final).not.toContain("fox");
  });

  it("relays awareness between clients and withdraws it when a client leaves", async () => {
    const id = docIdFor(1);
    addContent(server.workspace, id, "x");
    const a = await connect(id);
    const b = await connect(id);
    a.provider.awareness.setLocalStateField("user", { name: "Ann" });
    const annId = a.doc.clientID;
    await waitFor(() => b.provider.awareness.getStates().get(annId)?.user?.name === "Ann", "Ann");
    // A client joining later receives the states already known.
    const c = await connect(id);
    await waitFor(() => c.provider.awareness.getStates().has(annId), "late joiner awareness");
    clients.splice(clients.indexOf(a), 1);
    a.stop();
    await waitFor(() => !b.provider.awareness.getStates().has(annId), "Ann's departure");
  });

  it("creates an unknown doc on connect as a content doc, and reports it", async () => {
    const created: string[] = [];
    await server.stop();
    server = await startServer({ onDocCreated: (docId) => created.push(docId) });
    const id = docIdFor(7);
    const client = await connect(id);
    expect(created).toEqual([id]);
    expect(server.workspace.hasContent(id)).toBe(true);
    client.text.insert(0, "# New note");
    await waitFor(() => server.workspace.contentText(id)?.toString() === "# New note", "text");
  });

  it("turns a created doc into a folder doc once it gains filemeta_v0 entries", async () => {
    const id = docIdFor(8);
    const client = await connect(id);
    expect(server.workspace.hasContent(id)).toBe(true);
    client.doc.transact(() => {
      filemetaMap(client.doc).set("/Note.md", {
        id: "00000000-0000-4000-8000-000000000099",
        type: "markdown",
        version: 0,
      });
      client.doc.getMap("folder_config").set("name", "Team");
    });
    await waitFor(() => server.workspace.folder(id) !== undefined, "promotion");
    expect(server.workspace.hasContent(id)).toBe(false);
    expect(server.workspace.resolve("Team/Note.md").kind).toBe("document");
    // The client stays attached to the same doc: server-side changes still reach it.
    server.workspace.getDoc(id)!.getMap("folder_config").set("name", "Team 2");
    await waitFor(() => client.doc.getMap("folder_config").get("name") === "Team 2", "rename");
    expect(server.sync.stats()).toEqual({ rooms: 1, connections: 1 });
  });

  it("drops a room when its last client leaves", async () => {
    const id = docIdFor(1);
    addContent(server.workspace, id, "x");
    const a = await connect(id);
    const b = await connect(id);
    expect(server.sync.stats()).toEqual({ rooms: 1, connections: 2 });
    a.stop();
    await waitFor(() => server.sync.stats().connections === 1, "a to leave");
    expect(server.sync.stats().rooms).toBe(1);
    b.stop();
    await waitFor(() => server.sync.stats().rooms === 0, "the room to go");
    clients.length = 0;
  });

  it("reconnects clients to the new doc when the workspace replaces a doc", async () => {
    const id = docIdFor(1);
    addContent(server.workspace, id, "old");
    const client = await connect(id);
    const replacement = addContent(server.workspace, id, "");
    replacement.getText("contents").insert(0, "new: ");
    await waitFor(() => client.text.toString().includes("new: "), "edit on the new doc");
    // The client's own state merged into the replacement, as any y-sweet client would do.
    await waitFor(() => replacement.getText("contents").toString().includes("old"), "merge");
  });
});
