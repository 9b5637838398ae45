import { describe, expect, it } from "vitest";
import { changeOf, SseParser } from "./sse.js";

describe("server-sent events", () => {
  it("parses events split anywhere across chunks, with comments and CRLF", () => {
    const p = new SseParser();
    const stream =
      ': hello\r\n\r\nevent: change\r\ndata: {"paths":\r\ndata: ["A.md"]}\r\n\r\nevent: change\ndata: {"paths":["B.md"]}\n\n';
    const events = [];
    for (const ch of stream) events.push(...p.push(ch));
    expect(events).toEqual([
      { event: "change", data: '{"paths":\n["A.md"]}' },
      { event: "change", data: '{"paths":["B.md"]}' },
    ]);
    expect(events.map(changeOf)).toEqual([["A.md"], ["B.md"]]);
  });

  it("defaults the event name, keeps ids, ignores unknown fields and empty events", () => {
    const p = new SseParser();
    expect(p.push("id: 7\nretry: 10\ndata: x\n\nevent: ping\n\n")).toEqual([
      { event: "message", data: "x", id: "7" },
    ]);
  });

  it("reads change events: their paths, or everything when truncated", () => {
    expect(changeOf({ event: "ping", data: '{"paths":["A.md"]}' })).toBeUndefined();
    expect(changeOf({ event: "change", data: "not json" })).toBeUndefined();
    expect(changeOf({ event: "change", data: '{"paths":["A.md",3]}' })).toEqual(["A.md"]);
    expect(changeOf({ event: "change", data: '{"paths":["A.md"],"truncated":true}' })).toBe("all");
  });
});
