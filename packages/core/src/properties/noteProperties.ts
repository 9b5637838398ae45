// What a note says about itself: its properties and tags, worked out once per version of the
// note (cached on its DocView, which a change replaces) from the AI view, what read shows.
import type { DocView } from "../workspace/viewCache.js";
import { type Properties, parseFrontmatter } from "./frontmatterYaml.js";
import { frontmatterTags, inlineTags, uniqueTags } from "./tags.js";

export interface NoteProperties {
  /** Frontmatter properties; absent when the note has none or they could not be read. */
  properties?: Properties;
  /** Frontmatter tags, then inline ones, without `#` or repeats. */
  tags: string[];
  /** Why frontmatter that is there was left out (bad YAML, too large). */
  problem?: string;
}

const cache = new WeakMap<DocView, NoteProperties>();

/** The properties and tags of one version of a note. */
export function notePropertiesOf(view: DocView): NoteProperties {
  let found = cache.get(view);
  if (!found) {
    found = noteProperties(view.aiOnce());
    cache.set(view, found);
  }
  return found;
}

/** The properties and tags of a note's text (its AI view). */
export function noteProperties(text: string): NoteProperties {
  const parsed = parseFrontmatter(text);
  const fmTags = parsed.properties ? frontmatterTags(tagsValue(parsed.properties)) : [];
  const out: NoteProperties = { tags: uniqueTags([...fmTags, ...inlineTags(text)]) };
  if (parsed.properties) out.properties = parsed.properties;
  if (parsed.problem) out.problem = parsed.problem;
  return out;
}

/** The `tags` property (`tag` too, as Obsidian reads it), its key in any case. */
function tagsValue(properties: Properties): Properties[string] | undefined {
  for (const [key, value] of Object.entries(properties)) {
    const k = key.toLowerCase();
    if (k === "tags" || k === "tag") return value;
  }
  return undefined;
}
