// The one way the page talks to the server: JSON over /api/v1 with the bearer token, every
// error turned into an ApiError carrying the server's problem (its `detail` is what is shown).
import type { Problem } from "./types.js";

export const API_BASE = "/api/v1";

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly problem: Problem,
  ) {
    super(problem.detail ?? problem.title ?? `The server answered ${status}.`);
    this.name = "ApiError";
  }
}

export interface Api {
  get<T>(path: string): Promise<T>;
  post<T>(path: string, body: unknown): Promise<T>;
  /** A streaming GET (server-sent events), aborted with `signal`. */
  stream(path: string, signal: AbortSignal): Promise<Response>;
}

/** Headers for a request with the token, when there is one. */
export function authHeaders(token: string | undefined): Record<string, string> {
  return token ? { authorization: `Bearer ${token}` } : {};
}

/** Reads a failed response's problem body; a body that is not one still gives a message. */
async function problemOf(res: Response): Promise<Problem> {
  try {
    const body = (await res.json()) as unknown;
    if (body && typeof body === "object") return body as Problem;
  } catch {
    // not JSON: fall through
  }
  return { status: res.status, title: res.statusText || `HTTP ${res.status}` };
}

export function createApi(token: string | undefined, fetcher: typeof fetch = fetch): Api {
  const send = async (path: string, init: RequestInit): Promise<Response> => {
    let res: Response;
    try {
      res = await fetcher(`${API_BASE}${path}`, {
        ...init,
        headers: { accept: "application/json", ...authHeaders(token), ...init.headers },
        cache: "no-store",
      });
    } catch (e) {
      if (init.signal?.aborted) throw e;
      throw new ApiError(0, {
        title: "Network error",
        detail: "The server could not be reached. Is `lens serve` running?",
      });
    }
    if (!res.ok) throw new ApiError(res.status, await problemOf(res));
    return res;
  };
  return {
    async get<T>(path: string) {
      return (await (await send(path, { method: "GET" })).json()) as T;
    },
    async post<T>(path: string, body: unknown) {
      const res = await send(path, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      return (await res.json()) as T;
    },
    stream(path, signal) {
      return send(path, { method: "GET", headers: { accept: "text/event-stream" }, signal });
    },
  };
}

/** `Team/Notes/Ideas.md` as one URL path segment (what OpenAPI clients send). */
export function documentUrl(path: string): string {
  return `/documents/${encodeURIComponent(path)}`;
}
