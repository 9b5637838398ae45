// Keyboard review: j / k select the next / previous suggestion (focused and scrolled into
// view), a / r accept / reject the selected one. Keys typed into a field are left alone. Selections are
// opaque keys (a suggestion id, or path + id in the queue), matched to `data-sid` attributes.
import { useEffect, useRef, useState } from "preact/hooks";

export interface ReviewKeys {
  selected: string | undefined;
  select(id: string): void;
}

export function useReviewKeys(
  ids: readonly string[],
  act: ((action: "accept" | "reject", id: string) => void) | undefined,
): ReviewKeys {
  const [selected, setSelected] = useState<string | undefined>();
  const latest = useRef({ ids, act, selected });
  latest.current = { ids, act, selected };
  const lastIndex = useRef(-1);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.metaKey || e.altKey || e.defaultPrevented) return;
      const t = e.target as HTMLElement | null;
      if (t?.closest("input, select, textarea, [contenteditable]")) return;
      const { ids, act, selected } = latest.current;
      const at = selected === undefined ? -1 : ids.indexOf(selected);
      if (e.key === "j" || e.key === "k") {
        if (ids.length === 0) return;
        const next =
          e.key === "j" ? Math.min(at + 1, ids.length - 1) : at <= 0 ? 0 : Math.max(at - 1, 0);
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

  // When the selected suggestion is resolved, the one that took its place is selected.
  useEffect(() => {
    if (selected === undefined || ids.includes(selected)) return;
    const at = Math.min(lastIndex.current, ids.length - 1);
    setSelected(at >= 0 ? ids[at] : undefined);
  }, [ids, selected]);

  useEffect(() => {
    if (selected === undefined) return;
    lastIndex.current = latest.current.ids.indexOf(selected);
    const el = document.querySelector<HTMLElement>(`[data-sid="${CSS.escape(selected)}"]`);
    el?.focus({ preventScroll: true });
    el?.scrollIntoView({ block: "nearest" });
  }, [selected]);

  return { selected, select: setSelected };
}
