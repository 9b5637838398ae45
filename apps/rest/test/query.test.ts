// Query parameters a route does not take are refused with a 400 that names them, on every route.

import type { Workspace } from "@lens/core";
import { afterEach, describe, expect, it } from "vitest";
import { json, overHttp, type RestClient } from "./support/clients.js";

/** Every document's raw text, by path. */
const snapshot = (ws: Workspace) =>
  [...ws.paths.entries()].map((e) => [e.path, ws.contentText(e.docId)?.toString()]);

describe("unknown query parameters", () => {
  let client: RestClient | undefined;
  afterEach(async () => {
    await client?.close();
    client = undefined;
  });

  const cases: [string, string, RequestInit?][] = [
    ["grep", "/grep?pattern=TODO&-i=true"],
    ["list documents", "/documents?pattern=**&recursive=1"],
    ["read", "/documents/Lens/Index.md?lines=3"],
    ["links", "/documents/Lens/Index.md/links?depth=2"],
    ["suggestions", "/suggestions?path=Lens&author=ann"],
    ["edit", "/documents/Lens/Index.md/edit?force=1", json({ old_string: "a", new_string: "b" })],
    ["accept", "/suggestions/accept?dry_run=1", json({ path: "Lens/Review.md", all: true })],
  ];

  for (const [name, url, init] of cases) {
    it(`${name}: 400 problem+json naming the parameter, and nothing changes`, async () => {
      client = await overHttp();
      const before = snapshot(client.ws);
      const res = await client.fetch(url, init);
      expect(res.status).toBe(400);
      expect(res.headers.get("content-type")).toMatch(/application\/problem\+json/);
      const body = (await res.json()) as { type: string; detail: string; parameters: string[] };
      expect(body.type).toMatch(/unknown-parameter$/);
      const named = [...new URL(url, "http://x").searchParams.keys()].filter(
        (k) => !["pattern", "path"].includes(k),
      );
      expect(body.parameters).toEqual(named);
      expect(body.detail).toContain(JSON.stringify(named[0]));
      expect(snapshot(client.ws)).toEqual(before);
    });
  }

  it("known parameters still work, and glob may repeat", async () => {
    client = await overHttp();
    const res = await client.fetch("/grep?pattern=TODO&glob=Index.md&glob=Todo.md");
    expect(res.status).toBe(200);
    expect(((await res.json()) as { text: string }).text).toBe("Lens/Index.md\nTeam/Todo.md");
  });

  it("a glob that cannot be used is a problem naming it, never 'No matches'", async () => {
    client = await overHttp();
    const unclosed = await client.fetch(`/grep?pattern=TODO&glob=${encodeURIComponent("{Index")}`);
    expect(unclosed.status).toBe(422);
    expect(unclosed.headers.get("content-type")).toMatch(/application\/problem\+json/);
    expect(((await unclosed.json()) as { detail: string }).detail).toMatch(
      /Glob "\{Index" cannot be parsed: unclosed alternate group/,
    );
    const many = await client.fetch(`/grep?pattern=TODO${"&glob=*.md".repeat(101)}`);
    expect(many.status).toBe(422);
    expect(((await many.json()) as { detail: string }).detail).toMatch(/at most 100 globs/);
  });
});
