// @lens/sync public entry: y-sweet compatible live sync of a Lens workspace.

export type { ClientToken } from "./clientToken.js";
export { isValidDocName } from "./docName.js";
export type { SyncStats } from "./hub.js";
export { SYNC_DEFAULTS, type SyncLogger, type SyncOptions } from "./options.js";
export { isSyncOrigin, type SyncOrigin } from "./origin.js";
export { attachSync, createSyncServer, type SyncServer } from "./syncServer.js";
export type { Access } from "./tokens.js";
