// Why old_string was not found, said so an assistant can fix its call: the commonest slip is
// text copied from read with its line-number prefixes (`     12\t`, cat -n's layout; `12→` as
// some clients show it), which are not part of the document.
import { findMatches } from "./match.js";
import { type EditRefusal, refuse } from "./outcome.js";

/** A line-number prefix as read prints it (right-aligned number, then a tab) or as `N→`. */
const READ_PREFIX = /^ *\d+(?:\t|→)/;

/**
 * `text` with read's prefix removed from every line that has one, when its first line has
 * one; undefined otherwise (a number and a tab later in a line are the document's own).
 */
export function withoutReadPrefixes(text: string): { text: string; prefix: string } | undefined {
  const prefix = READ_PREFIX.exec(text)?.[0];
  if (prefix === undefined) return undefined;
  const stripped = text
    .split("\n")
    .map((line) => line.replace(READ_PREFIX, ""))
    .join("\n");
  return { text: stripped, prefix };
}

/** The refusal for an old_string that `view` does not hold. */
export function notFoundRefusal(view: string, oldString: string, newString: string): EditRefusal {
  const bare = withoutReadPrefixes(oldString);
  if (!bare) return refuse.notFound();
  const foundWithout = bare.text !== "" && findMatches(view, bare.text, newString) !== undefined;
  return refuse.lineNumberPrefix(
    bare.prefix,
    foundWithout,
    withoutReadPrefixes(newString) !== undefined,
  );
}
