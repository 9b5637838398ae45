// Keyboard review: j / k select the next / previous suggestion (focused and scrolled into
// view), a / r accept / reject the selected one, u undoes the last review, ? opens the list of
// shortcuts. Keys typed into a
// field are left alone. Selections are opaque keys (a suggestion id, or path + id in the queue),
// matched to `data-sid` attributes. Nothing advances by itself: once the selected suggestion is
// resolved nothing is selected, so a second a / r acts on nothing; j then selects the one that
// took its place (k the one before).
import { useEffect, useRef, useState } from "preact/hooks";

export interface ReviewKeys {
  selected: string | undefined;
  select(id: string): void;
  /** The shortcuts dialog is open (`?`; Escape or its button closes it). */
  help: boolean;
  setHelp(open: boolean): void;
}

export function useReviewKeys(
  ids: readonly string[],
  act: ((action: "accept" | "reject", id: string) => void) | undefined,
  undo?: () => void,
): ReviewKeys {
  const [selected, setSelected] = useState<string | undefined>();
  const [help, setHelp] = useState(false);
  const latest = useRef({ ids, act, selected, undo });
  latest.current = { ids, act, selected, undo };
  /** Where the last selected suggestion stood in the list. */
  const lastIndex = useRef(-1);
  /** The place of a selected suggestion that was resolved: where j and k go on from. */
  const resolvedAt = useRef(-1);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.metaKey || e.altKey || e.defaultPrevented) return;
      const t = e.target as HTMLElement | null;
      if (t?.closest("input, select, textarea, [contenteditable]")) return;
      if (e.key === "?") {
        setHelp(true);
        e.preventDefault();
        return;
      }
      const { ids, act, selected, undo } = latest.current;
      if (e.key === "u" && act && undo) {
        undo();
        e.preventDefault();
        return;
      }
      const at = selected === undefined ? -1 : ids.indexOf(selected);
      if (e.key === "j" || e.key === "k") {
        if (ids.length === 0) return;
        const gone = at === -1 ? resolvedAt.current : -1;
        resolvedAt.current = -1;
        const next =
          gone >= 0
            ? Math.max(0, Math.min(e.key === "j" ? gone : gone - 1, ids.length - 1))
            : e.key === "j"
              ? Math.min(at + 1, ids.length - 1)
              : Math.max(at - 1, 0);
        setSelected(ids[next]);
        e.preventDefault();
      } else if ((e.key === "a" || e.key === "r") && act && selected !== undefined && at !== -1) {
        act(e.key === "a" ? "accept" : "reject", selected);
        e.preventDefault();
      }
    };
    addEventListener("keydown", onKey);
    return () => removeEventListener("keydown", onKey);
  }, []);

  // When the selected suggestion is resolved, nothing is selected (no silent advance).
  useEffect(() => {
    if (selected === undefined || ids.includes(selected)) return;
    resolvedAt.current = lastIndex.current;
    setSelected(undefined);
  }, [ids, selected]);

  useEffect(() => {
    if (selected === undefined) return;
    lastIndex.current = latest.current.ids.indexOf(selected);
    const el = document.querySelector<HTMLElement>(`[data-sid="${CSS.escape(selected)}"]`);
    el?.focus({ preventScroll: true });
    // Out of view (a note opened at line 200, or j past the screen's edge): brought to the middle.
    const box = el?.getBoundingClientRect();
    if (el && box && (box.top < 0 || box.bottom > innerHeight))
      el.scrollIntoView({ block: "center" });
  }, [selected]);

  return {
    selected,
    select: (id) => {
      resolvedAt.current = -1;
      setSelected(id);
    },
    help,
    setHelp,
  };
}
