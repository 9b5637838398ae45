// Live updates: subscribes to /events while the page is open and hands the changed paths on,
// gathered for a moment so a burst of edits is one refresh.
import { useEffect, useRef, useState } from "preact/hooks";
import type { Api } from "../api/client.js";
import { type LiveStatus, subscribeChanges } from "../api/events.js";

const GATHER_MS = 120;

export interface Live {
  status: LiveStatus;
  error: unknown;
}

export function useLive(api: Api, onChange: (paths?: readonly string[]) => void): Live {
  const [live, setLive] = useState<Live>({ status: "connecting", error: undefined });
  const handler = useRef(onChange);
  handler.current = onChange;

  useEffect(() => {
    let pending: Set<string> | "all" | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const flush = () => {
      const paths = pending;
      pending = undefined;
      timer = undefined;
      handler.current(paths === "all" ? undefined : [...(paths ?? [])]);
    };
    const gather = (paths: string[] | "all") => {
      if (paths === "all") pending = "all";
      else if (pending !== "all") {
        pending ??= new Set();
        for (const p of paths) pending.add(p);
      }
      timer ??= setTimeout(flush, GATHER_MS);
    };
    const stop = subscribeChanges(api, {
      onChange: (paths) => gather(paths),
      onGap: () => gather("all"),
      onStatus: (status, error) => setLive({ status, error }),
    });
    return () => {
      stop();
      if (timer) clearTimeout(timer);
    };
  }, [api]);

  return live;
}
