// Running reviews from any view: one at a time, with the outcome as a notice, the conflicts
// remembered (shown on their suggestions until they are resolved) and the reviewed documents
// read again at once (the live stream would tell too, a moment later). A document the review
// removed (a rejected creation) is left for the queue. Every review that changed something can
// be undone: from the toast that follows it, with `u`, or from the recently reviewed list.
import { useCallback, useRef, useState } from "preact/hooks";
import type { Api } from "../api/client.js";
import type { ReviewAction } from "../api/types.js";
import { suggestionKey } from "../review/keys.js";
import {
  outcomeText,
  type ReviewOutcome,
  type ReviewUnit,
  review,
  reviewUnit,
} from "../review/review.js";
import { undoReviews, undoText } from "../review/undo.js";
import { queueLink } from "./queueQuery.js";
import { docHash, parseRoute, routeKey } from "./route.js";

export interface Notice {
  tone: "ok" | "warn" | "error";
  text: string;
  /**
   * The page (`routeKey`) the notice is about: it is shown there only, so navigating away
   * leaves it behind. Unset: shown on every page until dismissed.
   */
  at?: string;
  /** A link the notice offers (the note as it is now, after a refused undo). */
  link?: { href: string; text: string };
}

/** One document's review, as the recently reviewed list shows it. */
export interface RecentReview {
  /** The page's own number for it. */
  id: number;
  /** The reviews made by one action (Accept all shown: several documents) share a batch. */
  batch: number;
  action: ReviewAction;
  path: string;
  token: string;
  /** Suggestions it resolved. */
  count: number;
  at: number;
  /** `changed`: the note changed since, the server refused; `gone`: no longer available. */
  state: "done" | "undone" | "changed" | "gone";
}

/** The toast after a review: what it did and until when it stays (at least 10 s). */
export interface UndoToastState {
  batch: number;
  text: string;
  until: number;
}

/** How long the toast offers Undo. */
export const TOAST_MS = 15_000;
/** How many reviews the recently reviewed list keeps. */
const RECENT_MAX = 30;

export interface Review {
  busy: boolean;
  /** Keys (suggestionKey) of suggestions a review left pending as conflicts. */
  conflicts: ReadonlySet<string>;
  notice: Notice | undefined;
  run(
    action: ReviewAction,
    byDocument: ReadonlyMap<string, readonly string[]>,
    reply?: string,
  ): Promise<void>;
  /** Reviews a changeset, or moves and deletions by id, in one request; reads everything again. */
  runUnit(
    action: ReviewAction,
    unit: ReviewUnit,
    listed?: readonly { id: string; path: string }[],
  ): Promise<void>;
  dismiss(): void;
  /** Shows a notice that is not a review's (an error of another part). */
  tell(notice: Notice): void;
  /** Newest first. */
  recent: readonly RecentReview[];
  toast: UndoToastState | undefined;
  dismissToast(): void;
  /** Undoes the given reviews (ids of `recent`). */
  undo(ids: readonly number[]): Promise<void>;
  /** Undoes the newest batch that can still be undone (`u`); false when there is none. */
  undoLast(): boolean;
}

/** The open document was removed (its creation rejected): back to the queue. */
function leaveRemoved(removed: readonly string[]): void {
  const route = parseRoute(location.hash);
  if (route.name !== "doc") return;
  const open = route.path.toLowerCase();
  if (removed.some((p) => [open, `${open}.md`].includes(p.toLowerCase()))) {
    location.hash = queueLink();
  }
}

function toneOf(o: ReviewOutcome): Notice["tone"] {
  if (o.errors.length > 0) return "error";
  return o.conflicts.length > 0 ||
    o.notFound.length > 0 ||
    o.changes.some((c) => c.status !== "applied")
    ? "warn"
    : "ok";
}

const here = () => routeKey(parseRoute(location.hash));

