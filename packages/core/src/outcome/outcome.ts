// The one failure shape of Lens and the result type that carries it: every area of core and
// every layer around it (service, doors) says what went wrong with a LensError.

/**
 * Why a tool call failed, for adapters that map failures to their own vocabulary (REST
 * statuses). The assistant only ever sees the text.
 */
export type ToolErrorCode =
  | "invalid_path"
  | "not_found"
  | "not_a_document"
  | "not_a_folder"
  | "ambiguous"
  | "not_loaded"
  | "not_read"
  | "invalid_pattern"
  | "no_match"
  | "not_unique"
  | "identical"
  | "invalid_edit"
  | "timeout"
  | "forbidden"
  | "exists"
  | "not_supported"
  | "busy"
  | "internal"
  | "stale"
  | "conflict"
  | "not_saved"
  | "not_audited";

/**
 * The one failure shape of core: what went wrong (`code`, for adapters that map failures to
 * their own vocabulary, e.g. REST statuses), the sentence an assistant reads (`message`), and
 * facts a program may use (`details`).
 */
export interface LensError {
  code: ToolErrorCode;
  message: string;
  details?: Record<string, unknown>;
}

/** A tool's typed answer, or why there is none. */
export type Outcome<T> = { ok: true; value: T } | { ok: false; error: LensError };

export function success<T>(value: T): Outcome<T> {
  return { ok: true, value };
}

export function failure(
  code: ToolErrorCode,
  message: string,
  details?: Record<string, unknown>,
): { ok: false; error: LensError } {
  return { ok: false, error: lensError(code, message, details) };
}

export function lensError(
  code: ToolErrorCode,
  message: string,
  details?: Record<string, unknown>,
): LensError {
  return details === undefined ? { code, message } : { code, message, details };
}
