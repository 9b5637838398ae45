// Wire format of the y-sweet WebSocket: y-protocols messages (sync, awareness, awareness
// query) plus y-sweet's sync-status heartbeat (102), which the server echoes back unchanged.
import * as decoding from "lib0/decoding";
import * as encoding from "lib0/encoding";
import type { Awareness } from "y-protocols/awareness";
import { encodeAwarenessUpdate } from "y-protocols/awareness";
import * as syncProtocol from "y-protocols/sync";
import type * as Y from "yjs";

export const MESSAGE_SYNC = 0;
export const MESSAGE_AWARENESS = 1;
export const MESSAGE_AUTH = 2;
export const MESSAGE_QUERY_AWARENESS = 3;
export const MESSAGE_SYNC_STATUS = 102;

/** One decoded client message; `update` carries the Yjs update of sync step 2 / update. */
export type ClientMessage =
  | { type: "sync-step-1"; stateVector: Uint8Array }
  | { type: "update"; update: Uint8Array }
  | { type: "awareness"; update: Uint8Array }
  | { type: "query-awareness" }
  | { type: "sync-status" }
  | { type: "ignored"; tag: number };

/** Decodes a client message; throws on malformed input. */
export function decodeMessage(data: Uint8Array): ClientMessage {
  const decoder = decoding.createDecoder(data);
  const tag = decoding.readVarUint(decoder);
  switch (tag) {
    case MESSAGE_SYNC: {
      const step = decoding.readVarUint(decoder);
      const payload = decoding.readVarUint8Array(decoder);
      if (step === syncProtocol.messageYjsSyncStep1) {
        return { type: "sync-step-1", stateVector: payload };
      }
      if (step === syncProtocol.messageYjsSyncStep2 || step === syncProtocol.messageYjsUpdate) {
        return { type: "update", update: payload };
      }
      return { type: "ignored", tag };
    }
    case MESSAGE_AWARENESS:
      return { type: "awareness", update: decoding.readVarUint8Array(decoder) };
    case MESSAGE_QUERY_AWARENESS:
      return { type: "query-awareness" };
    case MESSAGE_SYNC_STATUS:
      decoding.readVarUint8Array(decoder);
      return { type: "sync-status" };
    default:
      return { type: "ignored", tag };
  }
}

/** Sync step 1: the server's state vector, so the client sends what the server lacks. */
export function encodeSyncStep1(doc: Y.Doc): Uint8Array {
  const encoder = encoding.createEncoder();
  encoding.writeVarUint(encoder, MESSAGE_SYNC);
  syncProtocol.writeSyncStep1(encoder, doc);
  return encoding.toUint8Array(encoder);
}

/**
 * Sync step 2: everything the client lacks — `Y.encodeStateAsUpdate(doc, itsStateVector)`, as
 * this client may see it (backlinkView.ts).
 */
export function encodeSyncStep2(update: Uint8Array): Uint8Array {
  const encoder = encoding.createEncoder();
  encoding.writeVarUint(encoder, MESSAGE_SYNC);
  encoding.writeVarUint(encoder, syncProtocol.messageYjsSyncStep2);
  encoding.writeVarUint8Array(encoder, update);
  return encoding.toUint8Array(encoder);
}

/** A Yjs update, as broadcast to connected clients. */
export function encodeUpdate(update: Uint8Array): Uint8Array {
  const encoder = encoding.createEncoder();
  encoding.writeVarUint(encoder, MESSAGE_SYNC);
  syncProtocol.writeUpdate(encoder, update);
  return encoding.toUint8Array(encoder);
}

/** The awareness states of `clients` (all known clients by default). */
export function encodeAwareness(awareness: Awareness, clients?: number[]): Uint8Array {
  const encoder = encoding.createEncoder();
  encoding.writeVarUint(encoder, MESSAGE_AWARENESS);
  const ids = clients ?? [...awareness.getStates().keys()];
  encoding.writeVarUint8Array(encoder, encodeAwarenessUpdate(awareness, ids));
  return encoding.toUint8Array(encoder);
}
