// What a move costs the link code: the snapshot of every link before the move and the repairs
// after it look only at notes that have links. A note without links — however many there are,
// and whether or not its AI view differs from its raw text (pending suggestions) — has its AI
// view rendered by neither, so a move over a large vault does not re-render it.
import { describe, expect, it } from "vitest";
import { callTool } from "../registry/registry.js";
import { SessionStore } from "../tools/session.js";
import { aiViewRenders } from "../workspace/viewCache.js";
import { startLinkUpkeep } from "./backlinks.js";
import { buildWorkspace, type EntrySpec } from "./links.test-helpers.js";
import { snapshotLinks } from "./rewrite.js";

/** A vault with a few linked notes and `plain` notes without links, half with suggestions. */
function vault(plain: number) {
  const team: Record<string, EntrySpec> = {
    "/Draft.md": "# Draft\nbody {++new++}",
    "/Hub.md": "[[Draft]] and [[Team/Draft|the draft]] {++added++}",
    "/Sub": { type: "folder" },
    "/Sub/Deep.md": "[[Team/Draft]] [[Hub]]",
    "/Plain": { type: "folder" },
  };
  for (let i = 0; i < plain; i++) {
    team[`/Plain/Note ${i}.md`] =
      i % 2 === 0 ? `note ${i} {++pending++} and {--gone--} text` : `note ${i}, plain text`;
  }
  const t = buildWorkspace({ Team: team, Other: { "/Far.md": "[[Team/Draft]]" } });
  startLinkUpkeep(t.ws);
  const sessions = new SessionStore();
  const move = (file_path: string, new_path: string) =>
    callTool(
      {
        workspace: t.ws,
        sessions,
        sessionId: "s",
        caller: { role: "edit", reach: { all: true }, author: "Mover" },
      },
      "move",
      { file_path, new_path },
    );
  return { ...t, move };
}

/** AI views rendered while `fn` runs. */
function rendersDuring<T>(fn: () => T): { result: T; renders: number } {
  const before = aiViewRenders();
  const result = fn();
  return { result, renders: aiViewRenders() - before };
}

describe("the link snapshot of a move", () => {
  it("renders no AI view of a note without links", () => {
    const small = vault(10);
    const large = vault(400);
    const costs = [small, large].map((t) => rendersDuring(() => snapshotLinks(t.ws)));
    expect(costs[0]!.renders).toBe(costs[1]!.renders);
    // Draft has no links; Hub, Deep and Far are each rendered once.
    expect(costs[1]!.renders).toBe(3);
    expect(costs[1]!.result.links.map((l) => l.link.raw)).toEqual(
      costs[0]!.result.links.map((l) => l.link.raw),
    );
  });

  it("a move's AI-view renders do not grow with the notes without links", () => {
    const costs = [10, 400].map((plain) => {
      const t = vault(plain);
      const first = rendersDuring(() => t.move("Team/Draft.md", "Team/Archive/Old Draft"));
      const second = rendersDuring(() => t.move("Team/Hub.md", "Team/Sub/Hub"));
      return { t, first, second };
    });
    for (const { first, second } of costs) {
      expect(first.result.isError, first.result.text).toBe(false);
      expect(second.result.isError, second.result.text).toBe(false);
    }
    const [small, large] = costs;
    expect(large!.first.renders).toBe(small!.first.renders);
    expect(large!.second.renders).toBe(small!.second.renders);
    // Same answers, whatever the number of notes without links.
    expect(large!.first.result.text).toBe(small!.first.result.text);
    expect(large!.first.result.text).toBe(
      "Moved Team/Draft.md to Team/Archive/Old Draft.md.\nLinks rewritten as suggestions awaiting review in 3 notes:\nOther/Far.md\nTeam/Hub.md\nTeam/Sub/Deep.md",
    );
    expect(large!.second.result.text).toBe(small!.second.result.text);
    // The notes with links, a few times each (snapshot, link keys, repairs, their new text).
    expect(large!.first.renders).toBeLessThan(30);
    expect(large!.second.renders).toBeLessThan(30);
  });
});
