// glob's filters on what notes say about themselves: `tag` (every tag given, each also finding
// the tags nested under it) and `where` (each property given equals the value, or, for a list
// property, holds it; text compared trimmed and ignoring case; keys ignoring case).
import type { Properties, PropertyValue } from "./frontmatterYaml.js";
import type { NoteProperties } from "./noteProperties.js";
import { hasTag } from "./tags.js";

export type WhereValue = string | number | boolean;

export interface PropertyFilter {
  /** Tags a note must all have (without `#`). */
  tags: string[];
  /** Properties a note must all match. */
  where: Record<string, WhereValue>;
}

/**
 * A cheap test that a note's AI view `text` may match (each tag and each property key occurs in
 * it, ignoring case), so glob parses only the notes that may: parsing frontmatter costs ~0.3 ms
 * a note, a vault-wide filter would cost seconds otherwise.
 */
export function mayMatch(filter: PropertyFilter): (text: string) => boolean {
  const words = [...filter.tags, ...Object.keys(filter.where)].map(
    (w) => new RegExp(w.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"), "iu"),
  );
  return (text) => words.every((re) => re.test(text));
}

export function matchesFilter(note: NoteProperties, filter: PropertyFilter): boolean {
  for (const t of filter.tags) if (!hasTag(note.tags, t)) return false;
  for (const [key, wanted] of Object.entries(filter.where)) {
    if (!matchesProperty(propertyOf(note.properties, key), wanted)) return false;
  }
  return true;
}

function propertyOf(properties: Properties | undefined, key: string): PropertyValue | undefined {
  if (!properties) return undefined;
  if (Object.hasOwn(properties, key)) return properties[key];
  const k = key.toLowerCase();
  for (const [name, value] of Object.entries(properties))
    if (name.toLowerCase() === k) return value;
  return undefined;
}

function matchesProperty(value: PropertyValue | undefined, wanted: WhereValue): boolean {
  if (value === undefined) return false;
  if (Array.isArray(value)) return value.some((v) => same(v, wanted));
  return same(value, wanted);
}

function same(value: PropertyValue, wanted: WhereValue): boolean {
  if (value === null || typeof value === "object") return false;
  return fold(String(value)) === fold(String(wanted));
}

function fold(s: string): string {
  return s.trim().normalize("NFC").toLowerCase();
}
