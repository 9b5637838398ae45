// createLens: the one application object the composition root makes and every door calls. Each
// method is one operation: authorised from the role table (operations.ts), run on the workspace,
// audited and persisted through the ports, and logged with who did it and how long it took.
import {
  type Caller,
  comparePaths,
  documentsInScope,
  type ListedChange,
  type Located,
  lookupAttachment,
  type Outcome,
  type PendingSuggestion,
  type ReadRequest,
  type ReadResult,
  type ReadTracker,
  readDocument,
  SessionStore,
  SuggestionHistory,
  type Tool,
  type ToolResult,
  type Workspace,
} from "@lens/core";
import { type Actor, actorFor, ownerOf } from "./actor.js";
import { type AdminRecord, administer } from "./administer.js";
import { callForwarded, callTool } from "./calls.js";
import type { ServiceContext, SessionRef } from "./context.js";
import { loadHistory } from "./history/auditHistory.js";
import { type Operation, refusal, toolsFor } from "./operations.js";
import { type ForwardedCall, type LensPorts, SILENT_LOG } from "./ports.js";
import { defaultRandom, type HandleOptions, HandleRegistry } from "./reads/handles.js";
import { ReadTracking } from "./reads/tracking.js";
import {
  discard,
  listChanges,
  listPending,
  type ReplyingReview,
  review,
  type ServiceReview,
} from "./review.js";
import { type UndoneWithAction, undo } from "./undo.js";
import { UndoLog } from "./undoLog.js";

export interface LensOptions {
  /** In-memory sessions of transports (a stdio process, one REST request). */
  sessions?: SessionStore;
  /** Handles: idle expiry and bounds (the ReadLog port makes them outlive the process). */
  handles?: Omit<HandleOptions, "now" | "random" | "log">;
}

export class Lens {
  private readonly ctx: ServiceContext;

  constructor(
    readonly workspace: Workspace,
    ports: LensPorts = {},
    options: LensOptions = {},
  ) {
    const now = ports.now ?? Date.now;
    const handles = new HandleRegistry({
      ...options.handles,
      now,
      ...(ports.random ? { random: ports.random } : {}),
      ...(ports.reads ? { log: ports.reads } : {}),
    });
    this.ctx = {
      workspace,
      reads: new ReadTracking(options.sessions ?? new SessionStore(), handles),
      persist: ports.persist,
      audit: ports.audit,
      grep: ports.grep,
      now,
      log: ports.log ?? SILENT_LOG,
      writes: ports.writes,
      tokenRoles: ports.tokenRoles,
      undos: new UndoLog(now, ports.random ?? defaultRandom),
      history: new SuggestionHistory(),
    };
    // What became of earlier suggestions, from the audit trail: statuses outlive a restart.
    if (ports.audit?.load) {
      try {
        loadHistory(this.ctx.history, ports.audit.load());
      } catch (e) {
        this.ctx.log.error(
          { err: e },
          "could not read the suggestions' history from the audit log",
        );
      }
    }
    // In a cluster, what other processes record (a review there of a suggestion made here).
    ports.audit?.follow?.((entries) => loadHistory(this.ctx.history, entries));
  }

  /** Handles and what each has read (shared by every door: a Lens-Session is a session_id). */
  get handles(): HandleRegistry {
    return this.ctx.reads.handles;
  }

  /**
   * The actor a door's authenticated identity stands for (the owner when there is none), its
   * suggestions attributed to the token's name, `--author`, or the client's own name.
   */
  actor(identity?: Actor, clientName?: string): Actor {
    return actorFor(this.workspace, identity, clientName);
  }

  /** Why `caller` may not do `operation` (a `forbidden` error), or undefined when it may. */
  refusal(caller: Caller, operation: Operation) {
    return refusal(caller, operation);
  }

  /** The tools `caller` may call, in listing order. */
  toolsFor(caller: Caller): Tool[] {
    return toolsFor(caller);
  }

  /**
   * A tool call. Throws ToolCallError (unknown tool, bad arguments); other failures are results.
   * `ran` is called synchronously once the tool has run, before persisting and auditing.
   */
  call(
    actor: Actor,
    session: SessionRef,
    tool: string,
    args: unknown,
    ran?: (result: ToolResult) => void,
  ): Promise<ToolResult> {
    return callTool(this.ctx, actor, session, tool, args, ran);
  }

