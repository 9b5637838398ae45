// Writes run where their folder's owner is: a process that does not own a note's folder sends the
// write tool call to the lease holder over Redis pub/sub and answers with its result, once it
// has applied what the owner changed (read-your-writes on every process). The owner runs the
// call only while its lease is valid, after it has applied everything the sender had seen, so
// CriticMarkup invariants stay single-threaded per folder and a paused former owner refuses.
import { randomUUID } from "node:crypto";
import { type Caller, failedResult, lensError, type ToolResult } from "@lens/core";
import type { Redis } from "ioredis";
import { compareIds, type Keys, PARTITIONS } from "./keys.js";

/** The service's forwarded call (`@lens/service` ForwardedCall), kept structural. */
export interface WriteCall {
  actor: { caller: Caller; who: string; credential: string };
  tool: string;
  args: Record<string, unknown>;
  read: string[];
}

interface Request {
  id: string;
  from: string;
  unit: string;
  call: WireCall;
  /** What the sender had applied or appended, per partition: the owner catches up first. */
  after: string[];
}

type WireCall = Omit<WriteCall, "actor"> & {
  actor: Omit<WriteCall["actor"], "caller"> & {
    caller: Omit<WriteCall["actor"]["caller"], "reach"> & {
      reach: { all: boolean; folders?: string[] };
    };
  };
};

interface Reply {
  id: string;
  /** The owner no longer holds the unit: ask again. */
  moved?: true;
  result?: ToolResult;
  after?: string[];
}

export interface ForwardingHooks {
  member: string;
  /** The unit a path's folder is (undefined: no folder yet, run here). */
  unitOfPath(path: string): string | undefined;
  /** The member holding `unit`'s lease, if any. */
  holder(unit: string): Promise<string | undefined>;
  /** Whether this process holds `unit`'s lease safely now. */
  holds(unit: string): boolean;
  /** Everything this process has applied or appended, per partition. */
  known(): string[];
  /** Resolves once this process has applied `after` (false when not within `ms`). */
  caughtUp(after: string[], ms: number): Promise<boolean>;
  /** Resolves once every change so far is in the update log. */
  persist(): Promise<void>;
  leaseMs: number;
  warn(fields: object, message: string): void;
}

/** How long a sender keeps using the holder that last answered (see knownHolder). */
const HOLDER_KEPT_MS = 1_000;
/** How long a sender waits for the owner's answer. */
const ANSWER_MS = 15_000;

export class Forwarding {
  private readonly pending = new Map<string, (reply: Reply) => void>();
  private run: ((call: WriteCall) => Promise<ToolResult>) | undefined;

  constructor(
    private readonly publisher: Redis,
    private readonly subscriber: Redis,
    private readonly keys: Keys,
    private readonly hooks: ForwardingHooks,
  ) {}

  async start(): Promise<void> {
    this.subscriber.on("message", (channel: string, message: string) => {
      void this.onMessage(channel, message);
    });
    await this.subscriber.subscribe(
      this.requests(this.hooks.member),
      this.replies(this.hooks.member),
    );
  }

  /** Runs calls other processes forward here (the service's callForwarded). */
  serve(run: (call: WriteCall) => Promise<ToolResult>): void {
    this.run = run;
  }

  /** The service's WriteRouter: undefined when this process owns `path`'s folder. */
  forward(path: string, call: WriteCall): Promise<ToolResult> | undefined {
    const unit = this.hooks.unitOfPath(path);
    if (unit === undefined || this.hooks.holds(unit)) return undefined;
    return this.send(unit, call);
  }

