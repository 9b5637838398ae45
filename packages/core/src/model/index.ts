export { CONTENTS, contentsText } from "./contentDoc.js";
export * from "./folderDoc.js";
export {
  contentDocId,
  type DocIdParts,
  isUuid,
  MAX_DOC_ID_LENGTH,
  parseDocId,
} from "./ids.js";
