// Reading an MCP POST's body, bounded. A body that declares its Content-Length (every MCP
// client's does) is read with `req.text()`, which @hono/node-server serves straight from Node's
// request: no web stream and no undici Request are made, a fifth of a small call's time in the
// HTTP door. Node's parser never delivers more than the declared length, so the bound holds. A
// chunked body (no length) goes through the SDK's readRequestBody, which stops at the bound.
import { readRequestBody } from "@modelcontextprotocol/server";

export type PostBody = { tooLarge: true } | { tooLarge: false; text: string };

export async function readPostBody(req: Request, maxBytes: number): Promise<PostBody> {
  const declared = req.headers.get("content-length");
  if (declared === null || !/^\d+$/.test(declared)) {
    const body = await readRequestBody(req, maxBytes);
    return body.tooLarge ? { tooLarge: true } : { tooLarge: false, text: body.text ?? "" };
  }
  if (Number(declared) > maxBytes) return { tooLarge: true };
  return { tooLarge: false, text: await req.text() };
}
