// @lens/core public entry: re-exports each area's public API by name.

export * from "./access/index.js";
export * from "./critic/index.js";
export * from "./edit/index.js";
export { type FolderGuide, folderGuides, GUIDE_NOTE } from "./guide/folderGuide.js";
export * from "./history/index.js";
export * from "./links/index.js";
export * from "./model/index.js";
export * from "./outcome/index.js";
export * from "./paths/index.js";
export * from "./ranked/index.js";
export * from "./registry/index.js";
export * from "./review/index.js";
export * from "./search/index.js";
export { clip } from "./text/clip.js";
export { plural, withArticle } from "./text/english.js";
export * from "./text/lines.js";
export * from "./tools/index.js";
export * from "./workspace/index.js";
