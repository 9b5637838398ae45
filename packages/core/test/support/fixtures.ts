// Test support: decode the relay-server fixture files with cbor-x + yjs (the full codec is
// @lens/store's; core tests only need the doc state).
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { Decoder } from "cbor-x";
import * as Y from "yjs";

export const FIXTURE_DIR = new URL("../../../../fixtures/relay-server/", import.meta.url).pathname;
export const FOLDER_DOC_ID =
  "cb696037-0f72-4e93-8717-4e433129d789-0cfaf813-05c4-471f-ad4a-f0d1593e7679";
export const CRITIC_DOC_ID =
  "cb696037-0f72-4e93-8717-4e433129d789-10f9d5dc-93f3-42ec-b78c-d55ca0751aa9";
export const COMMENT_DOC_ID =
  "cb696037-0f72-4e93-8717-4e433129d789-0ba59469-b0a7-4250-a7e2-b67f42e77d8b";

const decoder = new Decoder({ mapsAsObjects: false, useRecords: false } as never);

/** Loads `<fixtures>/<docId>/data.ysweet` into a Y.Doc (full state + pending updates). */
export function loadFixtureDoc(docId: string): Y.Doc {
  const envelope = decoder.decode(readFileSync(join(FIXTURE_DIR, docId, "data.ysweet"))) as Map<
    string,
    unknown
  >;
  const data = envelope.get("data") as Map<Uint8Array, Uint8Array>;
  const doc = new Y.Doc();
  // yrs-kvstore keys: 00 01 oid 00 = full state; 00 01 oid 02 seq 00 = pending updates.
  const entries = [...data.entries()].sort((a, b) => Buffer.compare(a[0], b[0]));
  for (const [key, value] of entries) {
    if (key[0] !== 0 || key[1] !== 1) continue;
    const oidEnd = 6; // the fixtures' oid is 4 bytes
    if (key.length === oidEnd + 1 && key[oidEnd] === 0) Y.applyUpdate(doc, value);
    else if (key[oidEnd] === 2) Y.applyUpdate(doc, value);
  }
  return doc;
}

export function fixtureDocIds(): string[] {
  return readdirSync(FIXTURE_DIR);
}
