export { CONTENTS, contentsText } from "./contentDoc.js";
export * from "./folderDoc.js";
export {
  contentDocId,
  type DocIdParts,
  isUuid,
  MAX_DOC_ID_LENGTH,
  parseDocId,
} from "./ids.js";
export {
  CHANGE_STATUSES,
  type ChangeStatus,
  PENDING_CHANGES,
  readChanges,
  type StructuralChange,
} from "./pendingChanges.js";
