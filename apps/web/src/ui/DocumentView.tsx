// One document: rendered markdown with its pending suggestions inline, Accept all / Reject
// all for reviewers, read again when a live change or a review names it.
import { useEffect, useMemo, useRef, useState } from "preact/hooks";
import type { Api } from "../api/client.js";
import type { Suggestion } from "../api/types.js";
import { useDocument } from "../app/useDocument.js";
import type { Changes } from "../app/useLensData.js";
import type { Review } from "../app/useReview.js";
import { renderMarkdown } from "../markdown/render.js";
import type { LinkResolver } from "../markdown/resolveLink.js";
import { slotsIn } from "../markdown/tree.js";
import { suggestionKey } from "../review/keys.js";
import { Check, X } from "./icons.js";
import { MarkdownView } from "./MarkdownView.js";
import { MarkupToggle } from "./MarkupToggle.js";
import { ErrorBox } from "./NoticeBar.js";
import { ShortcutsDialog } from "./ShortcutsDialog.js";
import {
  ConflictNote,
  ReviewButtons,
  type SuggestionActions,
  SuggestionChange,
  SuggestionMeta,
} from "./SuggestionMark.js";
import { useSuggestionActions } from "./useSuggestionActions.js";

interface Props {
  api: Api;
  path: string;
  /** A suggestion's id to select (highlighted, scrolled to) once the document is shown. */
  focus?: string | undefined;
  changes: Changes;
  resolve: LinkResolver;
  canReview: boolean;
  review: Review;
  now: number;
}

/** A counter that moves when a change names this document (or everything). */
function useVersion(changes: Changes, path: string | undefined): number {
  const [version, setVersion] = useState(0);
  useEffect(() => {
    if (changes.seq === 0) return;
    if (changes.paths === "all" || (path !== undefined && changes.paths.has(path))) {
      setVersion((v) => v + 1);
    }
  }, [changes]);
  return version;
}

export function DocumentView(p: Props) {
  const [known, setKnown] = useState<string>();
  const version = useVersion(p.changes, known);
  const { doc, loading, error } = useDocument(p.api, p.path, version);
  useEffect(() => setKnown(doc?.path), [doc?.path]);

  const rendered = useMemo(
    () =>
      doc &&
      renderMarkdown(doc.slotted.source, {
        path: doc.path,
        marker: doc.slotted.marker,
        resolve: p.resolve,
      }),
    [doc, p.resolve],
  );
  const suggestions = useMemo(
    () =>
      (doc?.slotted.slots ?? []).flatMap((s) => (s.kind === "suggestion" ? [s.suggestion] : [])),
    [doc],
  );
  const unplaced = useMemo(() => {
    if (!doc || !rendered) return [];
    const shown = new Set(slotsIn([...(rendered.frontmatter ?? []), ...rendered.body]));
    return doc.slotted.slots.flatMap((s, i) =>
      s.kind === "suggestion" && !shown.has(i) ? [s.suggestion] : [],
    );
  }, [doc, rendered]);

  const actions = useSuggestionActions(suggestions, p.review, p.canReview, p.now);
  // Opened at a suggestion (from the queue): select it once it is shown, which scrolls to it.
  const focused = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (!doc || p.focus === undefined || focused.current === p.focus) return;
    const target = suggestions.find((s) => s.id === p.focus);
    if (!target) return;
    focused.current = p.focus;
    actions.select(suggestionKey(target));
  }, [doc, suggestions, p.focus]);
  const all = (action: "accept" | "reject") => {
    if (doc) void p.review.run(action, new Map([[doc.path, suggestions.map((s) => s.id)]]));
  };

  return (
    <section class="document" aria-busy={loading}>
      <ShortcutsDialog
        open={actions.help}
        canReview={actions.canReview}
        onClose={() => actions.setHelp(false)}
      />
      <header class="view-header">
        <h1 class="doc-path">{doc?.path ?? p.path}</h1>
        <span class="count">
          {loading && !doc
            ? "Loading…"
            : `${suggestions.length} pending ${suggestions.length === 1 ? "suggestion" : "suggestions"}`}
          {loading && doc ? " · updating…" : ""}
        </span>
        {suggestions.length > 0 && <MarkupToggle />}
        {p.canReview && suggestions.length > 0 && (
          <span class="bulk">
            <button
              type="button"
              class="accept"
              disabled={p.review.busy}
              onClick={() => all("accept")}
            >
              <Check size={14} class="icon" />
              Accept all
            </button>
            <button
              type="button"
              class="reject"
              disabled={p.review.busy}
              onClick={() => all("reject")}
            >
              <X size={14} class="icon" />
              Reject all
            </button>
          </span>
        )}
      </header>
      <ErrorBox error={error} what={`Could not read ${p.path}`} />
      {rendered?.frontmatter && (
        <details class="frontmatter">
          <summary>Properties</summary>
          <pre>
            <MarkdownView
              nodes={rendered.frontmatter}
              slots={doc!.slotted.slots}
              actions={actions}
            />
          </pre>
        </details>
      )}
      {rendered && doc && (
        <article class="markdown">
          <MarkdownView nodes={rendered.body} slots={doc.slotted.slots} actions={actions} />
        </article>
      )}
      {unplaced.length > 0 && <Unplaced list={unplaced} actions={actions} />}
    </section>
  );
}

/** Suggestions inside a link's address or another spot no element can go, listed below. */
function Unplaced({ list, actions }: { list: Suggestion[]; actions: SuggestionActions }) {
  return (
    <section class="unplaced">
      <h2>Suggestions inside link addresses</h2>
      <ul>
        {list.map((s) => {
          const k = suggestionKey(s);
          return (
            <li key={k} class={actions.selected === k ? "selected" : ""} data-sid={k} tabIndex={-1}>
              Line {s.line}: <SuggestionChange s={s} /> <SuggestionMeta s={s} now={actions.now} />
              <ReviewButtons k={k} a={actions} />
              <ConflictNote k={k} a={actions} />
            </li>
          );
        })}
      </ul>
    </section>
  );
}
