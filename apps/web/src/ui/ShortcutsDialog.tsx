// The keyboard shortcuts, listed in a modal dialog (`?` opens it; Escape or Close closes it).
// A native <dialog> shown modally: the browser keeps focus inside it and closes it on Escape.
import { useEffect, useRef } from "preact/hooks";

const SHORTCUTS: { keys: string; what: string; review?: true }[] = [
  { keys: "j", what: "Select the next suggestion" },
  { keys: "k", what: "Select the previous suggestion" },
  { keys: "a", what: "Accept the selected suggestion", review: true },
  { keys: "r", what: "Reject the selected suggestion", review: true },
  { keys: "u", what: "Undo the last accept or reject (while the note is unchanged)", review: true },
  { keys: "?", what: "Show these shortcuts" },
  { keys: "Esc", what: "Close this list" },
];

export function ShortcutsDialog({
  open,
  canReview,
  onClose,
}: {
  open: boolean;
  canReview: boolean;
  onClose(): void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog ref={ref} class="shortcuts" aria-labelledby="shortcuts-title" onClose={onClose}>
      <h2 id="shortcuts-title">Keyboard shortcuts</h2>
      <dl>
        {SHORTCUTS.filter((s) => canReview || !s.review).map((s) => (
          <div key={s.keys} class="shortcut">
            <dt>
              <kbd>{s.keys}</kbd>
            </dt>
            <dd>{s.what}</dd>
          </div>
        ))}
      </dl>
      <p class="muted">
        After Accept or Reject nothing is selected: press j to go on with the next suggestion.
      </p>
      <button type="button" onClick={onClose}>
        Close
      </button>
    </dialog>
  );
}
