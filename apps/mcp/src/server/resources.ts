// Notes as MCP resources and the review prompt: resources/list (paged), resources/read (the
// AI view, as `read` shows it), the `lens://{+path}` template with path completion, and the
// "review-pending" prompt. Each answer comes from the service, so a token reads here exactly
// what it reads with the tools (its role, its folders); this file only translates.
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
export const REVIEW_PROMPT = "review-pending";

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

/** Registers resources, their template, path completion and the prompts on `server`. */
export function registerResources(
  server: Server,
  lens: Lens,
  actorOf: (authInfo: AuthInfo | undefined) => Actor,
): void {
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

  server.setRequestHandler("completion/complete", (request, ctx) => {
    const { ref, argument } = request.params;
    if (ref.type !== "ref/resource" || ref.uri !== NOTE_TEMPLATE || argument.name !== "path") {
      return { completion: { values: [] } };
    }
    const prefix = argument.value.toLowerCase();
    const matching = paths(ctx.http?.authInfo).filter((p) => p.toLowerCase().startsWith(prefix));
    return {
      completion: {
        values: matching.slice(0, COMPLETION_MAX),
        total: matching.length,
        hasMore: matching.length > COMPLETION_MAX,
      },
    };
  });

  server.setRequestHandler("prompts/list", () => ({
    prompts: [
      {
        name: REVIEW_PROMPT,
        title: "Review my pending suggestions",
        description:
          "The suggestions waiting for review (all of them, or under a folder or note), for you to go through with the assistant.",
        arguments: [
          { name: "path", description: "A folder or note; every one you reach when absent." },
        ],
      },
    ],
  }));

  server.setRequestHandler("prompts/get", (request, ctx) => {
    if (request.params.name !== REVIEW_PROMPT) {
      throw new ProtocolError(
        ProtocolErrorCode.InvalidParams,
        `Unknown prompt ${request.params.name}`,
      );
    }
    const path = request.params.arguments?.path;
    const pending = lens.pending(actorOf(ctx.http?.authInfo), path || undefined);
    if (!pending.ok)
      throw new ProtocolError(ProtocolErrorCode.InvalidParams, pending.error.message);
    const where = path ? ` under ${path}` : "";
    const lines = pending.value.map(
      (s) =>
        `- ${s.path}, line ${s.line} (${s.kind}${s.author ? ` by ${s.author}` : ""}): ${JSON.stringify(s.oldText)} → ${JSON.stringify(s.newText)}`,
    );
    const text =
      lines.length === 0
        ? `No suggestions are pending${where}.`
        : `${lines.length === 1 ? "This suggestion is" : `These ${lines.length} suggestions are`} pending${where}. Go through them with me one by one: say what each changes and whether it reads right in its note (read the note for context), and I will accept or reject them in the review page.\n\n${lines.join("\n")}`;
    return {
      description: `Pending suggestions${where}`,
      messages: [{ role: "user" as const, content: { type: "text" as const, text } }],
    };
  });
}
