// One pending suggestion where it stands: deletion struck, insertion marked, who and when
// beside it, Accept / Reject for reviewers, and a conflict note when a review left it pending.
import type { Suggestion } from "../api/types.js";
import { useMarkup } from "../app/markupMode.js";
import { ageText, exactTime } from "../review/age.js";
import { suggestionKey } from "../review/keys.js";
import { markupOf, wordDiff, worthDiffing } from "../review/wordDiff.js";
import { Bot, Check, MessageSquare, User, X } from "./icons.js";

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
  /** Replies being written (by suggestion key), sent with its Accept or Reject. */
  replies: ReadonlyMap<string, string>;
  /** Opens (""), changes or closes (undefined) the reply box of a suggestion. */
  setReply(key: string, text: string | undefined): void;
}

/**
 * The change: a word diff when old and new share words (only the changed words struck and
 * inserted), else the old text struck and the new inserted; its CriticMarkup with "Show markup".
 */
export function SuggestionChange({ s }: { s: Suggestion }) {
  const { markup } = useMarkup();
  if (markup) return <code class="change markup">{markupOf(s)}</code>;
  if (worthDiffing(s)) {
    return (
      <span class="change word-diff" title={`Was: ${s.old}`}>
        {wordDiff(s.old, s.new).map((p, i) =>
          p.change === "del" ? (
            <del key={i}>{p.text}</del>
          ) : p.change === "ins" ? (
            <ins key={i}>{p.text}</ins>
          ) : (
            <span key={i}>{p.text}</span>
          ),
        )}
      </span>
    );
  }
  return (
    <span class="change">
      {s.old !== "" && <del>{s.old}</del>}
      {s.new !== "" && <ins>{s.new}</ins>}
    </span>
  );
}

/** Who and when; metadata a suggestion lacks (hand-written, the sample vault) said as such. */
export function SuggestionMeta({ s, now }: { s: Suggestion; now: number }) {
  const who = s.author ?? "author not recorded";
  const when = s.time === undefined ? "time not recorded" : ageText(s.time, now);
  const Kind = s.by === "person" ? User : s.by === "assistant" ? Bot : undefined;
  return (
    <span
      class={`meta ${s.author === undefined ? "unrecorded" : ""}`.trim()}
      title={`${who}${s.by ? ` (${s.by === "person" ? "a person" : "an assistant"})` : ""} · ${exactTime(s.time)}`}
    >
      {Kind && <Kind size={14} class="icon" />}
      <span class="author">{who}</span> · {when}
    </span>
  );
}

/** Why the author suggested it, as they wrote it. */
export function SuggestionReason({ s }: { s: Suggestion }) {
  if (!s.reason) return null;
  return (
    <span class="reason">
      <MessageSquare size={14} class="icon" />
      <span class="sr-only">Reason: </span>
      {s.reason}
    </span>
  );
}

/** A reply to the author, written before accepting or rejecting (they see it in `suggestions`). */
export function ReplyBox({ k, a }: { k: string; a: SuggestionActions }) {
  const text = a.replies.get(k);
  if (!a.canReview || text === undefined) return null;
  return (
    <label class="reply-box">
      <span>Reply to the author, sent with Accept or Reject</span>
      <textarea
        rows={2}
        maxLength={2000}
        value={text}
        // Typing here is not a shortcut (j/k/a/r stay letters).
        onKeyDown={(e) => e.stopPropagation()}
        onInput={(e) => a.setReply(k, (e.target as HTMLTextAreaElement).value)}
      />
    </label>
  );
}

export function ReviewButtons({ k, a }: { k: string; a: SuggestionActions }) {
  if (!a.canReview) return null;
  const replying = a.replies.has(k);
  return (
    <span class="buttons">
      <button
        type="button"
        class="reply"
        aria-expanded={replying}
        onClick={() => a.setReply(k, replying ? undefined : "")}
      >
        <MessageSquare size={14} class="icon" />
        {replying ? "No reply" : "Reply"}
      </button>
      <button type="button" class="accept" disabled={a.busy} onClick={() => a.act("accept", k)}>
        <Check size={14} class="icon" />
        Accept
      </button>
      <button type="button" class="reject" disabled={a.busy} onClick={() => a.act("reject", k)}>
        <X size={14} class="icon" />
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
        <SuggestionReason s={s} />
        <ReviewButtons k={k} a={a} />
        <ReplyBox k={k} a={a} />
        <ConflictNote k={k} a={a} />
      </span>
    </span>
  );
}
