// The undos a review leaves: each document's review gets a token its reviewer may send back to
// undo it. Kept in memory, bound to the credential that reviewed, for UNDO_KEEP_MS, the newest
// UNDO_MAX at most; a restart forgets them (an undo then says it is no longer available).
import type { ReviewUndo } from "@lens/core";

/** How long an undo stays available (the text must also be unchanged): a working day. */
export const UNDO_KEEP_MS = 8 * 60 * 60 * 1000;
/** Most undos kept; the oldest go first. */
export const UNDO_MAX = 2000;

interface Kept {
  credential: string;
  at: number;
  undo: ReviewUndo;
}

export class UndoLog {
  private readonly kept = new Map<string, Kept>();

  constructor(
    private readonly now: () => number,
    private readonly random: () => string,
  ) {}

  /** Keeps `undo` for `credential`; the token that names it. */
  issue(credential: string, undo: ReviewUndo): string {
    this.prune();
    const token = `u_${this.random()}`;
    this.kept.set(token, { credential, at: this.now(), undo });
    while (this.kept.size > UNDO_MAX) {
      const oldest = this.kept.keys().next().value;
      if (oldest === undefined) break;
      this.kept.delete(oldest);
    }
    return token;
  }

  /** The undo `token` names, when `credential` issued it and it has not expired. */
  find(credential: string, token: string): ReviewUndo | undefined {
    this.prune();
    const k = this.kept.get(token);
    return k && k.credential === credential ? k.undo : undefined;
  }

  /** Forgets `token` (it was used). */
  drop(token: string): void {
    this.kept.delete(token);
  }

  private prune(): void {
    const cutoff = this.now() - UNDO_KEEP_MS;
    for (const [token, k] of this.kept) {
      if (k.at > cutoff) break;
      this.kept.delete(token);
    }
  }
}
