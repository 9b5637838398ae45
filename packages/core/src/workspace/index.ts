export type { EntryChange, WorkspaceEvent, WorkspaceListener } from "./events.js";
export {
  counterUuids,
  type FolderTexts,
  type FromTextsOptions,
  workspaceFromTexts,
} from "./fromTexts.js";
export { type DocumentSummary, documentSummary } from "./summary.js";
export { DocView, type KeptText } from "./viewCache.js";
export { isWakeDeferred, WakeDeferredError } from "./wakeDeferred.js";
export {
  type AddFolderOptions,
  type DocWaker,
  type Folder,
  type Resolution,
  Workspace,
  type WorkspaceOptions,
} from "./workspace.js";
