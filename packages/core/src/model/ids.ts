// Doc ids in the Relay layout: `{relay_id}-{uuid}`, both parts 36-char UUIDs; and the one bound
// on any doc id's length.

const UUID = "[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}";
const DOC_ID = new RegExp(`^(${UUID})-(${UUID})$`);

/**
 * The longest doc id Lens holds, in characters: the store names a directory after it (a file
 * name is at most 255 bytes on common file systems), and sync refuses longer ids at the door so
 * that no write is acknowledged that the store cannot keep. Relay ids are 73 characters.
 */
export const MAX_DOC_ID_LENGTH = 200;

export interface DocIdParts {
  relayId: string;
  uuid: string;
}

/** Splits a Relay doc id into its relay id and document uuid; undefined if it is not one. */
export function parseDocId(docId: string): DocIdParts | undefined {
  const m = DOC_ID.exec(docId);
  if (!m) return undefined;
  return { relayId: m[1]!, uuid: m[2]! };
}

/** The doc id of the content doc of an entry of a folder in relay `relayId`. */
export function contentDocId(relayId: string, entryId: string): string {
  return `${relayId}-${entryId}`;
}

export function isUuid(s: string): boolean {
  return new RegExp(`^${UUID}$`).test(s);
}
