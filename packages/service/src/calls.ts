// A tool call through the service: checked (ToolCallError for an unknown tool or bad
// arguments), authorised from the one role table, run on the workspace (grep through the grep
// port when there is one), audited and persisted when it writes, and logged with who, what and
// how long — the same for MCP over HTTP or stdio and for REST.
import {
  checkToolCall,
  clip,
  failedResult,
  grepPlan,
  grepTool,
  invokeTool,
  readTool,
  type ToolResult,
  toToolResult,
  type WrittenSuggestion,
} from "@lens/core";
import { type Actor, ownerOf } from "./actor.js";
import type { ServiceContext, SessionRef } from "./context.js";
import { noteInHistory } from "./history/auditHistory.js";
import { writeRecords } from "./history/writeRecords.js";
import { runWatchingWrites } from "./history/writes.js";
import { isOperation, operationsOfArguments, refusal } from "./operations.js";
import { persisted } from "./persist.js";

/**
 * Runs `name` for `actor` in `session`. Throws ToolCallError for a malformed call. `ran` is
 * called synchronously once the tool has run, before the write is persisted and audited (while
 * nothing else can have changed the workspace): a door that reports the version a write made
 * (REST's ETag) reads it there.
 */
export async function callTool(
  ctx: ServiceContext,
  actor: Actor,
  session: SessionRef,
  name: string,
  args: unknown,
  ran?: (result: ToolResult) => void,
): Promise<ToolResult> {
  const started = ctx.now();
  const call = checkToolCall(name, args);
  const { tool } = call;
  const path = pathArgument(call.args);
  const done = (result: ToolResult): ToolResult => {
    logCall(ctx, actor, tool.name, path, result, ctx.now() - started);
    return result;
  };
  const refused =
    (isOperation(tool.name)
      ? refusal(actor.caller, tool.name)
      : refusal(actor.caller, tool.readOnly ? "read" : "edit")) ??
    operationsOfArguments(tool.name, call.args)
      .map((op) => refusal(actor.caller, op))
      .find((r) => r !== undefined);
  if (refused) return done(failedResult(refused));

  let result: ToolResult;
  let written: WrittenSuggestion[] = [];
  let withdrawn: WrittenSuggestion[] = [];
  if (tool === grepTool && ctx.grep) {
    const plan = grepPlan(ctx.workspace, call.args as never, actor.caller.reach);
    result = plan.ok
      ? toToolResult(grepTool, await ctx.grep(plan.value))
      : failedResult(plan.error);
  } else {
    const owner = ownerOf(actor);
    let handle = call.sessionId ?? session.handle;
    // A stateless read (no transport session, no handle) gets a handle of its own to pass on.
    const issue = tool === readTool && handle === undefined && session.transport === undefined;
    if (issue) handle = ctx.reads.handles.issue(owner);
    const tracking = ctx.reads.trackerFor(owner, session, handle);
    const context = { history: ctx.history };
    const run = () =>
      invokeTool(tool, ctx.workspace, tracking, call.args as never, actor.caller, context);
    if (tool.readOnly) result = run();
    else ({ result, written, withdrawn } = runWatchingWrites(ctx, actor, run));
    if (issue && !result.isError) result = withHandle(result, handle as string);
  }
  ran?.(result);
  if (result.isError || tool.readOnly) return done(result);

  // A write: on disk, then in the audit trail (and the suggestions' history), before the answer.
  const notSaved = await persisted(ctx, `tool.${tool.name}`);
  if (notSaved)
    return done({ ...failedResult(notSaved), text: `${result.text}\n\n${notSaved.message}` });
  const records = writeRecords(actor, tool, path, result, written, withdrawn);
  const at = ctx.now();
  for (const r of records) noteInHistory(ctx.history, r, at);
  try {
    if (records.length > 0) await ctx.audit?.record(...records);
  } catch (e) {
    // The suggestion stands and is saved; a human reviews it before it changes anything.
    ctx.log.error(
      { err: e, tool: tool.name, who: actor.who },
      "could not record a write in the audit log",
    );
  }
  return done(result);
}

/** A read's answer carrying the handle issued for it: in the typed result and one line of text. */
function withHandle(result: ToolResult, handle: string): ToolResult {
  return {
    ...result,
    data: { ...(result.data as object), session_id: handle },
    text: `${result.text}\n\n(session_id: ${handle} — pass it as session_id to edit this note and to your next reads.)`,
  };
}

/** The document or folder a call names, for the log and the audit: never text or patterns. */
function pathArgument(args: Record<string, unknown>): string | undefined {
  const path = args.file_path ?? args.path;
  return typeof path === "string" ? clip(path) : undefined;
}

/** One info line per call: the tool, the caller, the path, and on failure the error's code. */
function logCall(
  ctx: ServiceContext,
  actor: Actor,
  tool: string,
  path: string | undefined,
  result: ToolResult,
  ms: number,
): void {
  const fields: Record<string, unknown> = { tool, who: actor.who, isError: result.isError, ms };
  if (path !== undefined) fields.path = path;
  if (result.isError) fields.code = result.code ?? "error";
  ctx.log.info(fields, "tool call");
}
