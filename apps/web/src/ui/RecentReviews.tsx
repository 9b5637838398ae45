// The recently reviewed list: each document's review of this tab, newest first, with Undo while
// it can be undone; once the note changed since (the server refused), a link to it as it is now.
import { docHash } from "../app/route.js";
import type { RecentReview, Review } from "../app/useReview.js";
import { ageText } from "../review/age.js";
import { History, Undo2 } from "./icons.js";

const DONE = { accept: "Accepted", reject: "Rejected" } as const;

export function RecentReviews({ review, now }: { review: Review; now: number }) {
  if (review.recent.length === 0) return null;
  const open = review.recent.filter((r) => r.state === "done").length;
  return (
    <details class="recent">
      <summary class="recent-summary">
        <History size={16} class="icon" />
        Recently reviewed ({review.recent.length}
        {open < review.recent.length ? `, ${open} can be undone` : ""})
      </summary>
      <ul>
        {review.recent.map((r) => (
          <li key={r.id} class={`recent-item state-${r.state}`}>
            <span>
              {DONE[r.action]} {r.count} in <a href={docHash(r.path)}>{r.path}</a> ·{" "}
              <span class="muted">{ageText(r.at, now)}</span>
            </span>
            <State r={r} review={review} />
          </li>
        ))}
      </ul>
    </details>
  );
}

function State({ r, review }: { r: RecentReview; review: Review }) {
  switch (r.state) {
    case "done":
      return (
        <button
          type="button"
          class="undo"
          disabled={review.busy}
          aria-label={`Undo: ${DONE[r.action].toLowerCase()} ${r.count} in ${r.path}`}
          onClick={() => void review.undo([r.id])}
        >
          <Undo2 size={14} class="icon" />
          Undo
        </button>
      );
    case "undone":
      return <span class="muted">Undone</span>;
    case "changed":
      return (
        <span class="muted">
          Changed since: <a href={docHash(r.path)}>open it as it is now</a>
        </span>
      );
    case "gone":
      return <span class="muted">No longer available</span>;
  }
}
