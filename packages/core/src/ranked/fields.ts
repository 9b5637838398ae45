// What ranked search indexes of a note: its title (file name), headings, tags (inline `#tag`
// and frontmatter `tags`) and body, all taken from the AI view (what read shows).
import { findFrontmatter } from "../links/frontmatter.js";
import { proseRanges } from "../text/markdownCode.js";

export interface NoteFields {
  title: string;
  headings: string;
  /** Folded tags without `#`, nested ones also by each parent (`a/b` → `a/b`, `a`). */
  tags: string[];
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
  const headings: string[] = [];
  for (const m of ai.matchAll(HEADING)) headings.push(m[1] as string);
  const tags = new Set<string>();
  const fm = findFrontmatter(ai);
  if (fm) for (const t of frontmatterTags(ai.slice(fm.start, fm.end))) addTag(tags, t);
  // Finding the prose (outside code) costs a pass over the note: only when a tag may be there.
  if (MAYBE_TAG.test(ai)) {
    for (const r of proseRanges(ai, fm?.bodyStart ?? 0)) {
      for (const m of ai.slice(r.start, r.end).matchAll(INLINE_TAG)) addTag(tags, m[1] as string);
    }
  }
  return { title: name, headings: headings.join("\n"), tags: [...tags], body: ai };
}

function addTag(tags: Set<string>, raw: string): void {
  const tag = raw.replace(/^#/, "").toLowerCase().normalize("NFC");
  if (!tag) return;
  tags.add(tag);
  const parts = tag.split("/");
  for (let i = 1; i < parts.length; i++) tags.add(parts.slice(0, i).join("/"));
}

/** `tags: [a, b]`, `tags: a, b` or a `tags:` list of `- a` lines (also `tag:`). */
function frontmatterTags(yaml: string): string[] {
  const lines = yaml.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const m = /^tags?:\s*(.*)$/i.exec(lines[i] as string);
    if (!m) continue;
    const rest = (m[1] as string).trim();
    if (rest)
      return rest
        .replace(/^\[|\]$/g, "")
        .split(/[,\s]+/)
        .map(unquote)
        .filter(Boolean);
    const out: string[] = [];
    for (let j = i + 1; j < lines.length; j++) {
      const item = /^\s*-\s*(.+)$/.exec(lines[j] as string);
      if (!item) break;
      out.push(unquote(item[1] as string));
    }
    return out;
  }
  return [];
}

function unquote(s: string): string {
  return s.trim().replace(/^["']|["']$/g, "");
}
