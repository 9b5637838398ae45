// The Lens MCP server: lists the tools the caller's role may call and calls them through the
// service (@lens/service: authorised, run, persisted, audited, logged there). It adds no tool
// behaviour; it only translates between MCP messages and the service.
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
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import {
  type CallToolRequest,
  type CallToolResult,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
  type Tool as McpTool,
} from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import { identityOf } from "./identity.js";
import { serverInstructions } from "./instructions.js";
import { registerResources } from "./resources.js";

export interface LensServerDeps {
  /** The service every call goes through. */
  lens: Lens;
  /** The server's version, as `serverInfo` says it (the host's package version). */
  version?: string;
  log?: ServiceLog;
}

const LooseCallToolRequest = z.object({
  method: z.literal("tools/call"),
  params: z.unknown().optional(),
});

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
 * server is made per session (per request, once MCP sessions go stateless).
 */
let listingsByName: ReadonlyMap<string, McpTool> | undefined;
export function toolListings(): ReadonlyMap<string, McpTool> {
  listingsByName ??= new Map(lensTools.map((t) => [t.name, mcpToolListing(t)]));
  return listingsByName;
}

/**
 * Creates one MCP server for one transport session (`session`: where its reads are tracked — an
 * HTTP session's are durable, keyed by its id), opened by `opener` (over HTTP each request also
 * carries its own identity, from the same credential). Connect it to exactly one transport.
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
        resources: { listChanged: false },
        prompts: { listChanged: false },
        completions: {},
      },
      instructions: serverInstructions(lens.workspace, opener.caller),
    },
  );
  const listings = toolListings();
  /** The request's actor, attributed as the token's name, `--author`, or the client's name. */
  const actorOf = (authInfo: Parameters<typeof identityOf>[0]): Actor =>
    lens.actor(identityOf(authInfo) ?? opener, server.getClientVersion()?.name);

  server.setRequestHandler(ListToolsRequestSchema, (_request, extra) => ({
    tools: lens
      .toolsFor(actorOf(extra.authInfo).caller)
      .map((t) => listings.get(t.name) as McpTool),
  }));

  // Registered with a loose schema so a malformed call (`name: 123`, `arguments: null`) reaches
  // the SDK's own tools/call check, which answers -32602 Invalid params, instead of failing
  // the outer parse as an internal error (-32603).
  server.setRequestHandler(
    LooseCallToolRequest,
    async (request, extra): Promise<CallToolResult> => {
      // The SDK's tools/call wrapper has checked the request against CallToolRequestSchema
      // before calling this handler (an invalid one never gets here): not parsed again.
      const { name, arguments: args } = (request as CallToolRequest).params;
      try {
        return mcpResult(await lens.call(actorOf(extra.authInfo), session, name, args ?? {}));
      } catch (e) {
        if (e instanceof ToolCallError) {
          // An unknown tool is a protocol error; arguments that break the schema are a tool
          // error the model sees and can correct (MCP 2025-11-25, SEP-1303), as Claude Code's
          // own tools answer "InputValidationError".
          if (e.code === "unknown_tool") throw new McpError(ErrorCode.InvalidParams, e.message);
          return textResult(e.message, true);
        }
        log.error({ err: e, tool: name }, "tool failed unexpectedly");
        return textResult(
          `Lens failed while running ${name}: ${e instanceof Error ? e.message : String(e)}. This is a server bug; the call had no effect you need to undo.`,
          true,
        );
      }
    },
  );

  registerResources(server, lens, actorOf);
  return server;
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

function textResult(text: string, isError: boolean): CallToolResult {
  return { content: [{ type: "text", text }], isError };
}
