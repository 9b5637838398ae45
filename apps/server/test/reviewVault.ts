// The vault of the review page's tests: one shared folder, "Team", whose notes already hold
// suggestions by several authors (as Obsidian or lens-relay would have left them), one note per
// test so the tests do not depend on each other's order.
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { formatMeta } from "@lens/core";

const HOUR = 3_600_000;

/** `{--old--}{++new++}` as Lens writes it, by `author`, `hoursAgo` hours ago. */
export function replaced(oldText: string, newText: string, author: string, hoursAgo = 2): string {
  const meta = formatMeta(author, Date.now() - hoursAgo * HOUR);
  return `{--${meta}${oldText}--}{++${meta}${newText}++}`;
}

export function inserted(text: string, author: string, hoursAgo = 2): string {
  return `{++${formatMeta(author, Date.now() - hoursAgo * HOUR)}${text}++}`;
}

export function reviewVaultFiles(): Record<string, string> {
  return {
    // The live test: an assistant edits it over MCP while the page is open.
    "Plans.md":
      "# Plans\n\nPlan A: ship it.\nPlan B: ship it again.\nSee [[Ideas]] and [[Missing Note]].\n",
    // Accept and Reject, by click and by keyboard.
    "Notes/Ideas.md": [
      "# Ideas",
      "",
      `The ${replaced("old", "new", "Claude", 3)} idea was **good**.`,
      `We meet on ${replaced("Monday", "Tuesday", "Claude", 1)}.`,
      "",
      "- back to [[Plans|the plans]]",
      "- some `code` and a [site](https://example.com)",
      "",
    ].join("\n"),
    // Bulk review in the queue, filtered by author.
    "Bulk/One.md": `# One\n\nAlpha ${inserted("(checked)", "Mistral", 30)} and ${replaced("beta", "Beta", "Gemini", 5)}.\n`,
    "Bulk/Two.md": `# Two\n\nGamma ${replaced("delta", "Delta", "Mistral", 50)} done.\n`,
    // Keys never act on a suggestion the reviewer did not pick.
    "Keys.md": [
      "# Keys",
      "",
      `First ${replaced("one", "ONE", "Claude", 1)}.`,
      `Second ${replaced("two", "TWO", "Claude", 1)}.`,
      `Third ${replaced("three", "THREE", "Claude", 1)}.`,
      "",
    ].join("\n"),
    // Opened from the queue at a suggestion far down the note.
    "Long.md": [
      "# Long",
      "",
      ...Array.from({ length: 200 }, (_, i) => `Line ${i + 1} of the long note.`),
      `The ${replaced("deep", "buried", "Claude", 2)} change.`,
      ...Array.from({ length: 100 }, (_, i) => `Tail ${i + 1}.`),
      "",
    ].join("\n"),
    // What a view token sees.
    "Roadmap.md": `# Roadmap\n\n1. Launch in ${replaced("May", "June", "Ana's Claude", 4)}.\n2. Rest.\n`,
    // The word diff: only "Tuesday" / "Monday" change.
    "Diff.md": `# Diff\n\nWe meet on ${replaced("Tuesday at noon", "Monday at noon", "Claude", 1)}.\n`,
    // Undo, from the toast and with u; and an undo refused once the note changed.
    "Undo.md": `# Undo\n\nKeep ${replaced("this", "that", "Claude", 1)} here.\nAnd ${inserted("more", "Claude", 1)}.\n`,
    "Undo2.md": `# Undo 2\n\nKeep ${replaced("this", "that", "Claude", 1)} here.\n`,
    // Not an assistant's: by a person (Bo is an edit token; the Commentator plugin's form), and
    // one with no metadata at all. The queue's default filter leaves them out.
    "People.md": `# People\n\nBy a person: {++{"author":"Bo","time":${Math.floor(Date.now() / 1000) - 7200}}@@ reviewed++}.\nBy nobody known: {~~old~>hand-written~~}.\n`,
    // A suggested move, accepted from the queue with the link it rewrites.
    "Drafts/Kickoff draft.md": "# Kickoff draft\n\nAgenda to come.\n",
    "Linker.md": "# Linker\n\nSee [[Kickoff draft]] before Monday.\n",
    // A changeset of edits on two notes, accepted from the queue as one unit.
    "Batch/Left.md": "# Left\n\nThe colour is red.\n",
    "Batch/Right.md": "# Right\n\nThe colour is blue.\n",
    // An assistant suggests with a reason; the reviewer rejects it with a reply.
    "Reasons.md": "# Reasons\n\nThe launch is in spring.\n",
    // A conflict: accepting the insertion of "{--" would turn the text after it into a deletion.
    "Syntax.md": [
      "# Markup",
      "",
      `A deletion is written as ${inserted("{--", "Claude", 1)}old text--}.`,
      `We write ${replaced("colour", "color", "Claude", 1)}.`,
      "",
    ].join("\n"),
  };
}

/** Writes the vault's files under `root` and returns the folder to import as "Team". */
export function writeReviewVault(root: string): string {
  for (const [path, text] of Object.entries(reviewVaultFiles())) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}
