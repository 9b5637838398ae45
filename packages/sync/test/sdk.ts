// Loads the official @y-sweet/sdk, so HTTP tests go through its DocumentManager and
// DocConnection (typed here by the few methods the tests use).
import { createRequire } from "node:module";
import type { ClientToken } from "../src/index.js";

export interface DocumentManager {
  createDoc(docId?: string): Promise<{ docId: string }>;
  getClientToken(docId: string, request?: Record<string, unknown>): Promise<ClientToken>;
  getOrCreateDocAndToken(docId?: string): Promise<ClientToken>;
  getDocAsUpdate(docId: string): Promise<Uint8Array>;
  updateDoc(docId: string, update: Uint8Array): Promise<void>;
}

export interface DocConnection {
  getAsUpdate(): Promise<Uint8Array>;
  updateDoc(update: Uint8Array): Promise<void>;
}

interface YSweetSdk {
  DocumentManager: new (connectionString: string) => DocumentManager;
  DocConnection: new (token: ClientToken) => DocConnection;
}

export const sdk = createRequire(import.meta.url)("@y-sweet/sdk") as YSweetSdk;
