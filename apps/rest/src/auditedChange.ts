// A change that must be undone when its audit entry cannot be written: each note (or folder
// doc) it changes is tracked by a Y.UndoManager for this change's own transaction origin, so
// undoing reverts exactly that transaction and keeps whatever a person typed meanwhile.
import * as Y from "yjs";

export class AuditedChange {
  /** The transaction origin of this change alone (one object per change). */
  readonly origin: { name: string };
  private managers: Y.UndoManager[] = [];

  constructor(name: string) {
    this.origin = { name };
  }

  /** Call with each shared type just before the change touches it. */
  // biome-ignore lint/suspicious/noExplicitAny: any shared type (Y.Text, Y.Map, …)
  readonly track = (scope: Y.AbstractType<any> | Y.AbstractType<any>[]): void => {
    this.managers.push(
      new Y.UndoManager(scope, { trackedOrigins: new Set([this.origin]), captureTimeout: 0 }),
    );
  };

  /** Reverts the change (its transactions only), then stops tracking. */
  undo(): void {
    for (const m of this.managers) m.undo();
    this.release();
  }

  /** Stops tracking: the change stays. */
  release(): void {
    for (const m of this.managers) m.destroy();
    this.managers = [];
  }
}