export function useReview(api: Api, refresh: (paths?: readonly string[]) => Promise<void>): Review {
  const [busy, setBusy] = useState(false);
  const [conflicts, setConflicts] = useState<ReadonlySet<string>>(new Set());
  const [notice, setNotice] = useState<Notice>();
  const [recent, setRecent] = useState<readonly RecentReview[]>([]);
  const [toast, setToast] = useState<UndoToastState>();
  const seq = useRef(0);
  const latest = useRef({ recent, busy });
  latest.current = { recent, busy };

  const run = useCallback(
    async (
      action: ReviewAction,
      byDocument: ReadonlyMap<string, readonly string[]>,
      reply?: string,
    ) => {
      setBusy(true);
      setNotice(undefined);
      try {
        const outcome = await review(api, action, byDocument, reply);
        setConflicts((prev) => {
          const next = new Set(prev);
          for (const [path, ids] of byDocument)
            for (const id of ids) next.delete(suggestionKey({ path, id }));
          for (const c of outcome.conflicts) next.add(suggestionKey(c));
          return next;
        });
        leaveRemoved(outcome.removed);
        const text = outcomeText(outcome);
        setNotice({ tone: toneOf(outcome), text, at: here() });
        if (outcome.undos.length > 0) {
          const batch = ++seq.current;
          const at = Date.now();
          const made = outcome.undos.map(
            (u): RecentReview => ({ ...u, id: ++seq.current, batch, action, at, state: "done" }),
          );
          setRecent((prev) => [...made.reverse(), ...prev].slice(0, RECENT_MAX));
          setToast({ batch, text, until: at + TOAST_MS });
        }
        // A removed note leaves the tree too: everything is read again then.
        await refresh(outcome.removed.length > 0 ? undefined : [...byDocument.keys()]);
      } finally {
        setBusy(false);
      }
    },
    [api, refresh],
  );

  // A move or deletion (or a changeset holding some) is not undone from the toast: accepting a
  // move renamed a note and rewrote links in others, which no per-document undo covers.
  const runUnit = useCallback(
    async (
      action: ReviewAction,
      unit: ReviewUnit,
      listed: readonly { id: string; path: string }[] = [],
    ) => {
      setBusy(true);
      setNotice(undefined);
      try {
        const outcome = await reviewUnit(api, action, unit, listed);
        // A note moved or deleted is no longer where the open document was.
        leaveRemoved([
          ...outcome.removed,
          ...outcome.changes.flatMap((c) => {
            const was = c.from ?? c.path;
            return c.status === "applied" && was ? [was] : [];
          }),
        ]);
        setNotice({ tone: toneOf(outcome), text: outcomeText(outcome), at: here() });
        await refresh();
      } finally {
        setBusy(false);
      }
    },
    [api, refresh],
  );

  const undo = useCallback(
    async (ids: readonly number[]) => {
      const chosen = latest.current.recent.filter((r) => ids.includes(r.id) && r.state === "done");
      if (chosen.length === 0 || latest.current.busy) return;
      setBusy(true);
      setNotice(undefined);
      setToast((t) => (t && chosen.some((r) => r.batch === t.batch) ? undefined : t));
      try {
        const results = await undoReviews(
          api,
          chosen.map((r) => r.token),
        );
        const byToken = new Map(results.map((r) => [r.token, r]));
        setRecent((prev) =>
          prev.map((r) => {
            const done = byToken.get(r.token);
            if (!done) return r;
            const state =
              done.status === "undone"
                ? "undone"
                : done.status === "changed"
                  ? "changed"
                  : done.status === "gone"
                    ? "gone"
                    : r.state;
            return { ...r, state, ...(done.status === "changed" ? { path: done.path } : {}) };
          }),
        );
        const changed = results.find((r) => r.status === "changed");
        const failed = results.some((r) => r.status !== "undone");
        setNotice({
          tone: failed ? "warn" : "ok",
          text: undoText(results),
          at: here(),
          ...(changed?.status === "changed"
            ? { link: { href: docHash(changed.path), text: `Open ${changed.path} as it is now` } }
            : {}),
        });
        await refresh();
      } finally {
        setBusy(false);
      }
    },
    [api, refresh],
  );

  const undoLast = useCallback(() => {
    const last = latest.current.recent.find((r) => r.state === "done");
    if (!last) return false;
    const ids = latest.current.recent
      .filter((r) => r.batch === last.batch && r.state === "done")
      .map((r) => r.id);
    void undo(ids);
    return true;
  }, [undo]);

  return {
    busy,
    conflicts,
    notice,
    run,
    runUnit,
    dismiss: useCallback(() => setNotice(undefined), []),
    tell: setNotice,
    recent,
    toast,
    dismissToast: useCallback(() => setToast(undefined), []),
    undo,
    undoLast,
  };
}
