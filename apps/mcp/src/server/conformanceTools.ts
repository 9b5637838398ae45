// The diagnostic tools the official MCP conformance suite calls in its 2026-07-28
// `server-stateless` scenario (it cannot test a rule without them): listed only under
// `lens serve --conformance`, which CI uses. They read and change no note; the trigger only
// tells listening clients that the prompt list changed.
import {
  type CallToolResult,
  type ClientCapabilities,
  LOG_LEVEL_META_KEY,
  MissingRequiredClientCapabilityError,
  type ServerContext,
  type Tool,
} from "@modelcontextprotocol/server";
import type { ListChanges } from "./listChanges.js";

const EMPTY_INPUT: Tool["inputSchema"] = { type: "object", properties: {} };

const fixture = (name: string, description: string): Tool => ({
  name,
  description,
  inputSchema: EMPTY_INPUT,
  annotations: { readOnlyHint: true, openWorldHint: false },
});

const done = (text: string): CallToolResult => ({ content: [{ type: "text", text }] });

/** The request's 2026-07-28 envelope (`_meta` keys the SDK lifts off), if it has one. */
function envelopeOf(ctx: ServerContext): Record<string, unknown> | undefined {
  return (ctx.mcpReq as { envelope?: unknown }).envelope as Record<string, unknown> | undefined;
}

export interface ConformanceTools {
  listings: Tool[];
  /** The fixture's answer, or undefined when `name` is not one of them. May throw a protocol error. */
  call(
    name: string,
    ctx: ServerContext,
    clientCapabilities: ClientCapabilities | undefined,
  ): CallToolResult | undefined;
}

export function conformanceTools(listChanges: ListChanges | undefined): ConformanceTools {
  return {
    listings: [
      fixture("test_trigger_prompt_change", "Conformance: tells listeners the prompts changed."),
      fixture("test_missing_capability", "Conformance: needs the client's sampling capability."),
      fixture("test_streaming_elicitation", "Conformance: answers without server requests."),
      fixture("test_logging_tool", "Conformance: logs only when the request sets a log level."),
    ],
    call(name, ctx, clientCapabilities) {
      const envelope = envelopeOf(ctx);
      switch (name) {
        case "test_missing_capability": {
          if (!clientCapabilities?.sampling) {
            throw new MissingRequiredClientCapabilityError({
              requiredCapabilities: { sampling: {} },
            });
          }
          return done("The client declared sampling.");
        }
        case "test_trigger_prompt_change":
          listChanges?.promptsChanged();
          return done("Listeners are told the prompt list changed.");
        case "test_streaming_elicitation":
          // Lens never sends a request to the client on a response stream.
          return done("Answered with no request on the stream.");
        case "test_logging_tool": {
          const level = envelope?.[LOG_LEVEL_META_KEY];
          if (typeof level === "string") void ctx.mcpReq.log("info", "test_logging_tool ran");
          return done("Logged only if a log level was set.");
        }
        default:
          return undefined;
      }
    },
  };
}
