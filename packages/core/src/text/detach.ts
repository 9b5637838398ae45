// Strings kept long after the text they were cut from. V8 makes a substring of 13 or more
// characters a view into its parent string, which then stays in memory as long as the view
// does: a suggestion's record in the history or a note's alias in the ranked index would keep
// the whole note as it was when the record was made — every edited version of it, for as long
// as the record lives. Such strings are copied before they are kept.

/** Below this length V8 copies a substring anyway. */
const VIEW_MIN_LENGTH = 13;

/** `s` as a string of its own, sharing no memory with a longer one. */
export function detached(s: string): string {
  // Concatenating makes a pair; slicing the pair flattens it into a new string of s's length
  // plus one, of which the result is a view. The text `s` came from is no longer referenced.
  return s.length < VIEW_MIN_LENGTH ? s : ` ${s}`.slice(1);
}
