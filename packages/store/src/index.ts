// @lens/store public entry: the data-directory store, the data.ysweet codec and vault import/export.

export { writeFileAtomic } from "./atomicWrite.js";
export {
  BLOB_DIR,
  blobFile,
  blobSize,
  hasBlob,
  hashFile,
  putBlob,
} from "./attachments/blobDir.js";
export { type BlobStore, dirBlobs, type OpenBlob } from "./attachments/blobStore.js";
export { type AttachmentKind, attachmentKind, UNKNOWN_MIMETYPE } from "./attachments/kind.js";
export {
  type AttachmentFile,
  MAX_ATTACHMENT_BYTES,
} from "./attachments/readAttachments.js";
export { type BlobToStore, storeBlobs } from "./attachments/storeBlobs.js";
export { decodeBincodeMap, encodeBincodeMap } from "./codec/bincode.js";
export type { KvEntries } from "./codec/bytes.js";
export { type DocFileInfo, decodeDocFile, encodeDocFile, LOAD_ORIGIN } from "./codec/docFile.js";
export {
  decodeEnvelope,
  type Envelope,
  encodeEnvelope,
  type FileFormat,
} from "./codec/envelope.js";
export {
  DEFAULT_OID,
  DOC_NAME,
  oidKey,
  readDocUpdates,
  stateKey,
  stateVectorKey,
  updateKey,
  writeDocEntries,
} from "./codec/kvstore.js";
export {
  DirStore,
  openStore,
  type SleepOptions,
  type StoreOptions,
  type StoreTimer,
} from "./dirStore.js";
export { DATA_FILE, docFile, isStorableDocId } from "./docPath.js";
export type { Progress, SkippedDoc } from "./loadDir.js";
export {
  findReferenceProblems,
  formatLoadReport,
  type LoadReport,
  type MissingContent,
} from "./loadReport.js";
export {
  FORGOTTEN,
  openReadLog,
  type ReadLogFile,
  type ReadLogOptions,
  type ReadRecord,
  readLogPath,
} from "./readLog.js";
export { type ExportOptions, type ExportReport, exportVault } from "./vault/export.js";
export {
  BACKUP_MANIFEST,
  BACKUP_VAULT,
  type BackupManifest,
  type FolderBackup,
  type FolderSnapshot,
  noteCount,
  readFolderBackup,
  snapshotFolder,
} from "./vault/folderBackup.js";
export {
  applyVault,
  IMPORT_ORIGIN,
  type ImportOptions,
  type ImportReport,
  importVault,
  type ReadVaultOptions,
  readVault,
  type VaultContents,
} from "./vault/import.js";
export { type ReplaceOptions, type ReplaceResult, replaceFolder } from "./vault/replaceFolder.js";
export { applyTextDiff, textSplice } from "./vault/textDiff.js";
export type { SkippedFile } from "./vault/walk.js";
