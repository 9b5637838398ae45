// Live changes: GET /events read as a stream, reconnecting with a growing delay, so the page
// learns which documents changed (an assistant's edit over MCP, a review, a sync client).
import type { Api } from "./client.js";
import { changeOf, SseParser } from "./sse.js";

export type LiveStatus = "connecting" | "live" | "retrying";

export interface LiveOptions {
  /** Documents named by a `change` event; "all" when more changed than it names. */
  onChange(paths: string[] | "all"): void;
  /** The stream was down for a while: anything may have changed meanwhile. */
  onGap(): void;
  onStatus(status: LiveStatus, error?: unknown): void;
}

const FIRST_RETRY_MS = 1000;
const MAX_RETRY_MS = 30_000;

/** Subscribes until the returned function is called. */
export function subscribeChanges(api: Api, options: LiveOptions): () => void {
  const stop = new AbortController();
  let retryMs = FIRST_RETRY_MS;
  let connectedBefore = false;

  const readOnce = async (): Promise<void> => {
    options.onStatus("connecting");
    const res = await api.stream("/events", stop.signal);
    if (!res.body) throw new Error("the server sent no event stream");
    options.onStatus("live");
    if (connectedBefore) options.onGap();
    connectedBefore = true;
    retryMs = FIRST_RETRY_MS;
    const parser = new SseParser();
    const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      for (const event of parser.push(value)) {
        const change = changeOf(event);
        if (change !== undefined && change.length > 0) options.onChange(change);
      }
    }
  };

  void (async () => {
    while (!stop.signal.aborted) {
      try {
        await readOnce();
        if (!stop.signal.aborted) options.onStatus("retrying");
      } catch (e) {
        if (stop.signal.aborted) return;
        options.onStatus("retrying", e);
      }
      await new Promise((resolve) => setTimeout(resolve, retryMs));
      retryMs = Math.min(retryMs * 2, MAX_RETRY_MS);
    }
  })();

  return () => stop.abort();
}
