// Which reads a call sees: the transport's own session (in memory for a stdio process or one REST
// request; a durable handle for an MCP session, so it outlives the process) linked with the handle
// the client passed — marks go to every one, any one unlocks an edit.
import type { ReadTracker, SessionStore } from "@lens/core";
import type { HandleRegistry } from "./handles.js";
import type { SessionRef } from "./sessionRef.js";

export class ReadTracking {
  constructor(
    readonly sessions: SessionStore,
    readonly handles: HandleRegistry,
  ) {}

  /** The tracker of `owner`'s call in `ref` with `handle` (the call's `session_id`, if any). */
  trackerFor(owner: string, ref: SessionRef, handle: string | undefined): ReadTracker {
    const parts: ReadTracker[] = [];
    if (ref.transport !== undefined) {
      parts.push(
        ref.durable ? this.handles.tracker(owner, ref.transport) : this.sessions.get(ref.transport),
      );
    }
    if (handle !== undefined && handle !== "") parts.push(this.handles.tracker(owner, handle));
    if (parts.length === 1) return parts[0] as ReadTracker;
    return linked(parts);
  }
}

/** Reads marked on every part; a document counts as read when any part read it. */
function linked(parts: ReadTracker[]): ReadTracker {
  const own = new Map<string, number>();
  return {
    markRead(docId, at) {
      own.set(docId, at ?? 0);
      for (const p of parts) p.markRead(docId, at);
    },
    hasRead: (docId) => own.has(docId) || parts.some((p) => p.hasRead(docId)),
  };
}
