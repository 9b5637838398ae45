// The REST adapter: each tool call becomes the /api/v1 request with the same semantics, in a
// Lens-Session of its own per scenario run (a GET of a document with it counts as a read, which
// lets a later edit with it through). Tool text comes from `text` of a success or `detail` of a
// problem; validation problems count as malformed calls.
//
//   read      GET  /documents/{path}?offset&limit   (`text`: read's rendering of the lines)
//   glob      GET  /documents?pattern&path
//   grep      GET  /grep?pattern&…                  (-i → case_insensitive, -n → line_numbers,
//                                                    -A/-B/-C → after_/before_/context)
//   edit      POST /documents/{path}/edit           {old_string, new_string, replace_all}
//   get_links GET  /documents/{path}/links
import { randomUUID } from "node:crypto";
import {
  type Adapter,
  authHeaders,
  baseUrl,
  type ServerTarget,
  type ToolSession,
} from "./adapter.js";
import type { CallOutcome } from "./expect.js";
import type { ToolName } from "./schema.js";

const GREP_QUERY: Record<string, string> = {
  pattern: "pattern",
  path: "path",
  glob: "glob",
  output_mode: "output_mode",
  "-i": "case_insensitive",
  "-n": "line_numbers",
  "-A": "after_context",
  "-B": "before_context",
  "-C": "context",
  multiline: "multiline",
  head_limit: "head_limit",
  offset: "offset",
};

/** `/documents/{path}` with each segment percent-encoded and the slashes kept. */
export function documentUrl(path: string): string {
  return `/documents/${path.split("/").map(encodeURIComponent).join("/")}`;
}

function query(params: Record<string, unknown>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined) q.set(k, String(v));
  const s = q.toString();
  return s ? `?${s}` : "";
}

interface DocumentBody {
  text?: string;
  detail?: string;
  type?: string;
}

/** Problem types that mean "this call is malformed", as MCP's protocol errors do. */
const MALFORMED = /\/(validation-failed|bad-request)$/;

async function outcome(
  res: Response,
  success: (body: DocumentBody) => string,
): Promise<CallOutcome> {
  const raw = await res.text();
  let body: DocumentBody;
  try {
    body = JSON.parse(raw) as DocumentBody;
  } catch {
    return { text: `HTTP ${res.status}: ${raw.slice(0, 500)}`, isError: true };
  }
  if (res.ok) return { text: success(body), isError: false };
  const text = body.text ?? body.detail ?? `HTTP ${res.status}`;
  if (body.type && MALFORMED.test(body.type)) return { text, isError: false, protocolError: true };
  return { text, isError: true };
}

export function restAdapter(target: ServerTarget): Adapter {
  const api = `${baseUrl(target.url)}/api/v1`;
  const get = (path: string, headers: Record<string, string> = {}) =>
    fetch(`${api}${path}`, {
      headers: { ...authHeaders(target), Accept: "application/json", ...headers },
    });

  return {
    name: "rest",
    async probe() {
      try {
        const res = await get("/openapi.json");
        await res.arrayBuffer();
        return res.ok
          ? undefined
          : `the REST API is not served at ${api} (GET /openapi.json → ${res.status})`;
      } catch (e) {
        return `cannot reach ${api}: ${(e as Error).message}`;
      }
    },
    async open(label): Promise<ToolSession> {
      const session = { "Lens-Session": `harness-${label}-${randomUUID()}`.slice(0, 200) };
      const call = async (tool: ToolName, args: Record<string, unknown>): Promise<CallOutcome> => {
        switch (tool) {
          case "read": {
            const path = documentUrl(String(args.file_path ?? ""));
            const res = await get(
              `${path}${query({ offset: args.offset, limit: args.limit })}`,
              session,
            );
            return outcome(res, (b) => b.text ?? "");
          }
          case "glob":
            return outcome(
              await get(`/documents${query({ pattern: args.pattern, path: args.path })}`),
              (b) => b.text ?? "",
            );
          case "grep": {
            const params: Record<string, unknown> = {};
            for (const [k, v] of Object.entries(args)) params[GREP_QUERY[k] ?? k] = v;
            return outcome(await get(`/grep${query(params)}`), (b) => b.text ?? "");
          }
          case "get_links":
            return outcome(
              await get(`${documentUrl(String(args.file_path ?? ""))}/links`),
              (b) => b.text ?? "",
            );
          case "edit": {
            const body: Record<string, unknown> = {
              old_string: args.old_string,
              new_string: args.new_string,
            };
            if (args.replace_all !== undefined) body.replace_all = args.replace_all;
            const res = await fetch(`${api}${documentUrl(String(args.file_path ?? ""))}/edit`, {
              method: "POST",
              headers: { ...authHeaders(target), ...session, "Content-Type": "application/json" },
              body: JSON.stringify(body),
            });
            return outcome(res, (b) => b.text ?? "");
          }
        }
      };
      return { call, close: async () => {} };
    },
  };
}
