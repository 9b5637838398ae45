// The review queue: every pending suggestion across documents, filtered by folder, author and
// age, each with its own Accept / Reject, and the filtered set accepted or rejected at once
// (after a confirmation naming how many and where): one request per document.
import { useMemo, useState } from "preact/hooks";
import type { Suggestion } from "../api/types.js";
import { docHash } from "../app/route.js";
import type { Review } from "../app/useReview.js";
import {
  AGES,
  type AgeFilter,
  ANY_FILTER,
  applyFilter,
  authorsOf,
  foldersOf,
  idsByDocument,
  NO_AUTHOR,
  type QueueFilter,
} from "../review/filters.js";
import { suggestionKey } from "../review/keys.js";
import { ShortcutsDialog } from "./ShortcutsDialog.js";
import { ConflictNote, ReviewButtons, SuggestionChange, SuggestionMeta } from "./SuggestionMark.js";
import { useSuggestionActions } from "./useSuggestionActions.js";

interface Props {
  suggestions: Suggestion[] | undefined;
  canReview: boolean;
  review: Review;
  now: number;
}

export function QueueView(p: Props) {
  const [filter, setFilter] = useState<QueueFilter>(ANY_FILTER);
  const [confirming, setConfirming] = useState<"accept" | "reject">();
  const all = p.suggestions ?? [];
  const shown = useMemo(() => applyFilter(all, filter, p.now), [all, filter, p.now]);
  const groups = useMemo(() => idsByDocument(shown), [shown]);
  const actions = useSuggestionActions(shown, p.review, p.canReview, p.now);
  const set = (patch: Partial<QueueFilter>) => {
    setConfirming(undefined);
    setFilter((f) => ({ ...f, ...patch }));
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
      <Filters all={all} filter={filter} set={set} />
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
      {p.suggestions !== undefined && shown.length === 0 && (
        <p class="empty">
          {all.length === 0
            ? "Nothing to review: no suggestion is pending."
            : "No suggestion matches these filters."}
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

function Filters({
  all,
  filter,
  set,
}: {
  all: Suggestion[];
  filter: QueueFilter;
  set(patch: Partial<QueueFilter>): void;
}) {
  // The chosen values stay choosable after their last suggestion is resolved.
  const withChosen = (list: string[], chosen: string) =>
    chosen === "" || list.includes(chosen) ? list : [...list, chosen].sort();
  const folders = useMemo(() => withChosen(foldersOf(all), filter.folder), [all, filter.folder]);
  const authors = useMemo(() => withChosen(authorsOf(all), filter.author), [all, filter.author]);
  return (
    <div class="filters">
      <label>
        Folder
        <select value={filter.folder} onChange={(e) => set({ folder: e.currentTarget.value })}>
          <option value="">All folders</option>
          {folders.map((f) => (
            <option key={f} value={f}>
              {f}
            </option>
          ))}
        </select>
      </label>
      <label>
        Author
        <select value={filter.author} onChange={(e) => set({ author: e.currentTarget.value })}>
          <option value="">All authors</option>
          {authors.map((a) => (
            <option key={a} value={a}>
              {a === NO_AUTHOR ? "(no author)" : a}
            </option>
          ))}
        </select>
      </label>
      <label>
        Age
        <select
          value={filter.age}
          onChange={(e) => set({ age: e.currentTarget.value as AgeFilter })}
        >
          {Object.entries(AGES).map(([k, v]) => (
            <option key={k} value={k}>
              {v.label}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}
