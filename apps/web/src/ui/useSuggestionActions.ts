// What a list of shown suggestions offers the marks and keys that act on them: select one,
// accept or reject one (by click or a / r), the review's state. Shared by the document view and
// the review queue, which only differ in which suggestions they show.
import { useMemo, useState } from "preact/hooks";
import type { Suggestion } from "../api/types.js";
import type { Review } from "../app/useReview.js";
import { suggestionKey } from "../review/keys.js";
import type { SuggestionActions } from "./SuggestionMark.js";
import { useReviewKeys } from "./useReviewKeys.js";

export function useSuggestionActions(
  shown: readonly Suggestion[],
  review: Review,
  canReview: boolean,
  now: number,
): SuggestionActions {
  const keys = useMemo(() => shown.map(suggestionKey), [shown]);
  const byKey = useMemo(() => new Map(shown.map((s) => [suggestionKey(s), s])), [shown]);
  // Replies being written, by suggestion: sent with that suggestion's Accept or Reject.
  const [replies, setReplies] = useState<ReadonlyMap<string, string>>(new Map());
  const setReply = (key: string, text: string | undefined) =>
    setReplies((prev) => {
      const next = new Map(prev);
      if (text === undefined) next.delete(key);
      else next.set(key, text);
      return next;
    });
  const act = (action: "accept" | "reject", key: string) => {
    const s = byKey.get(key);
    if (!s || review.busy) return;
    const reply = replies.get(key)?.trim() || undefined;
    void review.run(action, new Map([[s.path, [s.id]]]), reply);
    if (replies.has(key)) setReply(key, undefined);
  };
  const { selected, select, help, setHelp } = useReviewKeys(
    keys,
    canReview ? act : undefined,
    review.undoLast,
  );
  return {
    canReview,
    busy: review.busy,
    now,
    selected,
    conflicts: review.conflicts,
    select,
    act,
    help,
    setHelp,
    replies,
    setReply,
  };
}
