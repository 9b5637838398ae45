export { joinUserPath, normalizeUserPath, parentDirs, PathError } from "./normalize.js";
export { PathIndex, type FolderRef, type Located } from "./pathIndex.js";