  private async send(unit: string, call: WriteCall): Promise<ToolResult> {
    const deadline = Date.now() + this.hooks.leaseMs + 2_000;
    await this.hooks.persist();
    for (;;) {
      const holder = this.knownHolder(unit) ?? (await this.hooks.holder(unit));
      if (holder === this.hooks.member && this.hooks.holds(unit)) {
        return failedResult(
          lensError("not_saved", "The folder's ownership just moved here; send the change again."),
        );
      }
      if (holder !== undefined && holder !== this.hooks.member) {
        const reply = await this.ask(holder, unit, call);
        if (reply?.result) this.holders.set(unit, { member: holder, at: Date.now() });
        else this.holders.delete(unit);
        if (reply?.result) {
          if (reply.after && !(await this.hooks.caughtUp(reply.after, 2_000))) {
            this.hooks.warn({ unit }, "a forwarded write's changes were slow to arrive here");
          }
          return reply.result;
        }
        if (reply === undefined) {
          return failedResult(
            lensError(
              "not_saved",
              "The process that owns this folder did not answer in time; the change may or may not have been made. Read the note again before repeating it.",
            ),
          );
        }
      }
      if (Date.now() > deadline) {
        return failedResult(
          lensError(
            "not_saved",
            "No process owns this folder right now; nothing was changed. Try again shortly.",
          ),
        );
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  /**
   * The holder that last answered for `unit`, for a short while: a write on the path asks Redis
   * who holds the lease only when it has not just been told (one round trip less per write).
   * A holder that has lost the lease answers "moved", which drops it from here.
   */
  private knownHolder(unit: string): string | undefined {
    const known = this.holders.get(unit);
    if (known && Date.now() - known.at < HOLDER_KEPT_MS) return known.member;
    this.holders.delete(unit);
    return undefined;
  }

  private readonly holders = new Map<string, { member: string; at: number }>();

  /** One request to `holder`: its reply, `{moved}` when not delivered or refused, undefined on time-out. */
  private async ask(holder: string, unit: string, call: WriteCall): Promise<Reply | undefined> {
    const id = randomUUID();
    const request: Request = {
      id,
      from: this.hooks.member,
      unit,
      call: toWire(call),
      after: this.hooks.known(),
    };
    const answered = new Promise<Reply | undefined>((resolve) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        resolve(undefined);
      }, ANSWER_MS);
      this.pending.set(id, (reply) => {
        clearTimeout(timer);
        this.pending.delete(id);
        resolve(reply);
      });
    });
    const receivers = await this.publisher.publish(this.requests(holder), JSON.stringify(request));
    if (receivers === 0) {
      this.pending.get(id)?.({ id, moved: true });
      return { id, moved: true };
    }
    return answered;
  }

  private async onMessage(channel: string, message: string): Promise<void> {
    let parsed: unknown;
    try {
      parsed = JSON.parse(message);
    } catch {
      return;
    }
    if (channel === this.replies(this.hooks.member)) {
      const reply = parsed as Reply;
      this.pending.get(reply.id)?.(reply);
      return;
    }
    const request = parsed as Request;
    const answer = (reply: Omit<Reply, "id">) =>
      this.publisher.publish(
        this.replies(request.from),
        JSON.stringify({ id: request.id, ...reply }),
      );
    if (!this.run || !this.hooks.holds(request.unit)) {
      await answer({ moved: true });
      return;
    }
    if (!(await this.hooks.caughtUp(request.after, 2_000))) {
      this.hooks.warn(
        { unit: request.unit },
        "ran a forwarded write before catching up with its sender",
      );
    }
    // Checked again right before running: the lease may have lapsed while catching up.
    if (!this.hooks.holds(request.unit)) {
      await answer({ moved: true });
      return;
    }
    const result = await this.run(fromWire(request.call));
    await answer({ result, after: this.hooks.known() });
  }

  private requests(member: string): string {
    return `${this.keys.ns}:rpc:${member}`;
  }

  private replies(member: string): string {
    return `${this.keys.ns}:rpc-reply:${member}`;
  }
}

/** The call with its caller's reach in another form (a Set in memory, an array on the wire). */
function withReach<From extends { actor: { caller: { reach: unknown } } }, To>(
  call: From,
  reach: (r: From["actor"]["caller"]["reach"]) => unknown,
): To {
  const { actor } = call;
  return {
    ...call,
    actor: { ...actor, caller: { ...actor.caller, reach: reach(actor.caller.reach) } },
  } as To;
}

function toWire(call: WriteCall): WireCall {
  return withReach<WriteCall, WireCall>(call, (r) =>
    r.all ? { all: true } : { all: false, folders: [...r.folders] },
  );
}

function fromWire(call: WireCall): WriteCall {
  return withReach<WireCall, WriteCall>(call, (r) =>
    r.all ? { all: true } : { all: false, folders: new Set(r.folders ?? []) },
  );
}

/** Per partition, the later of two id vectors. */
export function laterOf(a: readonly string[], b: readonly string[]): string[] {
  return Array.from({ length: PARTITIONS }, (_, p) =>
    compareIds(a[p] ?? "0-0", b[p] ?? "0-0") >= 0 ? (a[p] ?? "0-0") : (b[p] ?? "0-0"),
  );
}
