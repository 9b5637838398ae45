// The consent page's two requests (the server's /oauth/consent/<id>), with the signed-in
// person's token in the Authorization header: never a cookie, so no other site can send them.
import { ApiError, authHeaders } from "../api/client.js";
import type { Problem } from "../api/types.js";

export type GrantRole = "view" | "suggest" | "edit";

export interface ConsentInfo {
  client: { name: string; id: string; redirectHost: string };
  requested: { role?: GrantRole; folders: string[] };
  signer: { name: string; role: string };
  roles: GrantRole[];
  everyFolder: boolean;
  folders: string[];
}

export interface Decision {
  decision: "allow" | "deny";
  role?: GrantRole;
  folders?: "all" | string[];
}

async function send<T>(id: string, token: string | undefined, init: RequestInit): Promise<T> {
  let res: Response;
  try {
    res = await fetch(`/oauth/consent/${id}`, {
      ...init,
      headers: { accept: "application/json", ...authHeaders(token), ...init.headers },
      cache: "no-store",
    });
  } catch {
    throw new ApiError(0, { title: "Network error", detail: "The server could not be reached." });
  }
  if (!res.ok) {
    const problem = (await res.json().catch(() => ({ status: res.status }))) as Problem;
    throw new ApiError(res.status, problem);
  }
  return (await res.json()) as T;
}

export const consentApi = {
  info: (id: string, token: string | undefined) => send<ConsentInfo>(id, token, { method: "GET" }),
  decide: (id: string, token: string | undefined, decision: Decision) =>
    send<{ redirect: string }>(id, token, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(decision),
    }),
};
