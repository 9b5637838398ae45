export { CONTENTS, contentsText } from "./contentDoc.js";
export * from "./folderDoc.js";
export { contentDocId, type DocIdParts, isUuid, parseDocId } from "./ids.js";
