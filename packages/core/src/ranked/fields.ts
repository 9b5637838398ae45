// What ranked search indexes of a note: its title (file name) and aliases, headings, tags
// (inline `#tag` and frontmatter `tags`), the values of its other properties, and its body (the
// text after the frontmatter), all taken from the AI view (what read shows).
import { findFrontmatter } from "../links/frontmatter.js";
import { proseRanges } from "../text/markdownCode.js";

export interface NoteFields {
  title: string;
  /** Frontmatter `aliases` (or `alias`): the note's other names. */
  aliases: string[];
  headings: string;
  /** Folded tags without `#`, nested ones also by each parent (`a/b` → `a/b`, `a`). */
  tags: string[];
  /** The values of the other frontmatter properties (their keys left out), one a line. */
  properties: string;
  /** The text after the frontmatter. */
  body: string;
}

const HEADING = /^ {0,3}#{1,6}[ \t]+(.+?)[ \t#]*$/gm;
const MAYBE_TAG = /(?:^|[\s(])#[\p{L}\p{N}_\-/]/u;
const INLINE_TAG = /(?:^|[\s(])#([\p{L}\p{N}_\-/]*[\p{L}_\-/][\p{L}\p{N}_\-/]*)/gu;

/**
 * Most characters of a note the ranked index reads: tokenizing costs about 30 µs a kilobyte,
 * and one note is indexed in one go, so a 3.9 MB note held the event loop for over 100 ms.
 * Past this a note is found by its name, headings and tags above the cut, and by grep.
 */
export const MAX_RANKED_CHARS = 256 * 1024;

/** `ai` cut to MAX_RANKED_CHARS, between two words when one ends near it (whole when shorter). */
export function rankedText(ai: string): string {
  if (ai.length <= MAX_RANKED_CHARS) return ai;
  let end = MAX_RANKED_CHARS;
  // Back to a space or line end within the last 1 000 characters, so no word is cut in two.
  for (let i = end; i > end - 1000; i--) {
    const c = ai.charCodeAt(i);
    if (c === 0x20 || c === 0x0a || c === 0x09) {
      end = i;
      break;
    }
  }
  // Never between the two halves of a surrogate pair.
  const last = ai.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end--;
  return ai.slice(0, end);
}

export function noteFields(path: string, ai: string): NoteFields {
  const name = path.slice(path.lastIndexOf("/") + 1).replace(/\.md$/i, "");
  const fm = findFrontmatter(ai);
  const body = fm ? ai.slice(fm.bodyStart) : ai;
  const headings: string[] = [];
  for (const m of body.matchAll(HEADING)) headings.push(m[1] as string);
  const tags = new Set<string>();
  const front = fm ? frontmatterLists(ai.slice(fm.start, fm.end)) : undefined;
  for (const t of front?.tags ?? []) addTag(tags, t);
  // Finding the prose (outside code) costs a pass over the note: only when a tag may be there.
  if (MAYBE_TAG.test(ai)) {
    for (const r of proseRanges(ai, fm?.bodyStart ?? 0)) {
      for (const m of ai.slice(r.start, r.end).matchAll(INLINE_TAG)) addTag(tags, m[1] as string);
    }
  }
  return {
    title: name,
    aliases: front?.aliases ?? [],
    headings: headings.join("\n"),
    tags: [...tags],
    properties: front?.other ?? "",
    body,
  };
}

function addTag(tags: Set<string>, raw: string): void {
  const tag = raw.replace(/^#/, "").toLowerCase().normalize("NFC");
  if (!tag) return;
  tags.add(tag);
  const parts = tag.split("/");
  for (let i = 1; i < parts.length; i++) tags.add(parts.slice(0, i).join("/"));
}

const KEY = /^([^\s:#-][^:]*):\s*(.*)$/;
const ITEM = /^\s*-\s*(.*)$/;

/**
 * The frontmatter's `tags` (or `tag`) and `aliases` (or `alias`), each `[a, b]`, `a, b` or a list
 * of `- a` lines, and the values of every other key, one a line. A cheap line reading, not a
 * YAML parse: indexing reads every note, and the YAML parser costs ~0.3 ms a block.
 */
function frontmatterLists(yaml: string): { tags: string[]; aliases: string[]; other: string } {
  const out = { tags: [] as string[], aliases: [] as string[], other: [] as string[] };
  let list: string[] = out.other;
  for (const line of yaml.split(/\r?\n/)) {
    const key = KEY.exec(line);
    if (key) {
      const name = (key[1] as string).trim().toLowerCase();
      const rest = (key[2] as string).trim();
      list =
        name === "tags" || name === "tag"
          ? out.tags
          : name === "aliases" || name === "alias"
            ? out.aliases
            : out.other;
      if (rest && list === out.other) list.push(rest);
      else if (rest) list.push(...splitList(rest, list === out.tags));
      continue;
    }
    const item = ITEM.exec(line);
    if (item?.[1]) list.push(unquote(item[1]));
    else if (line.trim() && list === out.other) list.push(line.trim());
  }
  return { tags: out.tags, aliases: out.aliases, other: out.other.join("\n") };
}

/** `[a, b]` or `a, b` (tags also split at spaces: `tags: a b`). */
function splitList(rest: string, bySpaces: boolean): string[] {
  return rest
    .replace(/^\[|\]$/g, "")
    .split(bySpaces ? /[,\s]+/ : /,/)
    .map(unquote)
    .filter(Boolean);
}

function unquote(s: string): string {
  return s.trim().replace(/^["']|["']$/g, "");
}
