// Public API of registry/: every tool by name, argument checks and published schemas.
export {
  type CallContext,
  type CheckedCall,
  callTool,
  checkToolCall,
  findTool,
  lensTools,
  sessionIdArg,
  ToolCallError,
  toolArguments,
  toolInputJsonSchema,
  toolOutputJsonSchema,
} from "./registry.js";
