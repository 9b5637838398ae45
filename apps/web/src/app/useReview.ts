// Running reviews from any view: one at a time, with the outcome as a notice, the conflicts
// remembered (shown on their suggestions until they are resolved) and the reviewed documents
// read again at once (the live stream would tell too, a moment later). A document the review
// removed (a rejected creation) is left for the queue.
import { useCallback, useState } from "preact/hooks";
import type { Api } from "../api/client.js";
import type { ReviewAction } from "../api/types.js";
import { suggestionKey } from "../review/keys.js";
import { outcomeText, type ReviewOutcome, review } from "../review/review.js";
import { parseRoute, QUEUE_HASH, routeKey } from "./route.js";

export interface Notice {
  tone: "ok" | "warn" | "error";
  text: string;
  /**
   * The page (`routeKey`) the notice is about: it is shown there only, so navigating away
   * leaves it behind. Unset: shown on every page until dismissed.
   */
  at?: string;
}

export interface Review {
  busy: boolean;
  /** Keys (suggestionKey) of suggestions a review left pending as conflicts. */
  conflicts: ReadonlySet<string>;
  notice: Notice | undefined;
  run(action: ReviewAction, byDocument: ReadonlyMap<string, readonly string[]>): Promise<void>;
  dismiss(): void;
  /** Shows a notice that is not a review's (an error of another part). */
  tell(notice: Notice): void;
}

/** The open document was removed (its creation rejected): back to the queue. */
function leaveRemoved(removed: readonly string[]): void {
  const route = parseRoute(location.hash);
  if (route.name !== "doc") return;
  const open = route.path.toLowerCase();
  if (removed.some((p) => [open, `${open}.md`].includes(p.toLowerCase()))) {
    location.hash = QUEUE_HASH;
  }
}

function toneOf(o: ReviewOutcome): Notice["tone"] {
  if (o.errors.length > 0) return "error";
  return o.conflicts.length > 0 || o.notFound.length > 0 ? "warn" : "ok";
}

export function useReview(api: Api, refresh: (paths?: readonly string[]) => Promise<void>): Review {
  const [busy, setBusy] = useState(false);
  const [conflicts, setConflicts] = useState<ReadonlySet<string>>(new Set());
  const [notice, setNotice] = useState<Notice>();

  const run = useCallback(
    async (action: ReviewAction, byDocument: ReadonlyMap<string, readonly string[]>) => {
      setBusy(true);
      setNotice(undefined);
      try {
        const outcome = await review(api, action, byDocument);
        setConflicts((prev) => {
          const next = new Set(prev);
          for (const [path, ids] of byDocument)
            for (const id of ids) next.delete(suggestionKey({ path, id }));
          for (const c of outcome.conflicts) next.add(suggestionKey(c));
          return next;
        });
        leaveRemoved(outcome.removed);
        setNotice({
          tone: toneOf(outcome),
          text: outcomeText(outcome),
          at: routeKey(parseRoute(location.hash)),
        });
        // A removed note leaves the tree too: everything is read again then.
        await refresh(outcome.removed.length > 0 ? undefined : [...byDocument.keys()]);
      } finally {
        setBusy(false);
      }
    },
    [api, refresh],
  );

  return {
    busy,
    conflicts,
    notice,
    run,
    dismiss: useCallback(() => setNotice(undefined), []),
    tell: setNotice,
  };
}
