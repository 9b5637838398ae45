// One pending suggestion where it stands: deletion struck, insertion marked, who and when
// beside it, Accept / Reject for reviewers, and a conflict note when a review left it pending.
import type { Suggestion } from "../api/types.js";
import { ageText, exactTime } from "../review/age.js";
import { suggestionKey } from "../review/keys.js";

export interface SuggestionActions {
  canReview: boolean;
  busy: boolean;
  now: number;
  selected: string | undefined;
  conflicts: ReadonlySet<string>;
  select(key: string): void;
  act(action: "accept" | "reject", key: string): void;
  /** The shortcuts dialog is open (`?`). */
  help: boolean;
  setHelp(open: boolean): void;
}

export function SuggestionChange({ s }: { s: Suggestion }) {
  return (
    <span class="change">
      {s.old !== "" && <del>{s.old}</del>}
      {s.new !== "" && <ins>{s.new}</ins>}
    </span>
  );
}

export function SuggestionMeta({ s, now }: { s: Suggestion; now: number }) {
  return (
    <span class="meta" title={`${s.author ?? "Unknown author"} · ${exactTime(s.time)}`}>
      <span class="author">{s.author ?? "unknown"}</span> · {ageText(s.time, now)}
    </span>
  );
}

export function ReviewButtons({ k, a }: { k: string; a: SuggestionActions }) {
  if (!a.canReview) return null;
  return (
    <span class="buttons">
      <button type="button" class="accept" disabled={a.busy} onClick={() => a.act("accept", k)}>
        Accept
      </button>
      <button type="button" class="reject" disabled={a.busy} onClick={() => a.act("reject", k)}>
        Reject
      </button>
    </span>
  );
}

export function ConflictNote({ k, a }: { k: string; a: SuggestionActions }) {
  if (!a.conflicts.has(k)) return null;
  return (
    <span class="conflict-note" role="note">
      Conflict: left pending, edit by hand
    </span>
  );
}

/** The suggestion inline in the rendered document. */
export function SuggestionMark({ s, a }: { s: Suggestion; a: SuggestionActions }) {
  const k = suggestionKey(s);
  const cls = ["suggestion", `kind-${s.kind}`];
  if (a.selected === k) cls.push("selected");
  if (a.conflicts.has(k)) cls.push("has-conflict");
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: j/k select from the keyboard
    // biome-ignore lint/a11y/noStaticElementInteractions: a click selects, the buttons act
    <span class={cls.join(" ")} data-sid={k} tabIndex={-1} onClick={() => a.select(k)}>
      <SuggestionChange s={s} />
      <span class="tools">
        <SuggestionMeta s={s} now={a.now} />
        <ReviewButtons k={k} a={a} />
        <ConflictNote k={k} a={a} />
      </span>
    </span>
  );
}
