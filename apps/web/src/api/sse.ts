// A server-sent events parser (the text/event-stream format of the HTML standard), fed with
// decoded chunks as they arrive: the page reads /events with fetch, since EventSource cannot
// send the Authorization header.

export interface ServerEvent {
  event: string;
  data: string;
  id?: string;
}

export class SseParser {
  private buffer = "";
  private event = "";
  private data: string[] = [];
  private id: string | undefined;

  /** Feeds a chunk; returns the events it completed, in order. */
  push(chunk: string): ServerEvent[] {
    this.buffer += chunk;
    const out: ServerEvent[] = [];
    for (;;) {
      const nl = this.buffer.search(/\r\n|\r|\n/);
      if (nl === -1) break;
      // A lone \r at the end of a chunk may be the first half of \r\n: wait for more.
      if (this.buffer[nl] === "\r" && nl === this.buffer.length - 1) break;
      const line = this.buffer.slice(0, nl);
      this.buffer = this.buffer.slice(nl + (this.buffer.startsWith("\r\n", nl) ? 2 : 1));
      const done = this.line(line);
      if (done) out.push(done);
    }
    return out;
  }

  private line(line: string): ServerEvent | undefined {
    if (line === "") return this.dispatch();
    if (line.startsWith(":")) return undefined;
    const colon = line.indexOf(":");
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? "" : line.slice(colon + 1);
    if (value.startsWith(" ")) value = value.slice(1);
    if (field === "event") this.event = value;
    else if (field === "data") this.data.push(value);
    else if (field === "id" && !value.includes("\0")) this.id = value;
    return undefined;
  }

  private dispatch(): ServerEvent | undefined {
    const hasData = this.data.length > 0;
    const event: ServerEvent = { event: this.event || "message", data: this.data.join("\n") };
    if (this.id !== undefined) event.id = this.id;
    this.event = "";
    this.data = [];
    return hasData ? event : undefined;
  }
}

/** What a `change` event says: the paths it names, or "all" when it says more changed. */
export type Change = string[] | "all";

/** The change an event announces; undefined for other events and malformed data. */
export function changeOf(event: ServerEvent): Change | undefined {
  if (event.event !== "change") return undefined;
  try {
    const body = JSON.parse(event.data) as { paths?: unknown; truncated?: unknown };
    if (body.truncated === true) return "all";
    if (!Array.isArray(body.paths)) return undefined;
    return body.paths.filter((p): p is string => typeof p === "string");
  } catch {
    return undefined;
  }
}
