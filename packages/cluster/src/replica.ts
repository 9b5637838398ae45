// One process's workspace kept in step with the update log: every change made here (an
// assistant's edit, a sync client's update, an import) goes out through the outbox, and every
// entry another process appended is applied here, making the document when it is new.
import { isFolderDoc, type Workspace } from "@lens/core";
import * as Y from "yjs";
import type { Outbox } from "./outbox.js";

/** The transaction origin of updates applied from the log: never sent back out. */
export const CLUSTER_ORIGIN: { readonly lensCluster: true } = { lensCluster: true };

interface Watched {
  doc: Y.Doc;
  off: () => void;
}

export class Replica {
  private readonly watched = new Map<string, Watched>();
  private readonly stopEvents: () => void;
  /** The doc id being added by `apply` (its state came from the log: nothing to send). */
  private adding: string | undefined;

  constructor(
    private readonly ws: Workspace,
    private readonly outbox: Outbox,
  ) {
    for (const docId of ws.docIds()) {
      const doc = ws.awakeDoc(docId);
      if (doc) this.watch(docId, doc, false);
    }
    this.stopEvents = ws.on((e) => {
      if (e.type !== "doc") return;
      if (e.action === "removed") {
        // Re-added right away when a content doc becomes a folder doc: watched again below.
        this.unwatch(e.docId);
        return;
      }
      const doc = ws.awakeDoc(e.docId);
      if (!doc || this.watched.get(e.docId)?.doc === doc) return;
      this.watch(e.docId, doc, this.adding !== e.docId);
    });
  }

  /** Applies one entry from the log. */
  apply(docId: string, update: Uint8Array): void {
    const doc = this.ws.getDoc(docId);
    if (doc) {
      Y.applyUpdate(doc, update, CLUSTER_ORIGIN);
      // A content doc that gained folder entries is a folder doc from now on (as sync does).
      if (this.ws.hasContent(docId) && isFolderDoc(docId, doc)) this.add(docId, doc);
      return;
    }
    if (this.ws.unavailableReason(docId) !== undefined) return;
    const fresh = new Y.Doc();
    Y.applyUpdate(fresh, update, CLUSTER_ORIGIN);
    this.add(docId, fresh);
  }

  stop(): void {
    this.stopEvents();
    for (const docId of [...this.watched.keys()]) this.unwatch(docId);
  }

  private add(docId: string, doc: Y.Doc): void {
    this.adding = docId;
    try {
      if (isFolderDoc(docId, doc)) this.ws.addFolder(docId, doc);
      else this.ws.addContent(docId, doc);
    } finally {
      this.adding = undefined;
    }
  }

  /**
   * Follows a doc's updates. A doc made here and filled before the workspace got it (a new
   * note, an import) is sent whole once: the updates that filled it were not watched.
   */
  private watch(docId: string, doc: Y.Doc, sendState: boolean): void {
    this.unwatch(docId);
    const onUpdate = (update: Uint8Array, origin: unknown) => {
      if (origin !== CLUSTER_ORIGIN) this.outbox.push(docId, update);
    };
    doc.on("update", onUpdate);
    this.watched.set(docId, { doc, off: () => doc.off("update", onUpdate) });
    if (sendState) {
      const state = Y.encodeStateAsUpdate(doc);
      // An empty doc (a sync client's first open) encodes as two zero bytes: nothing to send.
      if (state.length > 2) this.outbox.push(docId, state);
    }
  }

  private unwatch(docId: string): void {
    this.watched.get(docId)?.off();
    this.watched.delete(docId);
  }
}
