// The ports of the application layer: everything it needs from the world outside the workspace,
// given by the composition root. The service never touches files, sockets or threads itself.
import type { GrepPage, GrepPlan, Outcome, Role, ToolResult } from "@lens/core";
import type { Actor } from "./actor.js";
import type { ReadLog } from "./reads/readLog.js";

/**
 * Makes every change made so far durable (the store's flush) and resolves once it is; rejects
 * when it cannot. Awaited after every write, before the door answers.
 */
export type Persist = () => Promise<void>;

/** One line of the audit trail, as the service records it (the sink adds the time). */
export interface AuditRecord {
  /** The credential's label: a token's name, "admin token", "owner". */
  who: string;
  role?: string;
  /** What was done: `suggestion.accept`, `tool.edit`, `document.discard`, … */
  action: string;
  /** The document or folder it was done to. */
  path?: string;
  /** A suggestion id (reviews). */
  suggestion?: string;
  /** `requested`, `ok`, `applied`, `not_found`, `conflict`, or a refusal's code. */
  outcome: string;
  detail?: Record<string, unknown>;
}

/** Where the audit trail goes; `record` resolves once the entries are durable. */
export interface AuditSink {
  record(...entries: AuditRecord[]): Promise<void>;
  /**
   * The entries written before that concern suggestions (`detail.suggestions` of a tool's write,
   * `suggestion.*`), oldest first, each with its ISO `time`: read once when the service is made,
   * so their history outlives the process. Unset: the history starts empty.
   */
  load?(): Iterable<AuditRecord & { time: string }>;
  /**
   * Entries concerning suggestions that other processes recorded, as they arrive (a cluster's
   * shared trail): the history follows them. Returns the undo. Unset: one process.
   */
  follow?(listener: (entries: (AuditRecord & { time: string })[]) => void): () => void;
}

/**
 * Runs a planned grep somewhere else (the worker pool of `lens serve`): the grep tool's outcome,
 * as core would give it in this thread.
 */
export type GrepRunner = (plan: GrepPlan) => Promise<Outcome<GrepPage>>;

/** Structured log lines (pino's shape): fields first, then the message. */
export interface ServiceLog {
  debug(fields: object, message: string): void;
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
  error(fields: object, message: string): void;
}

/**
 * A write tool call sent to the process that owns its folder (a cluster): the actor, the checked
 * arguments, and which of the documents it names the caller has read (checked where the call
 * arrived, where its session is).
 */
export interface ForwardedCall {
  actor: Actor;
  tool: string;
  args: Record<string, unknown>;
  read: string[];
}

/**
 * Where writes run. `forward` sends a call to the owner of `path`'s folder and resolves with
 * its result once this process has applied what it changed; undefined: run it here.
 */
export interface WriteRouter {
  forward(path: string, call: ForwardedCall): Promise<ToolResult> | undefined;
}

export interface LensPorts {
  /** Unset: nothing to persist (an in-memory workspace). */
  persist?: Persist;
  /** Unset: nothing is audited. */
  audit?: AuditSink;
  /** Unset: grep runs in this thread. */
  grep?: GrepRunner;
  /** Clock in ms since the epoch (timings and audit); default `Date.now`. */
  now?: () => number;
  /** Unset: silent. */
  log?: ServiceLog;
  /** Where read records persist (handles outlive the process); unset: in memory only. */
  reads?: ReadLog;
  /**
   * The named tokens' roles, by name, read once per listing: tells assistants' suggestions from
   * people's (core's authorKind). Unset: no token is known, the metadata decides.
   */
  tokenRoles?: () => ReadonlyMap<string, Role>;
  /** Unguessable random text (≥ 128 bits) for issued handles; default the platform's CSPRNG. */
  random?: () => string;
  /** Unset: every write runs here (one process). */
  writes?: WriteRouter;
}

export const SILENT_LOG: ServiceLog = {
  debug() {},
  info() {},
  warn() {},
  error() {},
};
