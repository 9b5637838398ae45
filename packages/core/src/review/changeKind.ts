// What a pending suggestion does, for a reviewer's filter: creates a note (its whole text is the
// one insertion, what create writes), deletes text (nothing comes in its place), rewrites a link
// (what move leaves in the notes that linked to the moved one: a change inside `[[…]]` or of a
// whole link), or edits.
import type { Suggestion } from "../critic/suggestions.js";

export type ChangeKind = "edit" | "create" | "move" | "delete";

const WHOLE_LINK = /^!?\[\[[^[\]\n]+\]\]$|^!?\[[^[\]\n]*\]\([^()\n]+\)$/;
const LINK_OPEN_BEFORE = /!?\[\[[^[\]\n]*$/;
const LINK_CLOSE_AFTER = /^[^[\]\n]*\]\]/;

/** True when the suggestion changes a link's target (or swaps one whole link for another). */
function rewritesLink(s: Suggestion): boolean {
  if (s.oldText === "" || s.newText === "") return false;
  if (WHOLE_LINK.test(s.oldText) && WHOLE_LINK.test(s.newText)) return true;
  const { before = "", after = "" } = s.context ?? {};
  return (
    !/[\n[\]]/.test(s.oldText + s.newText) &&
    LINK_OPEN_BEFORE.test(before) &&
    LINK_CLOSE_AFTER.test(after)
  );
}

/** The kind of change `s` is; `created`: its note is a created one (see createdNote.ts). */
export function changeKind(s: Suggestion, created: boolean): ChangeKind {
  if (created) return "create";
  if (s.newText === "") return "delete";
  return rewritesLink(s) ? "move" : "edit";
}
