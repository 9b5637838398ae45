// Pins the public entry point: what @lens/store exports by name.

import { MAX_DOC_ID_LENGTH } from "@lens/core";
import { expect, it } from "vitest";
import * as api from "../src/index.js";

it("exports exactly the public API", () => {
  expect(Object.keys(api).sort()).toEqual(
    [
      "BACKUP_MANIFEST",
      "dirBlobs",
      "storeBlobs",
      "putBlob",
      "hasBlob",
      "hashFile",
      "blobSize",
      "blobFile",
      "attachmentKind",
      "UNKNOWN_MIMETYPE",
      "MAX_ATTACHMENT_BYTES",
      "BLOB_DIR",
      "BACKUP_VAULT",
      "DATA_FILE",
      "DEFAULT_OID",
      "DOC_NAME",
      "DirStore",
      "FORGOTTEN",
      "IMPORT_ORIGIN",
      "LOAD_ORIGIN",
      "applyTextDiff",
      "applyVault",
      "decodeBincodeMap",
      "decodeDocFile",
      "decodeEnvelope",
      "docFile",
      "encodeBincodeMap",
      "encodeDocFile",
      "encodeEnvelope",
      "exportVault",
      "findReferenceProblems",
      "formatLoadReport",
      "importVault",
      "isStorableDocId",
      "noteCount",
      "oidKey",
      "openReadLog",
      "openStore",
      "readDocUpdates",
      "readFolderBackup",
      "readLogPath",
      "readVault",
      "replaceFolder",
      "snapshotFolder",
      "stateKey",
      "stateVectorKey",
      "textSplice",
      "updateKey",
      "writeDocEntries",
      "writeFileAtomic",
    ].sort(),
  );
});

it("stores every doc id up to core's one limit (MAX_DOC_ID_LENGTH, the one sync checks) and none longer", () => {
  expect(api.isStorableDocId("x".repeat(MAX_DOC_ID_LENGTH))).toBe(true);
  expect(api.isStorableDocId("x".repeat(MAX_DOC_ID_LENGTH + 1))).toBe(false);
});
