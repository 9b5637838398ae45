// The one error type of the sync server: it carries its HTTP status, and the app's onError
// turns it into a plain-text response.

export class SyncError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 413 | 503 | 507,
    message: string,
  ) {
    super(message);
    this.name = "SyncError";
  }
}
