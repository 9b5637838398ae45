// Notes as MCP resources: resources/list (paged), resources/read (the AI view, as `read` shows
// it), and the `lens://{+path}` template with path completion. Each answer comes from the
// service, so a token reads here exactly what it reads with the tools (its role, its folders);
// this file only translates.
import type { Actor, Lens } from "@lens/service";
import {
  type AuthInfo,
  ProtocolError,
  ProtocolErrorCode,
  ResourceNotFoundError,
  type Server,
} from "@modelcontextprotocol/server";

/** Resources per resources/list page. */
export const RESOURCE_PAGE = 100;
/** Completion values per answer (MCP's own bound). */
const COMPLETION_MAX = 100;

const SCHEME = "lens://";
export const NOTE_TEMPLATE = `${SCHEME}{+path}`;
const MARKDOWN = "text/markdown";

/** A note's URI: its path under lens://, each segment percent-encoded. */
export function noteUri(path: string): string {
  return SCHEME + path.split("/").map(encodeURIComponent).join("/");
}

/** The path a lens:// URI names, or undefined when it is not one. */
export function pathOfUri(uri: string): string | undefined {
  if (!uri.startsWith(SCHEME)) return undefined;
  try {
    return uri.slice(SCHEME.length).split("/").map(decodeURIComponent).join("/");
  } catch {
    return undefined;
  }
}

function offsetOf(cursor: string | undefined): number {
  if (cursor === undefined) return 0;
  const n = Number(cursor);
  if (!Number.isSafeInteger(n) || n < 0 || String(n) !== cursor) {
    throw new ProtocolError(
      ProtocolErrorCode.InvalidParams,
      `Invalid cursor ${JSON.stringify(cursor)}`,
    );
  }
  return n;
}

/** Completion values per answer (MCP's own bound), with the total and whether there are more. */
export function completionOf(values: string[]) {
  return {
    completion: {
      values: values.slice(0, COMPLETION_MAX),
      total: values.length,
      hasMore: values.length > COMPLETION_MAX,
    },
  };
}

/** Registers resources and their template on `server`; returns the template's path completion. */
export function registerResources(
  server: Server,
  lens: Lens,
  actorOf: (authInfo: AuthInfo | undefined) => Actor,
): (prefix: string, authInfo: AuthInfo | undefined) => ReturnType<typeof completionOf> {
  const paths = (authInfo: AuthInfo | undefined): string[] => {
    const listed = lens.documentPaths(actorOf(authInfo));
    if (!listed.ok) throw new ProtocolError(ProtocolErrorCode.InvalidRequest, listed.error.message);
    return listed.value;
  };

  server.setRequestHandler("resources/list", (request, ctx) => {
    const all = paths(ctx.http?.authInfo);
    const offset = offsetOf(request.params?.cursor);
    const page = all.slice(offset, offset + RESOURCE_PAGE);
    return {
      resources: page.map((path) => ({
        uri: noteUri(path),
        name: path,
        title: path.split("/").at(-1)?.replace(/\.md$/i, "") ?? path,
        mimeType: MARKDOWN,
      })),
      ...(offset + RESOURCE_PAGE < all.length
        ? { nextCursor: String(offset + RESOURCE_PAGE) }
        : {}),
    };
  });

  server.setRequestHandler("resources/templates/list", () => ({
    resourceTemplates: [
      {
        uriTemplate: NOTE_TEMPLATE,
        name: "note",
        title: "A note by its path",
        description: "A note of the vault by its path (Folder/sub/Note.md), in the AI view.",
        mimeType: MARKDOWN,
      },
    ],
  }));

  server.setRequestHandler("resources/read", (request, ctx) => {
    const { uri } = request.params;
    const path = pathOfUri(uri);
    const read =
      path === undefined
        ? undefined
        : lens.readDocument(actorOf(ctx.http?.authInfo), { filePath: path, view: "ai" });
    if (!read?.ok) {
      // -32602 with data.uri on every revision (2026-07-28 requires it; SEP-2164).
      throw new ResourceNotFoundError(uri, `Resource not found: ${uri}`);
    }
    return { contents: [{ uri, mimeType: MARKDOWN, text: read.value.content }] };
  });

  return (prefix, authInfo) => {
    const lower = prefix.toLowerCase();
    return completionOf(paths(authInfo).filter((p) => p.toLowerCase().startsWith(lower)));
  };
}
