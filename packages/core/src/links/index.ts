// Public API of links/: wikilink parser, link resolver, backlink index (see docs/links.md).

export { BACKLINKS_ORIGIN, type BacklinkStore, OwnedBacklinks } from "./backlinkStore.js";
export {
  type AttachOptions,
  attachBacklinks,
  type BacklinkIndex,
  type BacklinkStats,
  backlinkIndexOf,
  type ResolvedLink,
  startLinkUpkeep,
  type UpkeepOptions,
} from "./backlinks.js";
export { linkKey } from "./basenames.js";
export { joinRelative, LinkResolver } from "./resolve.js";
export { parseWikilinks, type Wikilink } from "./wikilink.js";
