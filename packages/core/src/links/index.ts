// Public API of links/: wikilink parser, link resolver, backlink index (see docs/links.md).

export {
  attachBacklinks,
  type BacklinkIndex,
  type BacklinkStats,
  backlinkIndexOf,
  type ResolvedLink,
} from "./backlinks.js";
export { BACKLINKS_ORIGIN } from "./backlinkWrites.js";
export { linkKey } from "./basenames.js";
export { joinRelative, LinkResolver } from "./resolve.js";
export { parseWikilinks, type Wikilink } from "./wikilink.js";
