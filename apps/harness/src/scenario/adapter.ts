// The adapter contract: how a scenario reaches a running Lens. Each adapter opens one session
// per scenario run (MCP: a transport session; REST: a Lens-Session handle), so read-before-edit
// holds per scenario exactly as an assistant would see it.
import type { CallOutcome } from "./expect.js";
import type { AdapterName, ToolName } from "./schema.js";

export interface ToolSession {
  call(tool: ToolName, args: Record<string, unknown>): Promise<CallOutcome>;
  close(): Promise<void>;
}

export interface Adapter {
  readonly name: AdapterName;
  /** Undefined when the adapter can reach the server; otherwise why it cannot. */
  probe(): Promise<string | undefined>;
  /** A new session, labelled for the server's logs. */
  open(label: string): Promise<ToolSession>;
}

export interface ServerTarget {
  /** Base URL of `lens serve` (e.g. http://127.0.0.1:3917); a trailing `/mcp` is dropped. */
  url: string;
  /** Bearer token, when the server requires one. */
  token?: string;
}

/** The base URL without a trailing slash or `/mcp`. */
export function baseUrl(url: string): string {
  return url.replace(/\/+$/, "").replace(/\/mcp$/, "");
}

export function authHeaders(target: ServerTarget): Record<string, string> {
  return target.token ? { Authorization: `Bearer ${target.token}` } : {};
}
