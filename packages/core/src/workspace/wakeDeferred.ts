// A dormant doc that cannot be woken right now, for a reason that may pass (its source could
// not be read: too many open files, an I/O error). Unlike a source that is gone or broken, this
// drops nothing: the doc stays dormant with its text, and whatever needed its Y.Doc fails,
// changing nothing, and may be tried again.

/**
 * Thrown by a `DocWaker` when the doc's source cannot be read at the moment; `Workspace.getDoc`
 * and `contentText` throw it on, the doc left dormant, intact. The message names the cause
 * (e.g. "could not read <file> right now (EMFILE: too many open files, …)").
 */
export class WakeDeferredError extends Error {
  override readonly name = "WakeDeferredError";
  /** Always true: the same call may succeed once the cause is gone. */
  readonly retryable = true;
  constructor(
    /** The dormant doc that could not be woken. */
    readonly docId: string,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/**
 * Whether `error` is a `WakeDeferredError` (also one from another copy of this module, as a
 * bundle may hold: told by its name and `retryable`).
 */
export function isWakeDeferred(error: unknown): error is WakeDeferredError {
  if (error instanceof WakeDeferredError) return true;
  return (
    error instanceof Error &&
    error.name === "WakeDeferredError" &&
    (error as { retryable?: unknown }).retryable === true
  );
}
