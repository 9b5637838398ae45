// Which process owns which unit (a folder, or "unfiled" for docs in no folder): placed by
// rendezvous hashing over the live members, held as a Redis lease with a fencing epoch. The
// owner alone writes a unit's documents to the bucket; every such write is committed by a
// script that checks the lease token, so a paused or cut-off former owner is refused.
import { createHash } from "node:crypto";
import type { Keys } from "./keys.js";
import type { ClusterRedis } from "./scripts.js";

interface Held {
  token: string;
  /** performance.now() when the lease was last taken or renewed. */
  renewedAt: number;
}

export class Leases {
  private readonly held = new Map<string, Held>();
  private live: string[] = [];

  constructor(
    private readonly redis: ClusterRedis,
    private readonly keys: Keys,
    readonly member: string,
    readonly leaseMs: number,
  ) {}

  /** The live members as of the last round. */
  get members(): readonly string[] {
    return this.live;
  }

  /** The units this process holds a valid lease on. */
  owned(): string[] {
    return [...this.held.keys()].filter((u) => this.tokenOf(u) !== undefined);
  }

  /**
   * The lease token of `unit` while it is safely held: renewed less than half a lease ago by
   * this process's monotonic clock (which keeps counting through a SIGSTOP), else undefined.
   */
  tokenOf(unit: string): string | undefined {
    const h = this.held.get(unit);
    if (!h || performance.now() - h.renewedAt > this.leaseMs / 2) return undefined;
    return h.token;
  }

  /** The member rendezvous hashing places `unit` on. */
  placement(unit: string, members: readonly string[] = this.live): string | undefined {
    let best: string | undefined;
    let bestScore = -1;
    for (const m of members) {
      const score = createHash("sha1").update(`${m}\n${unit}`).digest().readUInt32BE(0);
      if (score > bestScore || (score === bestScore && m < (best ?? ""))) {
        best = m;
        bestScore = score;
      }
    }
    return best;
  }

  /**
   * One round: heartbeat, then take or renew the units placed here and give up the ones placed
   * elsewhere. Returns the units newly taken.
   */
  async round(units: readonly string[]): Promise<string[]> {
    // A member is live for 4/5 of a lease after its last heartbeat: one that stopped answering
    // has left the placement before its leases lapse, so they are taken as soon as they do.
    this.live = await this.redis.lensHeartbeat(
      this.keys.members,
      this.member,
      Math.floor((this.leaseMs * 4) / 5),
    );
    const taken: string[] = [];
    for (const unit of units) {
      const mine = this.placement(unit) === this.member;
      const h = this.held.get(unit);
      if (mine) {
        const started = performance.now();
        const token = await this.redis.lensAcquire(
          this.keys.lease(unit),
          this.keys.epoch(unit),
          this.member,
          this.leaseMs,
        );
        if (token) {
          if (!h || h.token !== token) taken.push(unit);
          this.held.set(unit, { token, renewedAt: started });
        } else this.held.delete(unit);
      } else if (h) {
        this.held.delete(unit);
        await this.redis.lensRelease(this.keys.lease(unit), h.token);
      }
    }
    // Units no longer in the workspace.
    for (const [unit, h] of this.held) {
      if (units.includes(unit)) continue;
      this.held.delete(unit);
      await this.redis.lensRelease(this.keys.lease(unit), h.token);
    }
    return taken;
  }

  /** Gives every lease up and leaves the member list (a clean stop). */
  async leave(): Promise<void> {
    for (const [unit, h] of this.held) await this.redis.lensRelease(this.keys.lease(unit), h.token);
    this.held.clear();
    await this.redis.lensHeartbeat(this.keys.members, this.member, 0);
  }
}
