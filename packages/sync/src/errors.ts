// The one error type of the sync server: it carries its HTTP status (and, where the status's
// own problem type would mislead, a finer one), and the app's onError turns it into the port's
// problem+json response (@lens/access `problem`).
import { kindOf, type ProblemKind } from "@lens/access";

export class SyncError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 413 | 503 | 507,
    message: string,
    /** Extension members of the problem (`code` on a 401: missing, invalid, expired). */
    readonly extensions: Record<string, unknown> = {},
    /** The problem type; default: the status's own. */
    readonly kind?: ProblemKind,
  ) {
    super(message);
    this.name = "SyncError";
  }
}

/** A client token that may only read, refused a write (403). */
export const READ_ONLY_TOKEN: ProblemKind = kindOf("read-only-token");
