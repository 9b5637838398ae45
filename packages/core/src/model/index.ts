export { contentDocId, isUuid, parseDocId, type DocIdParts } from "./ids.js";
export * from "./folderDoc.js";
export { CONTENTS, contentsText } from "./contentDoc.js";