  /** Where `actor`'s reads in `ref` are tracked (the transport's session, linked with the handle's). */
  /**
   * Runs a write another process of the cluster forwarded here (this process owns its folder):
   * authorised again, persisted and audited here, never forwarded on.
   */
  callForwarded(call: ForwardedCall): Promise<ToolResult> {
    return callForwarded(this.ctx, call);
  }

  session(actor: Actor, ref: SessionRef): ReadTracker {
    return this.ctx.reads.trackerFor(ownerOf(actor), ref, ref.handle);
  }

  /** Forgets a durable session's reads (its client ended it). */
  forgetSession(actor: Actor, transport: string): void {
    this.ctx.reads.handles.forget(ownerOf(actor), transport);
  }

  /** Forgets an in-memory transport session (handles, and durable sessions, stay). */
  endSession(transport: string): void {
    this.ctx.reads.sessions.delete(transport);
  }

  /**
   * The attachment (image, PDF, … entry) at `path` that the actor may read, authorised as a
   * document read: the door then serves its bytes (REST's GET /files/{path}).
   */
  attachment(actor: Actor, path: string): Outcome<Located> {
    const refused = refusal(actor.caller, "document.read");
    if (refused) return { ok: false, error: refused };
    return lookupAttachment(this.workspace, path, actor.caller.reach);
  }

  /** One document in a chosen view, whole or by lines (REST's GET); marks it read in `session`. */
  readDocument(
    actor: Actor,
    request: ReadRequest,
    session?: SessionRef,
  ): Outcome<ReadResult & { docId: string }> {
    const refused = refusal(actor.caller, "document.read");
    if (refused) return { ok: false, error: refused };
    const read = readDocument(this.workspace, request, actor.caller.reach);
    if (read.ok && session) {
      this.session(actor, session).markRead(read.value.docId, this.workspace.now());
    }
    return read;
  }

  /**
   * Every note the actor may read, by path in path order (MCP's resources/list pages it):
   * authorised as a document read.
   */
  documentPaths(actor: Actor): Outcome<string[]> {
    const refused = refusal(actor.caller, "document.read");
    if (refused) return { ok: false, error: refused };
    const docs = documentsInScope(this.workspace, { kind: "all" }, actor.caller.reach);
    return { ok: true, value: docs.map((loc) => loc.path).sort(comparePaths) };
  }

  /** Pending suggestions under `path` (every document in reach when absent). */
  pending(actor: Actor, path?: string): Outcome<PendingSuggestion[]> {
    return listPending(this.ctx, actor, path);
  }

  /** Pending moves and deletions of the notes under `path`, with a move's link rewrites. */
  pendingChanges(actor: Actor, path?: string): Outcome<ListedChange[]> {
    return listChanges(this.ctx, actor, path);
  }

  /**
   * Accepts or rejects suggestions, with the reviewer's `reply` (kept in the audit trail; the
   * assistant sees it with `suggestions`); audited before anything changes.
   */
  review(actor: Actor, request: ReplyingReview): Promise<Outcome<ServiceReview>> {
    return review(this.ctx, actor, request);
  }

  /**
   * Undoes the review a token of `review`'s answer names (one document's), audited first;
   * refused (`stale`) when the note's text moved on since, `not_found` when the token is unknown.
   */
  undo(actor: Actor, token: string): Promise<Outcome<UndoneWithAction>> {
    return undo(this.ctx, actor, token);
  }

  /**
   * An operation whose effect lies outside the workspace (token changes, imports): authorised,
   * recorded before it runs, its outcome recorded after. The effect's errors are thrown on.
   */
  administer<T>(
    actor: Actor,
    operation: Operation,
    record: AdminRecord,
    effect: () => Promise<T>,
  ): Promise<Outcome<T>> {
    return administer(this.ctx, actor, operation, record, effect);
  }

  /** Removes an empty note (a rejected creation) from its folder. */
  discard(actor: Actor, path: string): Promise<Outcome<{ path: string }>> {
    return discard(this.ctx, actor, path);
  }
}

export function createLens(workspace: Workspace, ports?: LensPorts, options?: LensOptions): Lens {
  return new Lens(workspace, ports, options);
}
