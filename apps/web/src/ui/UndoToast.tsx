// The toast after a review: what it did, and Undo, for TOAST_MS (15 s; at least 10 s), kept while
// the pointer or the keyboard focus is on it. `u` does the same from anywhere.
import { useEffect, useState } from "preact/hooks";
import type { Review } from "../app/useReview.js";
import { Undo2, X } from "./icons.js";

export function UndoToast({ review }: { review: Review }) {
  const { toast } = review;
  const [held, setHeld] = useState(false);
  const [, tick] = useState(0);
  useEffect(() => {
    if (!toast || held) return;
    const left = toast.until - Date.now();
    if (left <= 0) {
      review.dismissToast();
      return;
    }
    const timer = setTimeout(() => tick((n) => n + 1), left);
    return () => clearTimeout(timer);
  });
  if (!toast) return null;
  const ids = review.recent.filter((r) => r.batch === toast.batch).map((r) => r.id);
  return (
    // A named region, not a second live region: the notice already says what the review did.
    <section
      class="toast"
      aria-label="Undo the last review"
      onMouseEnter={() => setHeld(true)}
      onMouseLeave={() => setHeld(false)}
    >
      <span class="toast-text">{toast.text}</span>
      <button
        type="button"
        class="undo on-dark"
        disabled={review.busy}
        onClick={() => void review.undo(ids)}
        onFocus={() => setHeld(true)}
        onBlur={() => setHeld(false)}
        aria-keyshortcuts="u"
      >
        <Undo2 size={16} class="icon" />
        Undo
      </button>
      <button
        type="button"
        class="icon-button on-dark"
        aria-label="Close"
        title="Close"
        onClick={review.dismissToast}
      >
        <X size={16} />
      </button>
    </section>
  );
}
