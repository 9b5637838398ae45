// The workspace every REST test starts from: two folders with links, suggestions (with and
// without metadata), a case-only clash, a picture and a note whose content is not loaded.
import { setEntry, startLinkUpkeep, type Workspace, workspaceFromTexts } from "@lens/core";

/** A suggestion with attribution, as lens-editor writes it. */
export const ANN = '{"author":"ann","time":1700000000000}@@';

export const FIXTURE = {
  Lens: {
    "Index.md": "# Index\n\n- [[Notes/Ideas]]\nTODO: tidy the index\n",
    "Notes/Ideas.md":
      "# Ideas\n\nSee [[Plan]] and [[Missing note]].\nThe {++quick ++}brown fox.\nTODO: more ideas\ntodo: lower case\n",
    "Notes/Plan.md": "# Plan\n\nBack to [[Ideas]].\nTODO: ship it\n",
    "Notes/links.md": "A note named links.\n",
    "Review.md": `# Review\n\nKeep {--this--}{++that++} and {~~old~>new~~} here.\nDrop {--${ANN}gone--} and add {++${ANN}more++}.\n{>>a comment<<} stays.\n`,
    "Case.md": "upper\n",
    "case.md": "lower\n",
    "Empty.md": "",
    "Ünïcode.md": "café\n",
  },
  Team: {
    "Todo.md": "TODO: later\nline two\n",
    "Draft.md": "Draft {++new ++}text\n",
  },
} as const satisfies Record<string, Record<string, string>>;

/** The fixture's clock: edits are dated and documents modified at this time. */
export const FIXTURE_NOW = 1_700_000_100_000;

/**
 * The fixture as a fresh workspace (deterministic ids, clock and attribution), with link upkeep
 * running as `lens serve` runs it.
 */
export function fixtureWorkspace(): Workspace {
  const ws = workspaceFromTexts(
    Object.entries(FIXTURE).map(([name, files]) => ({ name, files: { ...files } })),
    { now: () => FIXTURE_NOW, author: "lens-ai" },
  );
  startLinkUpkeep(ws);
  const lens = ws.folderByName("Lens");
  if (!lens) throw new Error("fixture: no Lens folder");
  setEntry(lens.doc, "/Pictures/cat.png", {
    id: "00000000-0000-4000-8000-0000000000aa",
    type: "image",
    version: 0,
    synctime: 1_690_000_000_000,
  });
  setEntry(lens.doc, "/Unloaded.md", {
    id: "00000000-0000-4000-8000-0000000000bb",
    type: "markdown",
    version: 0,
  });
  return ws;
}

/** A workspace of `n` small documents in one folder. */
export function manyDocuments(n: number): Workspace {
  const files: Record<string, string> = {};
  for (let i = 0; i < n; i++) files[`Doc${String(i).padStart(3, "0")}.md`] = `doc ${i}\n`;
  return workspaceFromTexts([{ name: "Many", files }]);
}
