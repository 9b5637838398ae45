// Which document ids the sync server accepts: y-sweet's alphabet (ASCII letters, digits, `-`
// and `_`), which covers Relay's `{relay_id}-{uuid}` ids, with a bound on length.

export const MAX_DOC_NAME_LENGTH = 256;

/** True for a non-empty id of at most 256 characters from `[A-Za-z0-9_-]`. */
export function isValidDocName(docId: string): boolean {
  return docId.length > 0 && docId.length <= MAX_DOC_NAME_LENGTH && /^[A-Za-z0-9_-]+$/.test(docId);
}
