// A client of GET /events as the review page is one: a fetch stream with the bearer token,
// parsed with eventsource-parser, collecting `change` events and comments until aborted.
import { createParser, type EventSourceMessage } from "eventsource-parser";

export interface ChangeData {
  paths: string[];
  truncated: boolean;
}

export interface EventStream {
  response: Response;
  /** `change` events received so far, parsed. */
  changes: { data: ChangeData }[];
  /** Every event, whatever its name. */
  events: EventSourceMessage[];
  /** Comment lines (`: ping`) received so far, without the colon. */
  comments: string[];
  /** True once the server ended the stream (or it was aborted). */
  ended(): boolean;
  /** Every path any change named so far. */
  paths(): Set<string>;
  abort(): void;
}

/** Opens `url` (…/api/v1/events) with `token` when given; the response is already checked open. */
export async function openEvents(url: string, token?: string): Promise<EventStream> {
  const controller = new AbortController();
  const headers: Record<string, string> = token ? { Authorization: `Bearer ${token}` } : {};
  const response = await fetch(url, { headers, signal: controller.signal });
  const stream: EventStream = {
    response,
    changes: [],
    events: [],
    comments: [],
    ended: () => ended,
    paths: () => new Set(stream.changes.flatMap((c) => c.data.paths)),
    abort: () => controller.abort(),
  };
  let ended = !response.ok || response.body === null;
  if (ended) return stream;
  const parser = createParser({
    onEvent: (e) => {
      stream.events.push(e);
      if (e.event === "change") {
        stream.changes.push({ data: JSON.parse(e.data) as ChangeData });
      }
    },
    onComment: (c) => stream.comments.push(c.trim()),
  });
  void (async () => {
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        parser.feed(decoder.decode(value, { stream: true }));
      }
    } catch {
      // aborted
    } finally {
      ended = true;
    }
  })();
  return stream;
}

/** Waits until `predicate` holds (polling every 10 ms), failing after `timeoutMs`. */
export async function eventually(
  predicate: () => boolean,
  what: string,
  timeoutMs = 5000,
): Promise<void> {
  const start = Date.now();
  while (!predicate()) {
    if (Date.now() - start > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** Waits `ms`. */
export function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}
