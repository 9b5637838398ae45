// The Lens MCP server: lists the tools the caller's role may call and calls them through the
// service (@lens/service: authorised, run, persisted, audited, logged there). It adds no tool
// behaviour; it only translates between MCP messages and the service. One factory serves every
// era: a 2025-11-25 session (its transport session is the default read handle), a stateless
// 2026-07-28 request (no session: `read` issues a handle), and stdio.
import {
  type Tool as LensTool,
  lensTools,
  ToolCallError,
  type ToolResult,
  toolInputJsonSchema,
  toolOutputJsonSchema,
} from "@lens/core";
import {
  type Actor,
  type Lens,
  OWNER_ACTOR,
  type ServiceLog,
  type SessionRef,
  SILENT_LOG,
} from "@lens/service";
import {
  type CallToolResult,
  type Tool as McpTool,
  ProtocolError,
  ProtocolErrorCode,
  Server,
  SUPPORTED_PROTOCOL_VERSIONS,
} from "@modelcontextprotocol/server";
import { conformanceTools } from "./conformanceTools.js";
import { identityOf } from "./identity.js";
import { serverInstructions } from "./instructions.js";
import { type ListChanges, reachesChange } from "./listChanges.js";
import { registerPrompts } from "./prompts.js";
import { NOTE_TEMPLATE, registerResources } from "./resources.js";

export interface LensServerDeps {
  /** The service every call goes through. */
  lens: Lens;
  /** The server's version, as `serverInfo` says it (the host's package version). */
  version?: string;
  log?: ServiceLog;
  /**
   * Also list the official conformance suite's three diagnostic tools (`lens serve
   * --conformance`, hidden: CI only). They touch no note.
   */
  conformance?: boolean;
  /**
   * Where changes of the note and prompt lists are told (one per host). A server with a
   * transport session (2025-11-25 HTTP, stdio) tells its client of those within its reach.
   */
  listChanges?: ListChanges;
}

/** How a core tool is listed over MCP. */
export function mcpToolListing(tool: LensTool): McpTool {
  return {
    name: tool.name,
    title: tool.title,
    description: tool.description,
    inputSchema: toolInputJsonSchema(tool) as McpTool["inputSchema"],
    outputSchema: toolOutputJsonSchema(tool) as McpTool["outputSchema"],
    annotations: {
      title: tool.title,
      readOnlyHint: tool.readOnly,
      destructiveHint: false,
      idempotentHint: tool.readOnly,
      openWorldHint: false,
    },
  };
}

/**
 * Every tool's listing, made once per process: its JSON Schemas cost about 15 ms to make, and a
 * server is made per session, and per request on the stateless 2026-07-28 leg.
 */
let listingsByName: ReadonlyMap<string, McpTool> | undefined;
export function toolListings(): ReadonlyMap<string, McpTool> {
  listingsByName ??= new Map(lensTools.map((t) => [t.name, mcpToolListing(t)]));
  return listingsByName;
}

/**
 * How long a 2026-07-28 client may reuse a list (SEP-2549). Private: the tools and notes listed
 * depend on the caller's token. Short, so a role or folder change reaches a client soon.
 */
const LIST_CACHE = { ttlMs: 60_000, cacheScope: "private" } as const;

/**
 * Creates one MCP server for one transport session or one stateless request (`session`: where
 * its reads are tracked — an HTTP session's are durable, keyed by its id; a stateless request has
 * no transport, so its reads go by the handle the client passes, or one `read` issues), opened by
 * `opener` (over HTTP each request also carries its own identity, from the same credential).
 * Connect it to exactly one transport.
 */
