export { Workspace, type Folder, type Resolution, type WorkspaceOptions } from "./workspace.js";
export type { EntryChange, WorkspaceEvent, WorkspaceListener } from "./events.js";
export { DocView } from "./viewCache.js";
export { counterUuids, workspaceFromTexts, type FolderTexts, type FromTextsOptions } from "./fromTexts.js";
