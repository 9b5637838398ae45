// The README's example runs as written and says what it claims.
import { describe, expect, it } from "vitest";
import { callTool, SessionStore, workspaceFromTexts } from "../src/index.js";

describe("README example", () => {
  it("reads, suggests an edit, and lists links", () => {
    const workspace = workspaceFromTexts([
      {
        name: "Lens",
        files: { "Notes/Ideas.md": "say hello to all\nSee [[Plan]].\n", "Plan.md": "" },
      },
    ]);
    const ctx = { workspace, sessions: new SessionStore(), sessionId: "demo" };
    expect(callTool(ctx, "read", { file_path: "Lens/Notes/Ideas" }).text).toBe(
      "     1\tsay hello to all\n     2\tSee [[Plan]].",
    );
    const edit = callTool(ctx, "edit", {
      file_path: "Lens/Notes/Ideas.md",
      old_string: "hello",
      new_string: "world",
    });
    expect(edit.isError).toBe(false);
    const loc = workspace.paths.get("Lens/Notes/Ideas.md")!;
    expect(workspace.contentText(loc.docId)!.toString()).toBe(
      "say {--hello--}{++world++} to all\nSee [[Plan]].\n",
    );
    expect(callTool(ctx, "get_links", { file_path: "Lens/Plan.md" }).text).toBe(
      "Backlinks (1):\nLens/Notes/Ideas.md\n\nLinks: none",
    );
  });
});
