// The Lens MCP server: lists core's tools and calls them through core's registry. It adds no
// tool behaviour; it only translates between MCP messages and core's callTool.
import {
  type Caller,
  callGrepElsewhere,
  callTool,
  clip,
  type Tool as LensTool,
  lensTools,
  OWNER,
  type SessionStore,
  ToolCallError,
  type ToolResult,
  toolInputJsonSchema,
  toolOutputJsonSchema,
  toolsFor,
  type Workspace,
} from "@lens/core";
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
import { identityOf } from "../http/mcpApp.js";
import { type Log, silentLog } from "../log.js";
import type { GrepPool } from "../search/grepPool.js";
import { LENS_VERSION } from "../version.js";
import { serverInstructions } from "./instructions.js";

export interface LensServerDeps {
  workspace: Workspace;
  sessions: SessionStore;
  /**
   * Durability hook (the store's flush), awaited after every successful call of a tool that
   * writes, before the result goes back: an acknowledged edit is on disk.
   */
  afterWrite?: () => Promise<void>;
  log?: Log;
  /** Where grep runs (a worker thread under `lens serve`); unset = in this thread. */
  grep?: GrepPool;
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
 * Creates one MCP server for one transport session (`sessionId`: the key of its read
 * tracking in `deps.sessions`), opened by `opener` (over HTTP each request also carries its
 * caller, from the same credential). Connect it to exactly one transport.
 */
export function createLensServer(
  deps: LensServerDeps,
  sessionId: string,
  opener: Caller = OWNER,
): Server {
  const log = deps.log ?? silentLog();
  const server = new Server(
    { name: "lens", title: "Lens", version: LENS_VERSION },
    {
      capabilities: { tools: { listChanged: false } },
      instructions: serverInstructions(deps.workspace, opener),
    },
  );
  const listings = new Map(lensTools.map((t) => [t.name, mcpToolListing(t)]));
  /** The request's caller, attributed as the token's name, `--author`, or the client's name. */
  const callerOf = (authInfo: Parameters<typeof identityOf>[0]): Caller => {
    const caller = identityOf(authInfo)?.caller ?? opener;
    const author = caller.author ?? deps.workspace.author ?? server.getClientVersion()?.name;
    return author === undefined ? caller : { ...caller, author };
  };

  server.setRequestHandler(ListToolsRequestSchema, (_request, extra) => ({
    tools: toolsFor(callerOf(extra.authInfo)).map((t) => listings.get(t.name) as McpTool),
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
      const caller = callerOf(extra.authInfo);
      const ctx = { workspace: deps.workspace, sessions: deps.sessions, sessionId, caller };
      const started = performance.now();
      // Who called: the token's name ("admin token", or "owner" on an open server or stdio).
      const who = identityOf(extra.authInfo)?.who ?? opener.author ?? "owner";
      const logCall = (code?: string) =>
        log.info(
          {
            tool: name,
            who,
            ...documentArgument(args),
            isError: code !== undefined,
            ...(code !== undefined ? { code } : {}),
            ms: msSince(started),
          },
          "tool call",
        );
      let result: ToolResult;
      const pool = deps.grep;
      try {
        result =
          name === "grep" && pool
            ? await callGrepElsewhere(ctx, args ?? {}, (plan) => pool.grep(plan))
            : callTool(ctx, name, args ?? {});
      } catch (e) {
        logCall(e instanceof ToolCallError ? e.code : "internal");
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
      const tool = lensTools.find((t) => t.name === name);
      logCall(result.isError ? (result.code ?? "error") : undefined);
      if (!result.isError && tool && !tool.readOnly && deps.afterWrite) {
        try {
          await deps.afterWrite();
        } catch (e) {
          log.error({ err: e, tool: name }, "could not persist a write");
          return textResult(
            `${result.text}\n\nWarning: the change was made but could not be saved to disk (${e instanceof Error ? e.message : String(e)}); it may be lost if the server stops. Do not repeat the edit.`,
            true,
          );
        }
      }
      return mcpResult(result);
    },
  );

  return server;
}

/** The document or folder a call names, for the log: never its text or patterns. */
function documentArgument(args: Record<string, unknown> | undefined): { path?: string } {
  const path = args?.file_path ?? args?.path;
  return typeof path === "string" ? { path: clip(path) } : {};
}

function msSince(start: number): number {
  return Math.round((performance.now() - start) * 10) / 10;
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
