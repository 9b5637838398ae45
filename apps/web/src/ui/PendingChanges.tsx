// Suggested moves and deletions, and changesets, in the review queue. A move or deletion changes
// nothing until accepted; accepting a move renames the note and rewrites the links listed here in
// one step on the server. A changeset (an assistant's batch, or a move with its rewrites) is
// accepted or rejected as one unit: its suggestions, moves and deletions together.
import type { PendingChange, Suggestion } from "../api/types.js";
import { docHash } from "../app/route.js";
import type { Review } from "../app/useReview.js";
import { ageText, exactTime } from "../review/age.js";
import { ArrowRight, Bot, Check, Layers, MessageSquare, Trash, X } from "./icons.js";

interface Props {
  changes: readonly PendingChange[];
  suggestions: readonly Suggestion[];
  canReview: boolean;
  review: Review;
  now: number;
}

/** The changesets among what is pending: id → its suggestions and changes, in order of use. */
export function changesetsOf(
  suggestions: readonly Suggestion[],
  changes: readonly PendingChange[],
): Map<string, { suggestions: Suggestion[]; changes: PendingChange[] }> {
  const sets = new Map<string, { suggestions: Suggestion[]; changes: PendingChange[] }>();
  const of = (id: string) => {
    const known = sets.get(id);
    if (known) return known;
    const made = { suggestions: [] as Suggestion[], changes: [] as PendingChange[] };
    sets.set(id, made);
    return made;
  };
  for (const c of changes) if (c.changeset) of(c.changeset).changes.push(c);
  for (const s of suggestions) if (s.changeset) of(s.changeset).suggestions.push(s);
  return sets;
}

export function PendingChanges(p: Props) {
  const sets = [...changesetsOf(p.suggestions, p.changes)].filter(
    ([, set]) => set.suggestions.length + set.changes.length > 1,
  );
  if (p.changes.length === 0 && sets.length === 0) return null;
  return (
    <section class="pending-changes" aria-label="Moves, deletions and changesets">
      {sets.length > 0 && (
        <ul class="changes-list changesets">
          {sets.map(([id, set]) => (
            <ChangesetRow key={id} id={id} set={set} {...p} />
          ))}
        </ul>
      )}
      {p.changes.length > 0 && (
        <>
          <h2 class="changes-title">Moves and deletions</h2>
          <ul class="changes-list">
            {p.changes.map((c) => (
              <ChangeRow key={c.id} c={c} {...p} />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

function ChangesetRow({
  id,
  set,
  canReview,
  review,
}: Props & { id: string; set: { suggestions: Suggestion[]; changes: PendingChange[] } }) {
  const notes = new Set(set.suggestions.map((s) => s.path)).size;
  const parts = [
    ...(set.suggestions.length > 0
      ? [
          `${set.suggestions.length} ${set.suggestions.length === 1 ? "suggestion" : "suggestions"} in ${notes} ${notes === 1 ? "note" : "notes"}`,
        ]
      : []),
    ...set.changes.map((c) => (c.kind === "move" ? `move of ${c.path}` : `deletion of ${c.path}`)),
  ];
  return (
    <li class="changeset" data-changeset={id}>
      <Layers size={14} class="icon" />
      <span class="what">
        Changeset <code>{id}</code>: {parts.join(", ")}
      </span>
      {canReview && (
        <UnitButtons
          review={review}
          labels={["Accept changeset", "Reject changeset"]}
          act={(action) => review.runUnit(action, { changeset: id }, set.changes)}
        />
      )}
    </li>
  );
}

function ChangeRow({ c, canReview, review, now }: Props & { c: PendingChange }) {
  return (
    <li class="change-item" data-change={c.id}>
      <span class="what">
        {c.kind === "move" ? (
          <>
            <ArrowRight size={14} class="icon" />
            Move <a href={docHash(c.path)}>{c.path}</a> to <strong>{c.to}</strong>
          </>
        ) : (
          <>
            <Trash size={14} class="icon" />
            Delete <a href={docHash(c.path)}>{c.path}</a>
          </>
        )}
      </span>
      <span class="tools">
        <span class="meta" title={`${c.author ?? "author not recorded"} · ${exactTime(c.time)}`}>
          <Bot size={14} class="icon" />
          <span class="author">{c.author ?? "author not recorded"}</span> · {ageText(c.time, now)}
        </span>
        {canReview && (
          <UnitButtons
            review={review}
            labels={
              c.kind === "move"
                ? ["Accept move", "Reject move"]
                : ["Accept deletion", "Reject deletion"]
            }
            act={(action) => review.runUnit(action, { changes: [c.id] }, [c])}
          />
        )}
      </span>
      {c.reason && (
        <span class="reason">
          <MessageSquare size={14} class="icon" />
          <span class="sr-only">Reason: </span>
          {c.reason}
        </span>
      )}
      {c.kind === "move" && (c.rewrites.length > 0 || c.hiddenRewrites > 0) && (
        <ul class="rewrites" aria-label="Links rewritten when accepted">
          {c.rewrites.map((r, i) => (
            <li key={`${r.path}:${i}`}>
              <span class="path">{r.path}</span>: <del>{r.old}</del> <ins>{r.new}</ins>
            </li>
          ))}
          {c.hiddenRewrites > 0 && (
            <li class="hidden-rewrites">and {c.hiddenRewrites} in notes you cannot see</li>
          )}
        </ul>
      )}
    </li>
  );
}

/** Accept and Reject for one unit (a changeset, a move, a deletion): one request each. */
function UnitButtons({
  review,
  labels,
  act,
}: {
  review: Review;
  labels: [string, string];
  act: (action: "accept" | "reject") => Promise<void>;
}) {
  return (
    <span class="buttons">
      <button
        type="button"
        class="accept"
        disabled={review.busy}
        onClick={() => void act("accept")}
      >
        <Check size={14} class="icon" />
        {labels[0]}
      </button>
      <button
        type="button"
        class="reject"
        disabled={review.busy}
        onClick={() => void act("reject")}
      >
        <X size={14} class="icon" />
        {labels[1]}
      </button>
    </span>
  );
}
