// Which document ids the sync server accepts: y-sweet's alphabet (ASCII letters, digits, `-`
// and `_`), which covers Relay's `{relay_id}-{uuid}` ids, up to core's one doc id limit — the
// store's, so that no write is acknowledged for an id the store cannot keep.
import { MAX_DOC_ID_LENGTH } from "@lens/core";

/** True for a non-empty id of at most MAX_DOC_ID_LENGTH (200) characters from `[A-Za-z0-9_-]`. */
export function isValidDocName(docId: string): boolean {
  return docId.length > 0 && docId.length <= MAX_DOC_ID_LENGTH && /^[A-Za-z0-9_-]+$/.test(docId);
}