export function createLensServer(
  deps: LensServerDeps,
  session: SessionRef,
  opener: Actor = OWNER_ACTOR,
): Server {
  const { lens } = deps;
  const log = deps.log ?? SILENT_LOG;
  const server = new Server(
    { name: "lens", title: "Lens", version: deps.version ?? "0.0.0" },
    {
      capabilities: {
        tools: { listChanged: false },
        resources: { listChanged: deps.listChanges !== undefined },
        prompts: { listChanged: deps.listChanges !== undefined },
        completions: {},
      },
      instructions: serverInstructions(lens.workspace, opener.caller),
      cacheHints: {
        "tools/list": LIST_CACHE,
        "resources/list": LIST_CACHE,
        "resources/templates/list": LIST_CACHE,
        "prompts/list": LIST_CACHE,
        "resources/read": { ttlMs: 0, cacheScope: "private" },
      },
    },
  );
  const listings = toolListings();
  const extra = deps.conformance ? conformanceTools(deps.listChanges) : undefined;
  /** The request's actor, attributed as the token's name, `--author`, or the client's name. */
  const actorOf = (authInfo: Parameters<typeof identityOf>[0]): Actor =>
    lens.actor(identityOf(authInfo) ?? opener, server.getClientVersion()?.name);

  server.setRequestHandler("tools/list", (_request, ctx) => ({
    tools: [
      ...lens
        .toolsFor(actorOf(ctx.http?.authInfo).caller)
        .map((t) => listings.get(t.name) as McpTool),
      ...(extra?.listings ?? []),
    ],
  }));

  // The SDK checks the request against its tools/call shape first (a malformed one is answered
  // -32602 before this runs).
  server.setRequestHandler("tools/call", async (request, ctx): Promise<CallToolResult> => {
    const { name, arguments: args } = request.params;
    const fixture = extra?.call(name, ctx, server.getClientCapabilities());
    if (fixture) return fixture;
    try {
      return mcpResult(await lens.call(actorOf(ctx.http?.authInfo), session, name, args ?? {}));
    } catch (e) {
      if (e instanceof ToolCallError) {
        // An unknown tool is a protocol error; arguments that break the schema are a tool
        // error the model sees and can correct (MCP 2025-11-25, SEP-1303), as Claude Code's
        // own tools answer "InputValidationError".
        if (e.code === "unknown_tool") {
          throw new ProtocolError(ProtocolErrorCode.InvalidParams, e.message);
        }
        return textResult(e.message, true);
      }
      log.error({ err: e, tool: name }, "tool failed unexpectedly");
      return textResult(
        `Lens failed while running ${name}: ${e instanceof Error ? e.message : String(e)}. This is a server bug; the call had no effect you need to undo.`,
        true,
      );
    }
  });

  if (deps.listChanges && session.transport !== undefined)
    tellListChanges(server, deps.listChanges, opener);
  const completeNotePath = registerResources(server, lens, actorOf);
  const completePromptArgument = registerPrompts(server, lens, actorOf);
  server.setRequestHandler("completion/complete", (request, ctx) => {
    const { ref, argument } = request.params;
    const authInfo = ctx.http?.authInfo;
    if (ref.type === "ref/resource") {
      return ref.uri === NOTE_TEMPLATE && argument.name === "path"
        ? completeNotePath(argument.value, authInfo)
        : { completion: { values: [] } };
    }
    return completePromptArgument(ref.name, argument.name, argument.value, authInfo);
  });
  return server;
}

/**
 * Tells the client of a session when the notes or prompts it may list change, until the server
 * closes (whoever else then sets `onclose` must call the one it finds).
 */
function tellListChanges(server: Server, changes: ListChanges, opener: Actor): void {
  const stop = changes.on((change) => {
    // Only a connected 2025-11-25 client gets notifications; a 2026-07-28 one listens with
    // subscriptions/listen (the stateless leg's bus).
    const version = server.getNegotiatedProtocolVersion();
    if (!server.transport || !version || !SUPPORTED_PROTOCOL_VERSIONS.includes(version)) return;
    if (reachesChange(opener.caller.reach, change)) {
      server.sendResourceListChanged().catch(() => {});
    }
    if (change.prompts) server.sendPromptListChanged().catch(() => {});
  });
  const closed = server.onclose;
  server.onclose = () => {
    stop();
    closed?.();
  };
}

/**
 * A tool's result over MCP: its text, and beside it the typed result as `structuredContent`
 * (valid against the tool's published outputSchema); a failure carries its LensError code
 * (and details) in `_meta["lens/error"]`.
 */
function mcpResult(result: ToolResult): CallToolResult {
  const out = textResult(result.text, result.isError);
  if (!result.isError && result.data !== undefined) {
    out.structuredContent = result.data as Record<string, unknown>;
  }
  if (result.error) {
    const { code, details } = result.error;
    out._meta = { "lens/error": details === undefined ? { code } : { code, details } };
  }
  return out;
}

export function textResult(text: string, isError: boolean): CallToolResult {
  return { content: [{ type: "text", text }], isError };
}
