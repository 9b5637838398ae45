export { joinUserPath, normalizeUserPath, PathError, parentDirs } from "./normalize.js";
export { type FolderRef, type Located, PathIndex } from "./pathIndex.js";
