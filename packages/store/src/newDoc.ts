// A fresh Y.Doc whose guid comes from crypto.randomUUID: yjs's default (lib0 uuidv4) costs
// ~0.3 ms per doc, which dominates loading or importing thousands of docs.
import { randomUUID } from "node:crypto";
import * as Y from "yjs";

export function newDoc(): Y.Doc {
  return new Y.Doc({ guid: randomUUID() });
}
