// Workspace events: subscribers get every event and are counted until they unsubscribe (what
// servers check to prove a closed client left no listener behind).
import { describe, expect, it } from "vitest";
import type { WorkspaceEvent } from "./events.js";
import { workspaceFromTexts } from "./fromTexts.js";

describe("workspace subscribers", () => {
  it("counts each subscriber until it unsubscribes, once", () => {
    const ws = workspaceFromTexts([{ name: "Lens", files: { "Note.md": "text" } }]);
    const before = ws.listenerCount;
    const seen: WorkspaceEvent[] = [];
    const off = ws.on((e) => seen.push(e));
    expect(ws.listenerCount).toBe(before + 1);
    const loc = ws.resolve("Lens/Note.md");
    if (loc.kind !== "document") throw new Error("no note");
    ws.contentText(loc.loc.docId)?.insert(0, "more ");
    expect(seen).toContainEqual(expect.objectContaining({ type: "content", docId: loc.loc.docId }));
    off();
    off();
    expect(ws.listenerCount).toBe(before);
  });
});
