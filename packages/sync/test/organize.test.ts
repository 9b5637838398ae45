// A note created (or moved) by an assistant reaches Relay clients live: the official y-sweet
// client connected to the folder doc sees the new filemeta entry and the backlinks_v0 it makes,
// and can open the new note.
import { backlinksMap, callTool, filemetaMap, SessionStore, workspaceFromTexts } from "@lens/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectClient, type Running, startServer, waitFor } from "./helpers.js";

let server: Running;
const ws = workspaceFromTexts([{ name: "Team", files: { "Plan.md": "see [[Kickoff]]" } }]);
const sessions = new SessionStore();
const call = (name: string, args: Record<string, unknown>) =>
  callTool({ workspace: ws, sessions, sessionId: "assistant" }, name, args);

beforeAll(async () => {
  server = await startServer({ workspace: ws });
});
afterAll(() => server.stop());

describe("create and move over sync", () => {
  it("a Relay client on the folder sees the new note appear, then move, and reads its content", async () => {
    const folder = ws.folders()[0]!;
    const relay = await connectClient(server.url, folder.docId);
    try {
      const entries = () =>
        filemetaMap(relay.doc).toJSON() as Record<string, { id: string; type: string }>;
      expect(Object.keys(entries())).toEqual(["/Plan.md"]);
      const r = call("create", { file_path: "Team/Meetings/Kickoff.md", content: "# Kickoff" });
      expect(r.isError, r.text).toBe(false);
      await waitFor(() => "/Meetings/Kickoff.md" in entries(), "the new entry to reach the client");
      expect(entries()["/Meetings"]).toMatchObject({ type: "folder" });
      const { id, type } = entries()["/Meetings/Kickoff.md"]!;
      expect(type).toBe("markdown");
      // Link upkeep (started by the composer, helpers.ts): Plan's [[Kickoff]] now resolves.
      const plan = ws.paths.get("Team/Plan.md")!.meta.id;
      await waitFor(
        () => JSON.stringify(backlinksMap(relay.doc).get(id)) === JSON.stringify([plan]),
        "backlinks_v0 to reach the client",
      );

      const note = await connectClient(server.url, `${folder.relayId}-${id}`);
      try {
        await waitFor(() => note.text.toString().includes("# Kickoff"), "the note's content");
        expect(note.text.toString()).toMatch(/^\{\+\+(\{.*\}@@)?# Kickoff\+\+\}$/);
      } finally {
        note.stop();
      }

      expect(
        call("move", { file_path: "Team/Meetings/Kickoff.md", new_path: "Team/Kickoff 2026.md" })
          .isError,
      ).toBe(false);
      await waitFor(
        () => "/Kickoff 2026.md" in entries() && !("/Meetings/Kickoff.md" in entries()),
        "the move",
      );
      expect(entries()["/Kickoff 2026.md"]?.id).toBe(id);
    } finally {
      relay.stop();
    }
  });
});
