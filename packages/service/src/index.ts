// @lens/service: the application layer every door (MCP, REST, sync, the CLI) calls.
export { type Actor, actorFor, OWNER_ACTOR, ownerOf } from "./actor.js";
export type { AdminRecord } from "./administer.js";
export type { SessionRef } from "./context.js";
export { createLens, Lens, type LensOptions } from "./lens.js";
export {
  isOperation,
  may,
  OPERATIONS,
  type Operation,
  refusal,
  roleFor,
  toolsFor,
} from "./operations.js";
export type {
  AuditRecord,
  AuditSink,
  ForwardedCall,
  GrepRunner,
  LensPorts,
  Persist,
  ServiceLog,
  WriteRouter,
} from "./ports.js";
export { SILENT_LOG } from "./ports.js";
export {
  DEFAULT_HANDLE_IDLE_MS,
  type HandleOptions,
  HandleRegistry,
  ISSUED_PREFIX,
} from "./reads/handles.js";
export type { ReadEntry, ReadLog } from "./reads/readLog.js";
export type { ReplyingReview, ReviewedDocument, ServiceReview } from "./review.js";
export type { UndoneWithAction } from "./undo.js";
export { UNDO_KEEP_MS, UNDO_MAX } from "./undoLog.js";
