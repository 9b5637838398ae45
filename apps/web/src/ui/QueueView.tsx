// The review queue: every pending suggestion across documents, filtered (by who made it —
// assistants by default —, author, folder, what it does and age; kept in the URL), each with
// its own Accept / Reject, and the filtered set accepted or rejected at once (after a
// confirmation naming how many and where): one request per document.
import { useEffect, useMemo, useState } from "preact/hooks";
import type { PendingChange, Suggestion } from "../api/types.js";
import { rememberQueueQuery } from "../app/queueQuery.js";
import { docHash, queueHash } from "../app/route.js";
import type { Review } from "../app/useReview.js";
import {
  applyFilter,
  filterFromQuery,
  filterToQuery,
  idsByDocument,
  type QueueFilter,
} from "../review/filters.js";
import { suggestionKey } from "../review/keys.js";
import { MarkupToggle } from "./MarkupToggle.js";
import { PendingChanges } from "./PendingChanges.js";
import { QueueFilters } from "./QueueFilters.js";
import { ShortcutsDialog } from "./ShortcutsDialog.js";
import {
  ConflictNote,
  ReplyBox,
  ReviewButtons,
  SuggestionChange,
  SuggestionMeta,
  SuggestionReason,
} from "./SuggestionMark.js";
import { useSuggestionActions } from "./useSuggestionActions.js";

interface Props {
  /** The filters' query from the URL (`#/queue?…`); absent = the default. */
  query: string | undefined;
  suggestions: Suggestion[] | undefined;
  /** Suggested moves and deletions (shown above the suggestions, whatever the filters). */
  pendingChanges: PendingChange[];
  canReview: boolean;
  review: Review;
  now: number;
}

export function QueueView(p: Props) {
  const [filter, setFilter] = useState<QueueFilter>(() => filterFromQuery(p.query ?? ""));
  // The address bar moved (back, a pasted link): its filters win.
  useEffect(() => {
    setFilter(filterFromQuery(p.query ?? ""));
    rememberQueueQuery(p.query ?? "");
  }, [p.query]);
  const [confirming, setConfirming] = useState<"accept" | "reject">();
  const all = p.suggestions ?? [];
  const shown = useMemo(() => applyFilter(all, filter, p.now), [all, filter, p.now]);
  const groups = useMemo(() => idsByDocument(shown), [shown]);
  const actions = useSuggestionActions(shown, p.review, p.canReview, p.now);
  const set = (patch: Partial<QueueFilter>) => {
    setConfirming(undefined);
    const next = { ...filter, ...patch };
    setFilter(next);
    // Kept in the URL without a history entry per click: a reload shows the same queue.
    const query = filterToQuery(next);
    history.replaceState(null, "", queueHash(query));
    rememberQueueQuery(query);
  };
  const bulk = (action: "accept" | "reject") => {
    setConfirming(undefined);
    void p.review.run(action, groups);
  };

  return (
    <section class="queue" aria-busy={p.suggestions === undefined}>
      <header class="view-header">
        <h1>Review queue</h1>
        <span class="count">
          {p.suggestions === undefined
            ? "Loading…"
            : `${shown.length} of ${all.length} pending ${all.length === 1 ? "suggestion" : "suggestions"}`}
        </span>
      </header>
      <div class="view-tools">
        <QueueFilters all={all} filter={filter} set={set} />
        <MarkupToggle />
      </div>
      <ShortcutsDialog
        open={actions.help}
        canReview={actions.canReview}
        onClose={() => actions.setHelp(false)}
      />
      {p.canReview && shown.length > 0 && (
        <div class="bulk-bar">
          {confirming === undefined ? (
            <>
              <button
                type="button"
                class="accept"
                disabled={p.review.busy}
                onClick={() => setConfirming("accept")}
              >
                Accept all shown ({shown.length})
              </button>
              <button
                type="button"
                class="reject"
                disabled={p.review.busy}
                onClick={() => setConfirming("reject")}
              >
                Reject all shown ({shown.length})
              </button>
            </>
          ) : (
            <>
              <span class="confirm-text">
                {confirming === "accept" ? "Accept" : "Reject"} {shown.length}{" "}
                {shown.length === 1 ? "suggestion" : "suggestions"} in {groups.size}{" "}
                {groups.size === 1 ? "document" : "documents"}?
              </span>
              <button type="button" class={confirming} onClick={() => bulk(confirming)}>
                Confirm
              </button>
              <button type="button" onClick={() => setConfirming(undefined)}>
                Cancel
              </button>
            </>
          )}
        </div>
      )}
      <PendingChanges
        changes={p.pendingChanges}
        suggestions={all}
        canReview={p.canReview}
        review={p.review}
        now={p.now}
      />
      {p.suggestions !== undefined && shown.length === 0 && (
        <p class="empty">
          {all.length === 0
            ? "Nothing to review: no suggestion is pending."
            : `No suggestion matches these filters (${all.length} pending in all).`}
        </p>
      )}
      {[...groups.keys()].map((path) => (
        <section class="queue-doc" key={path}>
          <h2>
            <a href={docHash(path)}>{path}</a>
          </h2>
          <ul>
            {shown
              .filter((s) => s.path === path)
              .map((s) => {
                const k = suggestionKey(s);
                const cls = [
                  "queue-item",
                  actions.selected === k ? "selected" : "",
                  p.review.conflicts.has(k) ? "has-conflict" : "",
                ];
                return (
                  // biome-ignore lint/a11y/useKeyWithClickEvents: j/k select from the keyboard
                  <li
                    key={k}
                    class={cls.join(" ").trim()}
                    data-sid={k}
                    tabIndex={-1}
                    onClick={() => actions.select(k)}
                  >
                    <a
                      class="line"
                      href={docHash(path, s.id)}
                      title="Open the note at this suggestion"
                    >
                      line {s.line}
                    </a>
                    <span class="hunk">
                      <span class="context">{hunkBefore(s)}</span>
                      <SuggestionChange s={s} />
                      <span class="context">{hunkAfter(s)}</span>
                    </span>
                    <span class="tools">
                      <SuggestionMeta s={s} now={p.now} />
                      <ReviewButtons k={k} a={actions} />
                      <ConflictNote k={k} a={actions} />
                    </span>
                    <SuggestionReason s={s} />
                    <ReplyBox k={k} a={actions} />
                  </li>
                );
              })}
          </ul>
        </section>
      ))}
    </section>
  );
}

/** The context above a change, without blank lines at its far end. */
function hunkBefore(s: Suggestion): string {
  return (s.context?.before ?? "").replace(/^(?:[ \t]*\r?\n)+/, "");
}

/** The context below a change, without blank lines at its far end. */
function hunkAfter(s: Suggestion): string {
  return (s.context?.after ?? "").replace(/(?:\r?\n[ \t]*)+$/, "");
}
