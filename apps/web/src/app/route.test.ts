import { describe, expect, it } from "vitest";
import { docHash, parseRoute, queueHash, routeKey } from "./route.js";

describe("hash routes", () => {
  it("round-trips document paths, spaces and # included", () => {
    for (const path of ["Team/Plans.md", "Team/My Notes/Q&A #2.md", "Å/ü.md"]) {
      expect(parseRoute(docHash(path))).toEqual({ name: "doc", path });
    }
    expect(docHash("Team/My Notes/a#b.md")).toBe("#/doc/Team/My%20Notes/a%23b.md");
  });

  it("anything else is the queue", () => {
    for (const h of ["", "#", "#/", "#/queue", "#/doc/", "#/doc/%E0%A4%A", "#/nope"]) {
      expect(parseRoute(h)).toEqual({ name: "queue" });
    }
  });
});

describe("the queue's filters", () => {
  it("are the query of #/queue, and the page stays the queue", () => {
    expect(parseRoute(queueHash("by=assistant&author=Ana%27s+Claude"))).toEqual({
      name: "queue",
      query: "by=assistant&author=Ana%27s+Claude",
    });
    expect(queueHash("")).toBe("#/queue");
    expect(routeKey(parseRoute("#/queue?by=any"))).toBe("queue");
  });
});

describe("routeKey", () => {
  it("is one key per page: the queue, or a document whatever its case", () => {
    expect(routeKey(parseRoute("#/queue"))).toBe("queue");
    expect(routeKey(parseRoute(""))).toBe("queue");
    expect(routeKey(parseRoute("#/doc/Team/Plans.md"))).toBe(
      routeKey(parseRoute("#/doc/team/plans.md")),
    );
    expect(routeKey(parseRoute("#/doc/Team/Plans.md"))).not.toBe(
      routeKey(parseRoute("#/doc/Team/Other.md")),
    );
  });
});

describe("a document opened at a suggestion", () => {
  it("round-trips the suggestion id beside any path, and keeps the page's key", () => {
    for (const path of ["Team/Plans.md", "A/b?c#d e.md", "Ü/ñ 😀.md"]) {
      const hash = docHash(path, "0abc123def4-2");
      expect(parseRoute(hash)).toEqual({ name: "doc", path, suggestion: "0abc123def4-2" });
      expect(routeKey(parseRoute(hash))).toBe(routeKey(parseRoute(docHash(path))));
    }
    expect(parseRoute(docHash("Team/Plans.md"))).toEqual({ name: "doc", path: "Team/Plans.md" });
  });
});
