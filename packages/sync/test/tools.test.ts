// The whole loop through the official y-sweet client: what a human types is found by core's
// grep at once, and an AI edit made through core's edit tool reaches the human as a suggestion.
import { callTool, SessionStore, workspaceFromTexts } from "@lens/core";
import { afterEach, describe, expect, it } from "vitest";
import {
  type Client,
  connectClient,
  type Running,
  startServer,
  stopAll,
  waitFor,
} from "./helpers.js";

describe("sync with core's tools", () => {
  let server: Running | undefined;
  const clients: Client[] = [];

  afterEach(() => stopAll(clients, server));

  it("human typing reaches grep; an AI edit reaches the human as CriticMarkup", async () => {
    const workspace = workspaceFromTexts([
      { name: "Lens", files: { "Notes/Plan.md": "We ship in May.\n" } },
    ]);
    server = await startServer({ workspace });
    const docId = workspace.paths.get("Lens/Notes/Plan.md")!.docId;
    const human = await connectClient(server.url, docId);
    clients.push(human);
    const ctx = { workspace, sessions: new SessionStore(), sessionId: "ai" };

    human.text.insert(human.text.length, "Budget: zanzibar-42.\n");
    await waitFor(
      () => callTool(ctx, "grep", { pattern: "zanzibar-\\d+" }).text === "Lens/Notes/Plan.md",
      "grep to find the human's typing",
    );
    expect(callTool(ctx, "grep", { pattern: "zanzibar", output_mode: "content" }).text).toBe(
      "Lens/Notes/Plan.md:2:Budget: zanzibar-42.",
    );

    expect(callTool(ctx, "read", { file_path: "Lens/Notes/Plan.md" }).isError).toBe(false);
    const edit = callTool(ctx, "edit", {
      file_path: "Lens/Notes/Plan.md",
      old_string: "May",
      new_string: "June",
    });
    expect(edit.isError).toBe(false);
    await waitFor(
      () => human.text.toString() === "We ship in {--May--}{++June++}.\nBudget: zanzibar-42.\n",
      "the suggestion at the human's client",
    );
  });
});
