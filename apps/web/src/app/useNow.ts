// The current time, ticking every 30 s, so "5 min ago" stays true while the page is open.
import { useEffect, useState } from "preact/hooks";

export function useNow(everyMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(t);
  }, [everyMs]);
  return now;
}
