// A tool call through the service: checked (ToolCallError for an unknown tool or bad
// arguments), authorised from the one role table, run on the workspace (grep through the grep
// port when there is one), audited and persisted when it writes, and logged with who, what and
// how long — the same for MCP over HTTP or stdio and for REST.
import {
  type CheckedCall,
  checkToolCall,
  clip,
  failedResult,
  grepPlan,
  grepTool,
  invokeTool,
  type ReadTracker,
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
import type { ForwardedCall } from "./ports.js";

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
  /** The reads a forwarded call brought (see callForwarded); default the session's. */
  reads?: ReadTracker,
): Promise<ToolResult> {
  const started = ctx.now();
  const call = checkToolCall(name, args);
  const { tool } = call;
  const path = pathArgument(call.args);
  const done = (result: ToolResult, forwarded = false): ToolResult => {
    logCall(ctx, actor, tool.name, path, result, ctx.now() - started, forwarded);
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
  const forwarded = tool.readOnly ? undefined : forward(ctx, actor, session, call, path);
  if (forwarded) {
    // Run, persisted and audited by the folder's owner; applied here before it resolves.
    result = await forwarded;
    ran?.(result);
    return done(result, true);
  }
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
    const tracking = reads ?? ctx.reads.trackerFor(owner, session, handle);
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

/**
 * Sends a write to its folder's owner when that is another process (a cluster), with the
 * documents it names that the caller's session has read; undefined: run it here.
 */
function forward(
  ctx: ServiceContext,
  actor: Actor,
  session: SessionRef,
  call: CheckedCall,
  path: string | undefined,
): Promise<ToolResult> | undefined {
  if (!ctx.writes || path === undefined) return undefined;
  const tracking = ctx.reads.trackerFor(ownerOf(actor), session, call.sessionId ?? session.handle);
  const read: string[] = [];
  for (const p of namedPaths(call.args)) {
    const r = ctx.workspace.resolve(p);
    if (r.kind === "document" && tracking.hasRead(r.loc.docId)) read.push(r.loc.docId);
  }
  return ctx.writes.forward(path, { actor, tool: call.tool.name, args: call.args, read });
}

/** Runs a forwarded write here: authorised again, persisted and audited, never forwarded on. */
export async function callForwarded(ctx: ServiceContext, call: ForwardedCall): Promise<ToolResult> {
  const here: ServiceContext = { ...ctx, writes: undefined };
  const read = new Set(call.read);
  const tracker: ReadTracker = { hasRead: (docId) => read.has(docId), markRead() {} };
  return callTool(
    here,
    call.actor,
    { transport: "forwarded" },
    call.tool,
    call.args,
    undefined,
    tracker,
  );
}

/** The paths of documents a call names (its file_path, file_paths, new_path). */
function namedPaths(args: Record<string, unknown>): string[] {
  const out: string[] = [];
  for (const v of [
    args.file_path,
    args.new_path,
    ...(Array.isArray(args.file_paths) ? args.file_paths : []),
  ]) {
    if (typeof v === "string") out.push(v);
  }
  return out;
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
  /** Run by the folder's owner, another process of the cluster. */
  forwarded: boolean,
): void {
  const fields: Record<string, unknown> = { tool, who: actor.who, isError: result.isError, ms };
  if (forwarded) fields.forwarded = true;
  if (path !== undefined) fields.path = path;
  if (result.isError) fields.code = result.code ?? "error";
  ctx.log.info(fields, "tool call");
}
