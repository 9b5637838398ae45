// The REST case suite: every endpoint and every error path, run once in process and once over
// real HTTP (runRestCases({ make })), so both ways of reaching the app behave the same.
import { mkdir, mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { AuditLog } from "@lens/access";
import { backlinksMap, callTool, SessionStore, type ToolErrorCode } from "@lens/core";
import { OWNER_ACTOR } from "@lens/service";
import { afterEach, describe, expect, it } from "vitest";
import * as Y from "yjs";
import { type ProblemType, problemTypes } from "../../src/index.js";
import type { ClientOptions, MakeClient, RestClient } from "./clients.js";
import { json } from "./clients.js";
import { expectJson, expectProblem } from "./expect.js";
import { FIXTURE_NOW, manyDocuments } from "./fixture.js";

/** Metadata of the fixture's AI edits (core writes `-` as \u002d so no `--}` can appear). */
const LENS_AI = `{"author":"lens\\u002dai","time":${Math.floor(FIXTURE_NOW / 1000)},"timestamp":${FIXTURE_NOW}}@@`;

interface DocumentContent {
  path: string;
  view: string;
  etag: string;
  modified: string | null;
  size: number;
  pendingSuggestions: number;
  lines: { start: number; end: number; total: number };
  content: string;
  suggestions: { line: number; kind: string; oldText: string; newText: string }[];
  text: string;
}
interface Summary {
  path: string;
  type: string;
  modified: string | null;
  size: number | null;
  pendingSuggestions: number | null;
}
interface SuggestionOut {
  id: string;
  path: string;
  line: number;
  kind: string;
  old: string;
  new: string;
  author?: string;
  time?: number | string;
  context?: { before: string; after: string };
  change?: string;
}
interface GrepOut {
  text: string;
  mode: string;
  entries: (
    | { kind: "file"; path: string }
    | { kind: "count"; path: string; count: number }
    | { kind: "match"; path: string; line: number; text: string }
    | { kind: "context"; path: string; line: number; text: string }
    | { kind: "break" }
  )[];
  cut: "head" | "size" | null;
  nextOffset: number | null;
  timedOut: boolean;
}

/** `path:line` of the matching lines of a content page. */
function matchLines(body: GrepOut): string[] {
  return body.entries.flatMap((e) => (e.kind === "match" ? [`${e.path}:${e.line}`] : []));
}
interface ReviewOut {
  action: string;
  applied: number;
  notFound: number;
  documents: {
    path: string;
    etag: string;
    results: { id: string; status: string; kind?: string; old?: string; new?: string }[];
    undo?: string;
  }[];
}
interface UndoOut {
  path: string;
  undid: string;
  etag: string;
  suggestions: SuggestionOut[];
}

export interface RestCaseOptions {
  /** Builds a client (app + transport) for one test. */
  make: MakeClient;
}

/** Proof of a prior read for an edit: the document's current ETag in If-Match. */
async function proof(client: RestClient, path: string): Promise<Record<string, string>> {
  const res = await client.fetch(`/documents/${path}`);
  return { "If-Match": res.headers.get("etag") ?? '"none"' };
}

/** A tool called directly through core, for comparing texts (separate session store). */
function direct(client: RestClient, name: string, args: Record<string, unknown>) {
  return callTool(
    { workspace: client.ws, sessions: new SessionStore(), sessionId: "direct" },
    name,
    args,
  );
}

export function runRestCases({ make }: RestCaseOptions): void {
  let open: RestClient[] = [];
  const client = async (options?: ClientOptions) => {
    const c = await make(options);
    open.push(c);
    return c;
  };
  afterEach(async () => {
    await Promise.all(open.map((c) => c.close()));
    open = [];
  });

  const rawOf = (c: RestClient, path: string) => {
    const loc = c.ws.paths.get(path);
    if (!loc) throw new Error(`no ${path}`);
    return c.ws.view(loc.docId)!.raw;
  };

  const getDoc = async (
    c: RestClient,
    path: string,
    query = "",
    headers: Record<string, string> = {},
  ) => c.fetch(`/documents/${path}${query}`, { headers });

  // ---- GET /documents ----------------------------------------------------------------------

  describe("GET /documents", () => {
    it("filters by tag and where=key:value as the glob tool does", async () => {
      const c = await client();
      const made = await c.fetch(
        "/documents",
        json({ path: "Lens/Tagged.md", content: "---\nstatus: Open\n---\nA #daily note.\n" }),
      );
      await expectJson(made, 201);
      const body = await expectJson<{ documents: Summary[]; filter: string; text: string }>(
        await c.fetch("/documents?tag=daily&where=status:open"),
      );
      expect(body.documents.map((d) => d.path)).toEqual(["Lens/Tagged.md"]);
      expect(body.filter).toBe('tag "daily", status = "open"');
      expect(body.text).toBe(
        direct(c, "glob", { pattern: "**", tag: "daily", where: { status: "open" } }).text,
      );
      const none = await expectJson<{ documents: Summary[]; text: string }>(
        await c.fetch("/documents?tag=daily&tag=weekly"),
      );
      expect(none.documents).toEqual([]);
      expect(none.text).toMatch(/^No notes found with tag "daily", tag "weekly"/);
      await expectProblem(await c.fetch("/documents?where=status"), "validation-failed");
    });

    it("lists every entry, described, in glob's order, with glob's text", async () => {
      const c = await client();
      const body = await expectJson<{
        documents: Summary[];
        truncated: boolean;
        total: number;
        text: string;
      }>(await c.fetch("/documents"));
      expect(body.text).toBe(direct(c, "glob", { pattern: "**" }).text);
      expect(body.documents.map((d) => d.path)).toEqual(body.text.split("\n"));
      expect(body.truncated).toBe(false);
      expect(body.total).toBe(body.documents.length);
      expect(body.documents[0]).toEqual({
        path: "Lens/Pictures/cat.png",
        type: "image",
        modified: new Date(1_690_000_000_000).toISOString(),
        size: null,
        pendingSuggestions: null,
      });
      const review = body.documents.find((d) => d.path === "Lens/Review.md");
      expect(review).toMatchObject({ type: "markdown", pendingSuggestions: 4, modified: null });
      expect(review?.size).toBe(Buffer.byteLength(rawOf(c, "Lens/Review.md")));
      const unicode = body.documents.find((d) => d.path === "Lens/Ünïcode.md");
      expect(unicode?.size).toBe(Buffer.byteLength("café\n"));
      expect(body.documents.find((d) => d.path === "Lens/Unloaded.md")).toMatchObject({
        type: "markdown",
        size: null,
        pendingSuggestions: null,
      });
    });

    it("scopes by pattern and path with glob's semantics", async () => {
      const c = await client();
      const body = await expectJson<{ documents: Summary[]; text: string }>(
        await c.fetch("/documents?pattern=*.md&path=Lens/Notes"),
      );
      expect(body.documents.map((d) => d.path).sort()).toEqual([
        "Lens/Notes/Ideas.md",
        "Lens/Notes/Plan.md",
        "Lens/Notes/links.md",
      ]);
      expect(body.text).toBe(direct(c, "glob", { pattern: "*.md", path: "Lens/Notes" }).text);
    });

    it("orders the most recently modified first", async () => {
      const c = await client();
      c.ws.contentText(c.ws.paths.get("Team/Todo.md")!.docId)!.insert(0, "x");
      const body = await expectJson<{ documents: Summary[] }>(
        await c.fetch("/documents?pattern=**/*.md"),
      );
      expect(body.documents[0]?.path).toBe("Team/Todo.md");
      expect(body.documents[0]?.modified).not.toBeNull();
    });

    it("answers an empty list with glob's note when nothing matches", async () => {
      const c = await client();
      const body = await expectJson<{ documents: Summary[]; text: string }>(
        await c.fetch("/documents?pattern=nothing-like-this"),
      );
      expect(body.documents).toEqual([]);
      expect(body.text).toMatch(/^No files found/);
    });

    it("flags a list that glob cut", async () => {
      const c = await client({ workspace: manyDocuments(120) });
      const body = await expectJson<{
        documents: Summary[];
        truncated: boolean;
        total: number;
        text: string;
      }>(await c.fetch("/documents"));
      expect(body.truncated).toBe(true);
      expect(body.total).toBe(120);
      expect(body.documents).toHaveLength(100);
      expect(body.documents.map((d) => d.path)).toEqual(body.text.split("\n").slice(0, 100));
      expect(body.text).toMatch(/Results are truncated/);
    });

    it("lists more or fewer than glob's 100 with limit, in glob's order, with its text", async () => {
      const c = await client({ workspace: manyDocuments(120) });
      type List = { documents: Summary[]; truncated: boolean; total: number; text: string };
      const all = await expectJson<List>(await c.fetch("/documents?limit=10000"));
      expect(all).toMatchObject({ truncated: false, total: 120 });
      expect(all.documents).toHaveLength(120);
      expect(all.documents.map((d) => d.path)).toEqual(all.text.split("\n"));
      const few = await expectJson<List>(await c.fetch("/documents?limit=3&pattern=**%2FDoc1*"));
      expect(few).toMatchObject({ truncated: true, total: 20 });
      expect(few.documents.map((d) => d.path)).toEqual(
        all.documents
          .map((d) => d.path)
          .filter((p) => p.startsWith("Many/Doc1"))
          .slice(0, 3),
      );
      expect(few.text).toMatch(/showing the 3 most recent of 20 paths/);
      // The glob tool itself (what MCP runs) keeps its own cut of 100.
      expect(direct(c, "glob", { pattern: "**" }).text).toMatch(
        /showing the 100 most recent of 120 paths/,
      );
    });

    it("422 for a limit outside 1..10000 or not a number, changing nothing", async () => {
      const c = await client();
      for (const limit of ["0", "10001", "-1", "1.5", "many", ""]) {
        const p = await expectProblem(
          await c.fetch(`/documents?limit=${limit}`),
          "validation-failed",
        );
        expect(p.errors).toEqual([expect.objectContaining({ in: "query", path: "limit" })]);
      }
    });

    it("404 for a folder that does not exist", async () => {
      const c = await client();
      const p = await expectProblem(await c.fetch("/documents?path=Nope"), "not-found");
      expect(p.detail).toBe(direct(c, "glob", { pattern: "**", path: "Nope" }).text);
    });

    it("422 when path names a document, not a folder", async () => {
      const c = await client();
      const p = await expectProblem(await c.fetch("/documents?path=Lens/Index.md"), "not-a-folder");
      expect(p.tool).toBe("glob");
      expect(p.code).toBe("not_a_folder");
      expect(p.detail).toBe(direct(c, "glob", { pattern: "**", path: "Lens/Index.md" }).text);
    });

    it("400 for a path that climbs out", async () => {
      const c = await client();
      await expectProblem(await c.fetch("/documents?path=../etc"), "invalid-path");
    });

    it("422 for an empty pattern", async () => {
      const c = await client();
      const p = await expectProblem(await c.fetch("/documents?pattern="), "validation-failed");
      expect(p.errors).toEqual([expect.objectContaining({ in: "query", path: "pattern" })]);
    });
  });

  // ---- GET /documents/{path} ---------------------------------------------------------------

  describe("GET /documents/{path}", () => {
    it("returns the AI view as JSON with a strong ETag", async () => {
      const c = await client();
      const res = await getDoc(c, "Lens/Review.md");
      const etag = res.headers.get("etag");
      const body = await expectJson<DocumentContent>(res);
      expect(etag).toMatch(/^"[A-Za-z0-9_-]{22}"$/);
      expect(body).toEqual({
        path: "Lens/Review.md",
        view: "ai",
        etag,
        modified: null,
        size: Buffer.byteLength(rawOf(c, "Lens/Review.md")),
        pendingSuggestions: 4,
        lines: { start: 1, end: 5, total: 5 },
        content:
          "# Review\n\nKeep that and new here.\nDrop  and add more.\n{>>a comment<<} stays.\n",
        cutLines: [],
        suggestions: expect.any(Array),
        tags: [],
        text: direct(c, "read", { file_path: "Lens/Review.md" }).text,
      });
      expect(body.suggestions.map((s) => [s.line, s.kind, s.oldText, s.newText])).toEqual([
        [3, "replace", "this", "that"],
        [3, "substitute", "old", "new"],
        [4, "delete", "gone", ""],
        [4, "insert", "", "more"],
      ]);
      expect(body.text).toContain("Pending suggestions awaiting human review: 4");
      expect(res.headers.get("vary")).toBe("Accept");
    });

    it("returns the raw and base views", async () => {
      const c = await client();
      const raw = await expectJson<DocumentContent>(await getDoc(c, "Lens/Review.md", "?view=raw"));
      expect(raw.content).toBe(rawOf(c, "Lens/Review.md"));
      const base = await expectJson<DocumentContent>(
        await getDoc(c, "Lens/Review.md", "?view=base"),
      );
      expect(base.content).toBe(
        "# Review\n\nKeep this and old here.\nDrop gone and add .\n{>>a comment<<} stays.\n",
      );
      expect(new Set([raw.etag, base.etag]).size).toBe(1);
    });

    it("pages by lines with offset and limit", async () => {
      const c = await client();
      const page = await expectJson<DocumentContent>(
        await getDoc(c, "Lens/Notes/Ideas.md", "?offset=3&limit=2"),
      );
      expect(page.lines).toEqual({ start: 3, end: 4, total: 6 });
      expect(page.content).toBe("See [[Plan]] and [[Missing note]].\nThe quick brown fox.\n");
      const tail = await expectJson<DocumentContent>(
        await getDoc(c, "Lens/Notes/Ideas.md", "?offset=6"),
      );
      expect(tail.content).toBe("todo: lower case\n");
      const past = await expectJson<DocumentContent>(
        await getDoc(c, "Lens/Notes/Ideas.md", "?offset=40"),
      );
      expect(past.lines).toEqual({ start: 40, end: 39, total: 6 });
      expect(past.content).toBe("");
      const empty = await expectJson<DocumentContent>(await getDoc(c, "Lens/Empty.md"));
      expect(empty.lines).toEqual({ start: 1, end: 0, total: 0 });
    });

    it("returns text/markdown when the client prefers it", async () => {
      const c = await client();
      const res = await getDoc(c, "Lens/Notes/Ideas.md", "?view=base&limit=4", {
        Accept: "text/markdown, application/json;q=0.5",
      });
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("text/markdown; charset=utf-8");
      expect(res.headers.get("etag")).toMatch(/^"/);
      expect(await res.text()).toBe(
        "# Ideas\n\nSee [[Plan]] and [[Missing note]].\nThe brown fox.\n",
      );
      const json = await getDoc(c, "Lens/Notes/Ideas.md", "", { Accept: "application/json" });
      expect(json.headers.get("content-type")).toMatch(/^application\/json/);
      await json.arrayBuffer();
    });

    it("answers 304 to If-None-Match with the current ETag, and 200 once it changed", async () => {
      const c = await client();
      const first = await getDoc(c, "Lens/Notes/Plan.md");
      const etag = first.headers.get("etag")!;
      await first.arrayBuffer();
      const again = await getDoc(c, "Lens/Notes/Plan.md", "", { "If-None-Match": etag });
      expect(again.status).toBe(304);
      expect(again.headers.get("etag")).toBe(etag);
      expect(await again.text()).toBe("");
      const weak = await getDoc(c, "Lens/Notes/Plan.md", "", {
        "If-None-Match": `"other", W/${etag}`,
      });
      expect(weak.status).toBe(304);
      await weak.arrayBuffer();
      c.ws.contentText(c.ws.paths.get("Lens/Notes/Plan.md")!.docId)!.insert(0, "New first line\n");
      const changed = await getDoc(c, "Lens/Notes/Plan.md", "", { "If-None-Match": etag });
      const body = await expectJson<DocumentContent>(changed);
      expect(body.etag).not.toBe(etag);
      expect(body.content.startsWith("New first line\n")).toBe(true);
    });

    it("takes paths percent-encoded, without .md, and in any Unicode normal form", async () => {
      const c = await client();
      for (const path of [
        "Lens%2FNotes%2FIdeas.md",
        "Lens/Notes/Ideas",
        encodeURIComponent("Lens/Notes/Ideas"),
      ]) {
        const body = await expectJson<DocumentContent>(await getDoc(c, path));
        expect(body.path).toBe("Lens/Notes/Ideas.md");
      }
      const nfd = encodeURIComponent("Lens/Ünïcode.md".normalize("NFD"));
      const body = await expectJson<DocumentContent>(await getDoc(c, nfd));
      expect(body.path).toBe("Lens/Ünïcode.md");
      expect(body.content).toBe("café\n");
    });

    it("reaches a document named links by its .md path", async () => {
      const c = await client();
      const body = await expectJson<DocumentContent>(await getDoc(c, "Lens/Notes/links.md"));
      expect(body.content).toBe("A note named links.\n");
    });

    it("404 for a missing document, with read's guidance", async () => {
      const c = await client();
      const p = await expectProblem(await getDoc(c, "Lens/Nope.md"), "not-found");
      expect(p.detail).toBe(direct(c, "read", { file_path: "Lens/Nope.md" }).text);
      expect(p.instance).toMatch(/\/documents\/Lens\/Nope\.md$/);
    });

    it("404 for a document whose content is not loaded", async () => {
      const c = await client();
      await expectProblem(await getDoc(c, "Lens/Unloaded.md"), "not-found");
    });

    it("422 for a folder or a file that is not markdown", async () => {
      const c = await client();
      const folder = await expectProblem(await getDoc(c, "Lens/Notes"), "not-a-document");
      expect(folder.detail).toMatch(/directory/);
      const image = await expectProblem(await getDoc(c, "Lens/Pictures/cat.png"), "not-a-document");
      expect(image.detail).toMatch(/image/);
    });

    it("409 for a path that names documents differing only in case", async () => {
      const c = await client();
      const p = await expectProblem(await getDoc(c, "Lens/CASE.md"), "ambiguous-path");
      expect(p.candidates).toEqual(["Lens/Case.md", "Lens/case.md"]);
    });

    it("400 for a path that climbs out", async () => {
      const c = await client();
      await expectProblem(await getDoc(c, "Lens%2F..%2F..%2Fsecret.md"), "invalid-path");
    });

    it("422 for query values outside the schema", async () => {
      const c = await client();
      for (const query of ["?view=html", "?offset=-1", "?limit=0", "?offset=two"]) {
        const p = await expectProblem(await getDoc(c, "Lens/Index.md", query), "validation-failed");
        expect((p.errors as { in: string }[])[0]?.in).toBe("query");
      }
      const long = await expectProblem(
        await getDoc(c, "Lens/Index.md", "", { "Lens-Session": "x".repeat(201) }),
        "validation-failed",
      );
      expect((long.errors as { in: string }[])[0]?.in).toBe("header");
    });
  });

  // ---- POST /documents/{path}/insert -------------------------------------------------------

  describe("POST /documents/{path}/insert", () => {
    it("adds lines at the end of a heading's section with the read proof edit takes", async () => {
      const c = await client();
      const unread = await c.fetch(
        "/documents/Lens/Notes/Plan.md/insert",
        json({ content: "- call Ann", heading: "Plan" }),
      );
      const p = await expectProblem(unread, "precondition-required");
      expect(p.detail).toMatch(/^Inserting needs proof that you read Lens\/Notes\/Plan\.md/);
      expect(c.writes()).toBe(0);
      const res = await c.fetch(
        "/documents/Lens/Notes/Plan.md/insert",
        json({ content: "- call Ann", heading: "# Plan" }, await proof(c, "Lens/Notes/Plan.md")),
      );
      const newTag = res.headers.get("etag");
      const body = await expectJson<{ text: string; etag: string }>(res);
      expect(body).toMatchObject({
        path: "Lens/Notes/Plan.md",
        heading: "# Plan",
        position: "end",
        firstLine: 5,
        lines: 1,
      });
      expect(body.etag).toBe(newTag);
      expect(body.text).toContain("     5\t- call Ann");
      expect(rawOf(c, "Lens/Notes/Plan.md")).toBe(
        `# Plan\n\nBack to [[Ideas]].\nTODO: ship it\n{++${LENS_AI}- call Ann\n++}`,
      );
      expect(c.writes()).toBe(1);
    });

    it("names what is wrong and writes nothing: a missing heading, an unknown field", async () => {
      const c = await client();
      const missing = await c.fetch(
        "/documents/Lens/Notes/Plan.md/insert",
        json({ content: "x", heading: "Tasks" }, await proof(c, "Lens/Notes/Plan.md")),
      );
      const p = await expectProblem(missing, "tool-error");
      expect(p.code).toBe("no_match");
      expect(p.detail).toMatch(/no heading "Tasks".*"# Plan" \(line 1\)/);
      const unknown = await c.fetch(
        "/documents/Lens/Notes/Plan.md/insert",
        json({ content: "x", where: "top" }, await proof(c, "Lens/Notes/Plan.md")),
      );
      await expectProblem(unknown, "validation-failed");
      expect(c.writes()).toBe(0);
    });
  });

  // ---- POST /documents/{path}/edit ---------------------------------------------------------

  describe("POST /documents/{path}/edit", () => {
    const etagOf = async (c: RestClient, path: string) => {
      const res = await getDoc(c, path);
      await res.arrayBuffer();
      return res.headers.get("etag")!;
    };

    it("writes a suggestion through the edit tool when If-Match holds the current ETag", async () => {
      const c = await client();
      const etag = await etagOf(c, "Lens/Notes/Plan.md");
      const res = await c.fetch(
        "/documents/Lens/Notes/Plan.md/edit",
        json({ old_string: "ship it", new_string: "ship it on Friday" }, { "If-Match": etag }),
      );
      const newTag = res.headers.get("etag");
      const body = await expectJson<{ path: string; text: string; etag: string }>(res);
      expect(body.path).toBe("Lens/Notes/Plan.md");
      expect(body.text).toMatch(/^Edited Lens\/Notes\/Plan\.md: 1 replacement at line 4\./);
      expect(body).toMatchObject({ replacements: 1, firstLine: 4 });
      expect(body.etag).toBe(newTag);
      expect(newTag).not.toBe(etag);
      expect(rawOf(c, "Lens/Notes/Plan.md")).toBe(
        `# Plan\n\nBack to [[Ideas]].\nTODO: {--${LENS_AI}ship it--}{++${LENS_AI}ship it on Friday++}\n`,
      );
      expect(c.writes()).toBe(1);
      // The ETag it returned is the proof for the next edit; the old one is stale now.
      const stale = await c.fetch(
        "/documents/Lens/Notes/Plan.md/edit",
        json({ old_string: "Back to", new_string: "Return to" }, { "If-Match": etag }),
      );
      await expectProblem(stale, "precondition-failed");
      const next = await c.fetch(
        "/documents/Lens/Notes/Plan.md/edit",
        json({ old_string: "Back to", new_string: "Return to" }, { "If-Match": body.etag }),
      );
      await expectJson(next);
      expect(c.writes()).toBe(2);
    });

    it("If-Match: * is no proof of a read (428); the ETag is, with replace_all", async () => {
      const c = await client();
      const edit = { old_string: "TODO", new_string: "DONE", replace_all: true };
      const star = await c.fetch(
        "/documents/Lens/Notes/Ideas.md/edit",
        json(edit, { "If-Match": "*" }),
      );
      await expectProblem(star, "precondition-required");
      expect(c.writes()).toBe(0);
      const res = await c.fetch(
        "/documents/Lens/Notes/Ideas.md/edit",
        json(edit, await proof(c, "Lens/Notes/Ideas.md")),
      );
      const body = await expectJson<{ text: string }>(res);
      expect(body.text).toMatch(/1 replacement/);
    });

    it("428 without any proof of a prior read", async () => {
      const c = await client();
      const p = await expectProblem(
        await c.fetch(
          "/documents/Lens/Index.md/edit",
          json({ old_string: "tidy", new_string: "sort" }),
        ),
        "precondition-required",
      );
      expect(p.detail).toMatch(/If-Match/);
      expect(c.writes()).toBe(0);
      expect(rawOf(c, "Lens/Index.md")).not.toContain("{--");
    });

    it("412 with the current ETag when If-Match is stale or weak", async () => {
      const c = await client();
      const current = await etagOf(c, "Lens/Index.md");
      for (const ifMatch of ['"stale"', `W/${current}`]) {
        const res = await c.fetch(
          "/documents/Lens/Index.md/edit",
          json({ old_string: "tidy", new_string: "sort" }, { "If-Match": ifMatch }),
        );
        expect(res.headers.get("etag")).toBe(current);
        const p = await expectProblem(res, "precondition-failed");
        expect(p.etag).toBe(current);
      }
      expect(c.writes()).toBe(0);
    });

    it("lets a Lens-Session that read the document edit without If-Match", async () => {
      const c = await client();
      const session = { "Lens-Session": "assistant-7" };
      const unread = await c.fetch(
        "/documents/Lens/Index.md/edit",
        json({ old_string: "tidy", new_string: "sort" }, session),
      );
      const p = await expectProblem(unread, "precondition-required");
      expect(p.detail).toMatch(/assistant-7/);
      await (await getDoc(c, "Lens/Index.md", "", session)).arrayBuffer();
      const other = await c.fetch(
        "/documents/Lens/Index.md/edit",
        json({ old_string: "tidy", new_string: "sort" }, { "Lens-Session": "someone-else" }),
      );
      await expectProblem(other, "precondition-required");
      const res = await c.fetch(
        "/documents/Lens/Index.md/edit",
        json({ old_string: "tidy", new_string: "sort" }, session),
      );
      await expectJson(res);
      expect(rawOf(c, "Lens/Index.md")).toContain(`{--${LENS_AI}tidy--}{++${LENS_AI}sort++}`);
      // Only the handle that read remains (asking about one creates nothing); each request's
      // own session was dropped after it.
      expect(c.lens.handles.size).toBe(1);
      expect(c.sessions.size).toBe(0);
    });

    it("shares reads with MCP clients that pass the same handle as session_id", async () => {
      const c = await client();
      const mcp = await c.lens.call(
        OWNER_ACTOR,
        { transport: "mcp-transport-1", durable: true },
        "read",
        { file_path: "Team/Todo.md", session_id: "shared-handle" },
      );
      expect(mcp.isError).toBe(false);
      const res = await c.fetch(
        "/documents/Team/Todo.md/edit",
        json({ old_string: "later", new_string: "soon" }, { "Lens-Session": "shared-handle" }),
      );
      await expectJson(res);
    });

    it("422 with the tool's message when the edit is refused", async () => {
      const c = await client();
      const cases: [Record<string, unknown>, RegExp][] = [
        [
          { old_string: "de", new_string: "DE" },
          /^No change made to Lens\/Index\.md\. Found 3 matches/,
        ],
        [{ old_string: "nowhere to be seen", new_string: "x" }, /not found/],
        [{ old_string: "Index", new_string: "Index" }, /identical/],
        [{ old_string: "tidy", new_string: "{++x++}" }, /CriticMarkup/],
      ];
      for (const [body, message] of cases) {
        const p = await expectProblem(
          await c.fetch(
            "/documents/Lens/Index.md/edit",
            json(body, await proof(c, "Lens/Index.md")),
          ),
          "tool-error",
        );
        expect(p.tool).toBe("edit");
        expect(p.detail).toMatch(message);
        expect(p.text).toBe(p.detail);
      }
    });

    it("404 for a missing document, even with If-Match", async () => {
      const c = await client();
      await expectProblem(
        await c.fetch(
          "/documents/Lens/Nope.md/edit",
          json({ old_string: "a", new_string: "b" }, await proof(c, "Lens/Nope.md")),
        ),
        "not-found",
      );
    });

    it("422 for a body outside the schema, 400 for bad JSON, 415 for another media type", async () => {
      const c = await client();
      const p = await expectProblem(
        await c.fetch(
          "/documents/Lens/Index.md/edit",
          json({ new_string: "b" }, await proof(c, "Lens/Index.md")),
        ),
        "validation-failed",
      );
      expect(p.errors).toEqual([expect.objectContaining({ in: "json", path: "old_string" })]);
      await expectProblem(
        await c.fetch("/documents/Lens/Index.md/edit", {
          method: "POST",
          headers: { "Content-Type": "application/json", ...(await proof(c, "Lens/Index.md")) },
          body: "{not json",
        }),
        "bad-request",
      );
      await expectProblem(
        await c.fetch("/documents/Lens/Index.md/edit", {
          method: "POST",
          headers: { "Content-Type": "text/plain", ...(await proof(c, "Lens/Index.md")) },
          body: "old_string=a",
        }),
        "unsupported-media-type",
      );
    });

    it("400 before parsing for 3.9 MB of nested arrays, and for a million values at legal depth", async () => {
      const c = await client();
      const headers = { "Content-Type": "application/json", ...(await proof(c, "Lens/Index.md")) };
      const depth = 1_950_000;
      const deep = await expectProblem(
        await c.fetch("/documents/Lens/Index.md/edit", {
          method: "POST",
          headers,
          body: `${"[".repeat(depth)}${"]".repeat(depth)}`,
        }),
        "bad-request",
      );
      expect(deep.detail).toMatch(/nests deeper than 64 levels.*Nothing was done/);
      // Valid, within the schema but for one extra member: refused for its size, not its shape.
      const wide = await expectProblem(
        await c.fetch("/documents/Lens/Index.md/edit", {
          method: "POST",
          headers,
          body: `{"old_string":"tidy","new_string":"sort","pad":[${"{},".repeat(1_000_000)}{}]}`,
        }),
        "bad-request",
      );
      expect(wide.detail).toMatch(/more than 20000 values/);
      expect((await c.fetch("/documents/Lens/Index.md")).status).toBe(200);
    });

    it("413 for a body over the limit", async () => {
      const c = await client({ maxBodyBytes: 64 });
      await expectProblem(
        await c.fetch(
          "/documents/Lens/Index.md/edit",
          json(
            { old_string: "tidy", new_string: "x".repeat(200) },
            await proof(c, "Lens/Index.md"),
          ),
        ),
        "payload-too-large",
      );
    });

    it("500 not-saved problem without internals when the write cannot be saved", async () => {
      const c = await client({
        afterWrite: async () => {
          throw new Error("disk on fire");
        },
      });
      const p = await expectProblem(
        await c.fetch(
          "/documents/Lens/Index.md/edit",
          json({ old_string: "tidy", new_string: "sort" }, await proof(c, "Lens/Index.md")),
        ),
        "not-saved",
      );
      expect(p.status).toBe(500);
      expect(p.detail).toContain("could not be saved");
      expect(p.detail).toContain("Do not repeat");
      expect(p.detail).not.toMatch(/disk on fire/);
    });
  });

  // ---- GET /grep -----------------------------------------------------------------------------

  describe("GET /grep", () => {
    const grepCases: [string, Record<string, unknown>][] = [
      ["pattern=TODO", { pattern: "TODO" }],
      [
        "pattern=todo&case_insensitive=true&output_mode=count",
        { pattern: "todo", "-i": true, output_mode: "count" },
      ],
      [
        "pattern=TODO&output_mode=content&context=1&path=Lens",
        { pattern: "TODO", output_mode: "content", "-C": 1, path: "Lens" },
      ],
      [
        "pattern=TODO&output_mode=content&after_context=1&before_context=0&line_numbers=false",
        { pattern: "TODO", output_mode: "content", "-A": 1, "-B": 0, "-n": false },
      ],
      [
        "pattern=TODO&glob=Plan*&output_mode=content",
        { pattern: "TODO", glob: "Plan*", output_mode: "content" },
      ],
      ["pattern=TODO&head_limit=1&offset=1", { pattern: "TODO", head_limit: 1, offset: 1 }],
      [
        "pattern=Ideas.%2AIdeas&multiline=1&output_mode=content",
        { pattern: "Ideas.*Ideas", multiline: true, output_mode: "content" },
      ],
      [
        "pattern=quick&path=Lens/Notes/Ideas.md&output_mode=content",
        { pattern: "quick", path: "Lens/Notes/Ideas.md", output_mode: "content" },
      ],
      ["pattern=nothing-matches-this", { pattern: "nothing-matches-this" }],
    ];
    for (const [query, args] of grepCases) {
      it(`returns the grep tool's page, typed and as text, for ${query}`, async () => {
        const c = await client();
        const body = await expectJson<GrepOut>(await c.fetch(`/grep?${query}`));
        const expected = direct(c, "grep", args);
        expect(expected.isError).toBe(false);
        expect(body).toEqual({ ...(expected.data as object), text: expected.text });
      });
    }

    it("gives matching lines with their line numbers and text in the AI view", async () => {
      const c = await client();
      const body = await expectJson<GrepOut>(
        await c.fetch("/grep?pattern=fox&output_mode=content"),
      );
      expect(body.text).toBe("Lens/Notes/Ideas.md:4:The quick brown fox.");
      // "quick " is a pending insertion: the AI view shows it.
      expect(body).toMatchObject({
        entries: [
          {
            kind: "match",
            path: "Lens/Notes/Ideas.md",
            line: 4,
            text: "The quick brown fox.",
          },
        ],
        cut: null,
        nextOffset: null,
        timedOut: false,
      });
    });

    it("gives context lines and group breaks as entries, in the text's order", async () => {
      const c = await client();
      const body = await expectJson<GrepOut>(
        await c.fetch("/grep?pattern=TODO&path=Lens/Notes&output_mode=content&before_context=2"),
      );
      expect(body.entries).toEqual([
        {
          kind: "context",
          path: "Lens/Notes/Ideas.md",
          line: 3,
          text: "See [[Plan]] and [[Missing note]].",
        },
        { kind: "context", path: "Lens/Notes/Ideas.md", line: 4, text: "The quick brown fox." },
        {
          kind: "match",
          path: "Lens/Notes/Ideas.md",
          line: 5,
          text: expect.any(String),
        },
        { kind: "break" },
        { kind: "context", path: "Lens/Notes/Plan.md", line: 2, text: "" },
        { kind: "context", path: "Lens/Notes/Plan.md", line: 3, text: "Back to [[Ideas]]." },
        {
          kind: "match",
          path: "Lens/Notes/Plan.md",
          line: 4,
          text: expect.any(String),
        },
      ]);
      expect(body.text.split("\n")).toHaveLength(body.entries.length);
    });

    it("pages entries exactly as the text, and says where the next page starts", async () => {
      const c = await client();
      const body = await expectJson<GrepOut>(
        await c.fetch("/grep?pattern=TODO&output_mode=content&context=1&head_limit=2"),
      );
      expect(body.text.split("\n").slice(0, 2)).toEqual([
        "Lens/Index.md-3-- [[Notes/Ideas]]",
        "Lens/Index.md:4:TODO: tidy the index",
      ]);
      expect(body.entries).toHaveLength(2);
      expect(matchLines(body)).toEqual(["Lens/Index.md:4"]);
      expect(body).toMatchObject({ cut: "head", nextOffset: 2 });
      const seen = [...body.entries];
      let offset = body.nextOffset;
      while (offset !== null) {
        const next = await expectJson<GrepOut>(
          await c.fetch(
            `/grep?pattern=TODO&output_mode=content&context=1&head_limit=2&offset=${offset}`,
          ),
        );
        seen.push(...next.entries);
        offset = next.nextOffset;
      }
      const whole = await expectJson<GrepOut>(
        await c.fetch("/grep?pattern=TODO&output_mode=content&context=1&head_limit=0"),
      );
      expect(seen).toEqual(whole.entries);
      expect(matchLines(whole)).toEqual([
        "Lens/Index.md:4",
        "Lens/Notes/Ideas.md:5",
        "Lens/Notes/Plan.md:4",
        "Team/Todo.md:1",
      ]);
    });

    it("gives files or counts as entries in those modes, and none when nothing matches", async () => {
      const c = await client();
      const files = await expectJson<GrepOut>(await c.fetch("/grep?pattern=TODO"));
      expect(files.entries).toEqual([
        { kind: "file", path: "Lens/Index.md" },
        { kind: "file", path: "Lens/Notes/Ideas.md" },
        { kind: "file", path: "Lens/Notes/Plan.md" },
        { kind: "file", path: "Team/Todo.md" },
      ]);
      const counts = await expectJson<GrepOut>(
        await c.fetch("/grep?pattern=TODO&output_mode=count"),
      );
      expect(counts.entries.map((e) => e.kind)).toEqual(["count", "count", "count", "count"]);
      const none = await expectJson<GrepOut>(await c.fetch("/grep?pattern=nothing-matches-this"));
      expect(none).toMatchObject({
        text: "No matches found",
        entries: [],
        cut: null,
        timedOut: false,
      });
    });

    it("searches the AI view", async () => {
      const c = await client();
      const body = await expectJson<{ text: string }>(
        await c.fetch("/grep?pattern=that%20and%20new&output_mode=content"),
      );
      expect(body.text).toBe("Lens/Review.md:3:Keep that and new here.");
    });

    it("422 with the tool's message for an invalid regex", async () => {
      const c = await client();
      const p = await expectProblem(await c.fetch("/grep?pattern=(unclosed"), "tool-error");
      expect(p.detail).toBe(direct(c, "grep", { pattern: "(unclosed" }).text);
      expect(p.tool).toBe("grep");
      expect(p.code).toBe("invalid_pattern");
    });

    it("404 for a scope that does not exist", async () => {
      const c = await client();
      await expectProblem(await c.fetch("/grep?pattern=x&path=Nowhere"), "not-found");
    });

    it("422 for parameters outside the schema", async () => {
      const c = await client();
      for (const query of [
        "",
        "pattern=",
        "pattern=x&output_mode=lines",
        "pattern=x&case_insensitive=maybe",
        "pattern=x&context=-1",
      ]) {
        await expectProblem(await c.fetch(`/grep?${query}`), "validation-failed");
      }
    });
  });

  // ---- GET /search ---------------------------------------------------------------------------

  describe("GET /search", () => {
    it("returns hits by score with snippets and marked ranges, beside the tool text", async () => {
      const c = await client();
      const body = await expectJson<{
        hits: {
          path: string;
          score: number;
          snippets: { line: number; text: string; marks: [number, number][] }[];
        }[];
        total: number;
        offset: number;
        text: string;
      }>(await c.fetch("/search?query=ideas"));
      expect(body.hits[0]?.path).toBe("Lens/Notes/Ideas.md");
      expect(body.total).toBe(body.hits.length);
      expect(body.offset).toBe(0);
      const first = body.hits[0]!.snippets[0]!;
      expect(first).toEqual({ line: 1, text: "# Ideas", marks: [[2, 7]] });
      expect(body.text.split("\n")[0]).toMatch(/^Lens\/Notes\/Ideas\.md \(score /);
      const accents = await expectJson<{ hits: { path: string }[] }>(
        await c.fetch("/search?query=cafe"),
      );
      expect(accents.hits[0]?.path).toBe("Lens/Ünïcode.md");
      const paged = await expectJson<{ hits: unknown[]; offset: number }>(
        await c.fetch("/search?query=todo&limit=1&offset=1"),
      );
      expect(paged.hits).toHaveLength(1);
      expect(paged.offset).toBe(1);
      await expectProblem(await c.fetch("/search?query=x&nope=1"), "unknown-parameter");
      await expectProblem(await c.fetch("/search?query=%23"), "tool-error");
      await expectProblem(await c.fetch("/search?query=x&path=Nowhere"), "not-found");
    });
  });

  // ---- POST /documents, /move, /discard -----------------------------------------------------

  describe("POST /documents, /documents/{path}/move and /discard", () => {
    it("creates a note as one insertion suggestion, durable before the 201", async () => {
      const c = await client();
      const res = await c.fetch(
        "/documents",
        json({ path: "Lens/Meetings/Kickoff", content: "# Kickoff\n\nSee [[Plan]]." }),
      );
      const body = await expectJson<{
        path: string;
        lines: number;
        createdFolders: string[];
        etag: string;
      }>(res, 201);
      expect(body).toMatchObject({
        path: "Lens/Meetings/Kickoff.md",
        lines: 3,
        createdFolders: ["Lens/Meetings"],
      });
      expect(res.headers.get("etag")).toBe(body.etag);
      expect(res.headers.get("location")).toBe("documents/Lens/Meetings/Kickoff.md");
      expect(rawOf(c, "Lens/Meetings/Kickoff.md")).toBe(
        `{++${LENS_AI}# Kickoff\n\nSee [[Plan]].++}`,
      );
      expect(c.writes()).toBe(1);
      const listed = await expectJson<{ suggestions: { author?: string; kind: string }[] }>(
        await c.fetch("/suggestions?path=Lens/Meetings/Kickoff.md"),
      );
      expect(listed.suggestions).toMatchObject([{ kind: "insert", author: "lens-ai" }]);
      const again = await c.fetch(
        "/documents",
        json({ path: "Lens/Meetings/Kickoff.md", content: "x" }),
      );
      const problem = await expectProblem(again, "conflict");
      expect(problem.detail).toMatch(/already exists: use edit/);
      await expectProblem(
        await c.fetch("/documents", json({ path: "Nope/A.md", content: "x" })),
        "not-found",
      );
      await expectProblem(
        await c.fetch("/documents", json({ path: "Lens/a?b.md", content: "x" })),
        "invalid-path",
      );
      expect(c.writes()).toBe(1);
    });

    it("new_folder: an admin creates a shared folder with its first note", async () => {
      const c = await client();
      const refused = await expectProblem(
        await c.fetch("/documents", json({ path: "Crew/First.md", content: "x" })),
        "not-found",
      );
      expect(refused.detail).toMatch(/new_folder: true/);
      const res = await c.fetch(
        "/documents",
        json({ path: "Crew/First.md", content: "# First", new_folder: true }),
      );
      const body = await expectJson<{ path: string; newSharedFolder?: string }>(res, 201);
      expect(body).toMatchObject({ path: "Crew/First.md", newSharedFolder: "Crew" });
      expect(rawOf(c, "Crew/First.md")).toBe(`{++${LENS_AI}# First++}`);
    });

    it("moves a note and rewrites links to it, reporting which notes changed", async () => {
      const c = await client();
      const res = await c.fetch(
        "/documents/Lens/Notes/Plan.md/move",
        json({ new_path: "Lens/Archive/Old Plan.md" }),
      );
      const body = await expectJson<{
        from: string;
        to: string;
        rewritten: string[];
        notRewritten: string[];
      }>(res);
      expect(body).toMatchObject({
        from: "Lens/Notes/Plan.md",
        to: "Lens/Archive/Old Plan.md",
        rewritten: ["Lens/Notes/Ideas.md"],
        notRewritten: [],
      });
      // The rewrites are one changeset of their own (`move-…` in their metadata, its hyphen escaped).
      const meta = (cs: string) => `${LENS_AI.slice(0, -3)},"changeset":"${cs}"}@@`;
      const cs = /"changeset":"(move\\u002d[0-9a-f]{8})"/.exec(
        rawOf(c, "Lens/Notes/Ideas.md"),
      )?.[1];
      expect(rawOf(c, "Lens/Notes/Ideas.md")).toContain(
        `{--${meta(cs ?? "")}[[Plan]]--}{++${meta(cs ?? "")}[[Old Plan]]++}`,
      );
      expect(c.writes()).toBe(1);
      await expectProblem(
        await c.fetch("/documents/Lens/Index.md/move", json({ new_path: "Team/Index.md" })),
        "tool-error",
      );
      await expectProblem(
        await c.fetch("/documents/Lens/Index.md/move", json({ new_path: "Lens/Review.md" })),
        "conflict",
      );
    });

    it("rejecting a created note removes it: it never existed for the humans", async () => {
      const c = await client();
      await expectJson(
        await c.fetch("/documents", json({ path: "Lens/Maybe.md", content: "a thought" })),
        201,
      );
      const body = await expectJson<ReviewOut>(
        await c.fetch("/suggestions/reject", json({ path: "Lens/Maybe.md", all: true })),
      );
      expect(body.applied).toBe(1);
      expect(body.documents).toMatchObject([{ path: "Lens/Maybe.md", removed: true }]);
      expect(c.ws.resolve("Lens/Maybe.md").kind).toBe("missing");
      await expectProblem(await getDoc(c, "Lens/Maybe.md"), "not-found");
      expect(c.writes()).toBe(2);
    });

    it("discards only an empty note", async () => {
      const c = await client();
      await expectProblem(
        await c.fetch("/documents/Lens/Index.md/discard", { method: "POST" }),
        "conflict",
      );
      const gone = await expectJson<{ discarded: string }>(
        await c.fetch("/documents/Lens/Empty.md/discard", { method: "POST" }),
      );
      expect(gone.discarded).toBe("Lens/Empty.md");
      expect(c.ws.resolve("Lens/Empty.md").kind).toBe("missing");
    });
    it("a discard that cannot be audited is refused before it is made: 503, the note still there (issue 28)", async () => {
      const dataDir = await mkdtemp(join(tmpdir(), "lens-rest-audit-"));
      const c = await client({ audit: new AuditLog(dataDir) });
      try {
        // The audit file's place is taken by a directory: every append fails.
        await mkdir(join(dataDir, ".lens", "audit.jsonl"), { recursive: true });
        const p = await expectProblem(
          await c.fetch("/documents/Lens/Empty.md/discard", { method: "POST" }),
          "not-audited",
        );
        expect(p.detail).toMatch(/Nothing changed: the audit log could not record/);
        expect(c.ws.resolve("Lens/Empty.md").kind).toBe("document");
        expect(c.writes()).toBe(0);
      } finally {
        await rm(dataDir, { recursive: true, force: true });
      }
    });
  });

  // ---- GET /documents/{path}/links -----------------------------------------------------------

  describe("GET /documents/{path}/links", () => {
    it("lists backlinks, links and unresolved links beside get_links's text", async () => {
      const c = await client();
      const body = await expectJson(await c.fetch("/documents/Lens/Notes/Ideas.md/links"));
      expect(body).toEqual({
        path: "Lens/Notes/Ideas.md",
        backlinks: ["Lens/Index.md", "Lens/Notes/Plan.md"],
        unknownBacklinks: 0,
        hiddenBacklinks: 0,
        hiddenLinks: 0,
        links: ["Lens/Notes/Plan.md"],
        unresolved: ["Missing note"],
        text: direct(c, "get_links", { file_path: "Lens/Notes/Ideas.md" }).text,
      });
    });

    it("counts backlinks from documents in no folder apart", async () => {
      const c = await client();
      // Link upkeep (started by the fixture, as by `lens serve`) has filled backlinks_v0.
      await expectJson(await c.fetch("/documents/Lens/Notes/Ideas.md/links"));
      const lens = c.ws.folderByName("Lens")!;
      const ideas = c.ws.paths.get("Lens/Notes/Ideas.md")!;
      const sources = backlinksMap(lens.doc);
      const current = sources.get(ideas.meta.id);
      const known = (current instanceof Y.Array ? current.toArray() : current) as string[];
      expect(known).toHaveLength(2);
      sources.set(ideas.meta.id, [...known, "00000000-0000-4000-8000-0000000000cc"].sort());
      const body = await expectJson<{
        backlinks: string[];
        unknownBacklinks: number;
        text: string;
      }>(await c.fetch("/documents/Lens/Notes/Ideas.md/links"));
      expect(body.unknownBacklinks).toBe(1);
      expect(body.backlinks).toEqual(["Lens/Index.md", "Lens/Notes/Plan.md"]);
      expect(body.text).toBe(direct(c, "get_links", { file_path: "Lens/Notes/Ideas.md" }).text);
      expect(body.text).toContain("also linked from 1 document not in any folder");
    });

    it("answers for documents without links", async () => {
      const c = await client();
      const body = await expectJson<{ backlinks: string[]; links: string[] }>(
        await c.fetch("/documents/Lens/Notes/links.md/links"),
      );
      expect(body.backlinks).toEqual([]);
      expect(body.links).toEqual([]);
    });

    it("404 for a missing document, 422 for a folder", async () => {
      const c = await client();
      await expectProblem(await c.fetch("/documents/Lens/Nope/links"), "not-found");
      await expectProblem(await c.fetch("/documents/Lens/Notes/links"), "not-a-document");
    });
  });

  // ---- suggestions -----------------------------------------------------------------------------

  describe("GET /suggestions", () => {
    it("lists a document's suggestions with kind, text, author and time", async () => {
      const c = await client();
      const body = await expectJson<{ suggestions: SuggestionOut[]; count: number }>(
        await c.fetch("/suggestions?path=Lens/Review.md"),
      );
      expect(body.count).toBe(4);
      // The text around each, as the AI view reads (neighbours as if accepted).
      expect(body.suggestions.map((s) => s.context)).toEqual([
        { before: "\nKeep ", after: " and new here.\nDrop  and add more." },
        { before: "\nKeep that and ", after: " here.\nDrop  and add more." },
        {
          before: "Keep that and new here.\nDrop ",
          after: " and add more.\n{>>a comment<<} stays.",
        },
        { before: "Keep that and new here.\nDrop  and add ", after: ".\n{>>a comment<<} stays." },
      ]);
      expect(body.suggestions.map((s) => s.change)).toEqual(["edit", "edit", "delete", "edit"]);
      expect(body.suggestions.map(({ id: _id, context: _c, change: _k, ...s }) => s)).toEqual([
        { path: "Lens/Review.md", line: 3, kind: "replace", old: "this", new: "that" },
        { path: "Lens/Review.md", line: 3, kind: "substitute", old: "old", new: "new" },
        {
          path: "Lens/Review.md",
          line: 4,
          kind: "delete",
          old: "gone",
          new: "",
          author: "ann",
          // Lens's metadata before 0.2 (time in ms), and no token is named ann.
          by: "assistant",
          time: 1700000000000,
        },
        {
          path: "Lens/Review.md",
          line: 4,
          kind: "insert",
          old: "",
          new: "more",
          author: "ann",
          // Lens's metadata before 0.2 (time in ms), and no token is named ann.
          by: "assistant",
          time: 1700000000000,
        },
      ]);
      expect(new Set(body.suggestions.map((s) => s.id)).size).toBe(4);
    });

    it("lists a folder's, a sub-folder's and everyone's suggestions by path", async () => {
      const c = await client();
      const paths = async (query: string) =>
        (
          await expectJson<{ suggestions: SuggestionOut[] }>(await c.fetch(`/suggestions${query}`))
        ).suggestions.map((s) => s.path);
      expect(await paths("?path=Lens/Notes")).toEqual(["Lens/Notes/Ideas.md"]);
      expect(await paths("?path=Lens")).toEqual([
        "Lens/Notes/Ideas.md",
        "Lens/Review.md",
        "Lens/Review.md",
        "Lens/Review.md",
        "Lens/Review.md",
      ]);
      expect(await paths("")).toEqual([...(await paths("?path=Lens")), "Team/Draft.md"]);
    });

    it("404 for a path that names nothing", async () => {
      const c = await client();
      await expectProblem(await c.fetch("/suggestions?path=Lens/Nope"), "not-found");
    });
  });

  describe("POST /suggestions/accept and /reject", () => {
    const list = async (c: RestClient, path: string) =>
      (
        await expectJson<{ suggestions: SuggestionOut[] }>(
          await c.fetch(`/suggestions?path=${path}`),
        )
      ).suggestions;

    it("accepts chosen suggestions in one go and reports each", async () => {
      const c = await client();
      const [replace, , del] = await list(c, "Lens/Review.md");
      const res = await c.fetch(
        "/suggestions/accept",
        json({ path: "Lens/Review.md", ids: [replace!.id, del!.id] }),
      );
      const body = await expectJson<ReviewOut>(res);
      expect(body.action).toBe("accept");
      expect(body.applied).toBe(2);
      expect(body.notFound).toBe(0);
      expect(body.documents).toHaveLength(1);
      expect(body.documents[0]?.results).toEqual([
        { id: replace!.id, status: "applied", kind: "replace", line: 3, old: "this", new: "that" },
        { id: del!.id, status: "applied", kind: "delete", line: 4, old: "gone", new: "" },
      ]);
      expect(rawOf(c, "Lens/Review.md")).toBe(
        `# Review\n\nKeep that and {~~old~>new~~} here.\nDrop  and add {++{"author":"ann","time":1700000000000}@@more++}.\n{>>a comment<<} stays.\n`,
      );
      const current = await getDoc(c, "Lens/Review.md");
      expect(current.headers.get("etag")).toBe(body.documents[0]?.etag);
      await current.arrayBuffer();
      expect(c.writes()).toBe(1);
    });

    it("answers 503 and changes nothing when the audit log cannot be written (issue 28)", async () => {
      // The audit file's place is taken by a directory: every append fails.
      const dataDir = await mkdtemp(join(tmpdir(), "lens-rest-audit-"));
      await mkdir(join(dataDir, ".lens", "audit.jsonl"), { recursive: true });
      const c = await client({ audit: new AuditLog(dataDir) });
      try {
        const before = rawOf(c, "Lens/Review.md");
        const pending = await list(c, "Lens/Review.md");
        for (const action of ["accept", "reject"]) {
          const p = await expectProblem(
            await c.fetch(`/suggestions/${action}`, json({ path: "Lens/Review.md", all: true })),
            "not-audited",
          );
          expect(p.detail).toMatch(/Nothing changed: the audit log could not record/);
          expect(rawOf(c, "Lens/Review.md")).toBe(before);
          expect(await list(c, "Lens/Review.md")).toEqual(pending);
        }
        // With the log writable again, the same review goes through and is recorded.
        await rm(join(dataDir, ".lens", "audit.jsonl"), { recursive: true });
        await expectJson(
          await c.fetch("/suggestions/accept", json({ path: "Lens/Review.md", all: true })),
        );
        const log = await readFile(join(dataDir, ".lens", "audit.jsonl"), "utf8");
        // The request first (written before anything changed), then each suggestion's outcome.
        const lines = log
          .trim()
          .split("\n")
          .map((l) => JSON.parse(l) as { outcome: string });
        expect(lines.map((l) => l.outcome)).toEqual(["requested", ...pending.map(() => "applied")]);
      } finally {
        await rm(dataDir, { recursive: true, force: true });
      }
    });

    it("rejects every suggestion of a document", async () => {
      const c = await client();
      const body = await expectJson<ReviewOut>(
        await c.fetch("/suggestions/reject", json({ path: "Lens/Review.md", all: true })),
      );
      expect(body.applied).toBe(4);
      expect(rawOf(c, "Lens/Review.md")).toBe(
        "# Review\n\nKeep this and old here.\nDrop gone and add .\n{>>a comment<<} stays.\n",
      );
    });

    it("accepts every suggestion under a folder, document by document", async () => {
      const c = await client();
      const body = await expectJson<ReviewOut>(
        await c.fetch("/suggestions/accept", json({ path: "Lens", all: true })),
      );
      expect(body.documents.map((d) => d.path)).toEqual(["Lens/Notes/Ideas.md", "Lens/Review.md"]);
      expect(body.applied).toBe(5);
      expect(rawOf(c, "Lens/Notes/Ideas.md")).toContain("The quick brown fox.");
      expect(rawOf(c, "Team/Draft.md")).toContain("{++new ++}");
      expect((await list(c, "Lens")).length).toBe(0);
    });

    it("rejects a folder in bulk, removing the notes an assistant created there", async () => {
      const c = await client();
      for (const [path, content] of [
        ["Lens/Meetings/Kickoff.md", "# Kickoff\n\nBack to [[Plan]]."],
        ["Lens/Meetings/Retro.md", "# Retro"],
        ["Lens/Meetings/Kept.md", "# Kept"],
      ])
        await expectJson(await c.fetch("/documents", json({ path, content })), 201);
      // A human wrote into Kept.md outside the suggestion: it is theirs too, and stays.
      const kept = c.ws.contentText(c.ws.paths.get("Lens/Meetings/Kept.md")!.docId)!;
      kept.insert(kept.length, "\nmine");
      const links = async () =>
        (
          await expectJson<{ backlinks: string[] }>(
            await c.fetch("/documents/Lens/Notes/Plan.md/links"),
          )
        ).backlinks;
      expect(await links()).toContain("Lens/Meetings/Kickoff.md");

      const body = await expectJson<ReviewOut>(
        await c.fetch("/suggestions/reject", json({ path: "Lens", all: true })),
      );
      expect(
        body.documents.map((d) => [d.path, (d as { removed?: boolean }).removed ?? false]),
      ).toEqual([
        ["Lens/Meetings/Kept.md", false],
        ["Lens/Meetings/Kickoff.md", true],
        ["Lens/Meetings/Retro.md", true],
        ["Lens/Notes/Ideas.md", false],
        ["Lens/Review.md", false],
      ]);
      expect(c.ws.resolve("Lens/Meetings/Kickoff.md").kind).toBe("missing");
      expect(c.ws.resolve("Lens/Meetings/Retro.md").kind).toBe("missing");
      expect(rawOf(c, "Lens/Meetings/Kept.md")).toBe("\nmine");
      expect(rawOf(c, "Lens/Review.md")).toContain("Keep this and old here.");
      expect(await links()).toEqual(["Lens/Notes/Ideas.md"]);
      const listed = await expectJson<{ documents: Summary[] }>(
        await c.fetch("/documents?pattern=Lens/Meetings/*.md"),
      );
      expect(listed.documents.map((d) => d.path)).toEqual(["Lens/Meetings/Kept.md"]);
    });

    it("reports ids that are no longer pending beside the applied ones, once each", async () => {
      const c = await client();
      const [first] = await list(c, "Lens/Review.md");
      const body = await expectJson<ReviewOut>(
        await c.fetch(
          "/suggestions/reject",
          json({ path: "Lens/Review.md", ids: [first!.id, "gone-0", first!.id] }),
        ),
      );
      expect(body.documents[0]?.results).toEqual([
        expect.objectContaining({ id: first!.id, status: "applied" }),
        { id: "gone-0", status: "not_found" },
      ]);
      expect(body.applied).toBe(1);
      expect(body.notFound).toBe(1);
    });

    it("409 when none of the ids is pending any more", async () => {
      const c = await client();
      const [first] = await list(c, "Lens/Review.md");
      await (
        await c.fetch("/suggestions/accept", json({ path: "Lens/Review.md", ids: [first!.id] }))
      ).arrayBuffer();
      const p = await expectProblem(
        await c.fetch("/suggestions/accept", json({ path: "Lens/Review.md", ids: [first!.id] })),
        "review-conflict",
      );
      expect(p.results).toEqual([{ id: first!.id, status: "not_found" }]);
      expect(c.writes()).toBe(1);
    });

    it("answers a review with nothing pending as 200 with nothing applied", async () => {
      const c = await client();
      const body = await expectJson<ReviewOut>(
        await c.fetch("/suggestions/accept", json({ path: "Team/Todo.md", all: true })),
      );
      expect(body).toEqual({
        action: "accept",
        applied: 0,
        notFound: 0,
        conflicts: 0,
        changes: [],
        documents: [],
      });
      expect(c.writes()).toBe(0);
    });

    it("honours If-Match on a document: 412 when stale", async () => {
      const c = await client();
      const p = await expectProblem(
        await c.fetch(
          "/suggestions/accept",
          json({ path: "Lens/Review.md", all: true }, { "If-Match": '"old"' }),
        ),
        "precondition-failed",
      );
      const current = await getDoc(c, "Lens/Review.md");
      expect(p.etag).toBe(current.headers.get("etag"));
      await current.arrayBuffer();
      await expectJson(
        await c.fetch(
          "/suggestions/accept",
          json({ path: "Lens/Review.md", all: true }, { "If-Match": p.etag as string }),
        ),
      );
    });

    it("422 for requests outside the schema or that mix scopes", async () => {
      const c = await client();
      const bad: [Record<string, unknown>, Record<string, string>][] = [
        [{ path: "Lens/Review.md" }, {}],
        [{ path: "Lens/Review.md", ids: ["a"], all: true }, {}],
        [{ path: "Lens/Review.md", all: false }, {}],
        [{ path: "Lens/Review.md", ids: [] }, {}],
        [{ ids: ["a"] }, {}],
        [{ path: "Lens", ids: ["a"] }, {}],
        [{ path: "Lens", all: true }, { "If-Match": "*" }],
      ];
      for (const [body, headers] of bad) {
        await expectProblem(
          await c.fetch("/suggestions/accept", json(body, headers)),
          "validation-failed",
        );
      }
      expect(c.writes()).toBe(0);
    });

    it("404 for a path that names nothing, 422 for a non-markdown file", async () => {
      const c = await client();
      await expectProblem(
        await c.fetch("/suggestions/reject", json({ path: "Nope/x.md", all: true })),
        "not-found",
      );
      await expectProblem(
        await c.fetch("/suggestions/reject", json({ path: "Lens/Pictures/cat.png", all: true })),
        "not-a-document",
      );
    });
  });

  // ---- core's error codes → problems (TOOL_ERROR_PROBLEMS) -----------------------------------------

  describe("POST /suggestions/undo", () => {
    const list = async (c: RestClient, path: string) =>
      (
        await expectJson<{ suggestions: SuggestionOut[] }>(
          await c.fetch(`/suggestions?path=${path}`),
        )
      ).suggestions;
    const undo = (c: RestClient, token: string) => c.fetch("/suggestions/undo", json({ token }));

    for (const action of ["accept", "reject"]) {
      it(`undoes ${action} of chosen suggestions: the text before comes back exactly`, async () => {
        const c = await client();
        const before = rawOf(c, "Lens/Review.md");
        const pending = await list(c, "Lens/Review.md");
        const body = await expectJson<ReviewOut>(
          await c.fetch(
            `/suggestions/${action}`,
            json({ path: "Lens/Review.md", ids: [pending[0]!.id, pending[3]!.id] }),
          ),
        );
        const token = body.documents[0]?.undo;
        expect(token).toMatch(/^u_[A-Za-z0-9_-]{24}$/);
        expect(rawOf(c, "Lens/Review.md")).not.toBe(before);
        const undone = await expectJson<UndoOut>(await undo(c, token!));
        expect(undone).toMatchObject({ path: "Lens/Review.md", undid: action });
        expect(undone.suggestions.map((s) => s.id)).toEqual([pending[0]!.id, pending[3]!.id]);
        expect(undone.suggestions[1]).toMatchObject({ author: "ann", time: 1700000000000 });
        expect(rawOf(c, "Lens/Review.md")).toBe(before);
        expect(await list(c, "Lens/Review.md")).toEqual(pending);
        const current = await getDoc(c, "Lens/Review.md");
        expect(current.headers.get("etag")).toBe(undone.etag);
        await current.arrayBuffer();
        expect(c.writes()).toBe(2);
        // Used once.
        const again = await expectProblem(await undo(c, token!), "not-found");
        expect(again.detail).toMatch(/can no longer be undone/);
      });
    }

    it("undoes each document of a folder-wide review, and a rejected creation brings the note back", async () => {
      const c = await client();
      await expectJson(
        await c.fetch("/documents", json({ path: "Lens/Maybe.md", content: "# Maybe\n" })),
        201,
      );
      const created = rawOf(c, "Lens/Maybe.md");
      const review = rawOf(c, "Lens/Review.md");
      const body = await expectJson<ReviewOut>(
        await c.fetch("/suggestions/reject", json({ path: "Lens", all: true })),
      );
      expect(c.ws.resolve("Lens/Maybe.md").kind).toBe("missing");
      for (const d of body.documents) await expectJson(await undo(c, d.undo!));
      expect(rawOf(c, "Lens/Maybe.md")).toBe(created);
      expect(rawOf(c, "Lens/Review.md")).toBe(review);
    });

    it("409 once the text moved on, with where it is and its ETag; nothing changes", async () => {
      const c = await client();
      const body = await expectJson<ReviewOut>(
        await c.fetch("/suggestions/accept", json({ path: "Lens/Review.md", all: true })),
      );
      const text = c.ws.contentText(c.ws.paths.get("Lens/Review.md")!.docId)!;
      text.insert(0, "A human line.\n");
      const moved = rawOf(c, "Lens/Review.md");
      const p = await expectProblem(await undo(c, body.documents[0]!.undo!), "conflict");
      expect(p.detail).toMatch(/Lens\/Review.md changed since it was reviewed/);
      expect(p.path).toBe("Lens/Review.md");
      const current = await getDoc(c, "Lens/Review.md");
      expect(p.etag).toBe(current.headers.get("etag"));
      await current.arrayBuffer();
      expect(rawOf(c, "Lens/Review.md")).toBe(moved);
    });

    it("404 for a token it never gave, 422 without one", async () => {
      const c = await client();
      await expectProblem(await undo(c, "u_made-up"), "not-found");
      await expectProblem(await c.fetch("/suggestions/undo", json({})), "validation-failed");
      expect(c.writes()).toBe(0);
    });
  });

  describe("core error codes as problems", () => {
    /** An edit request; its proof of read (the document's ETag) is added when it is sent. */
    const edit = (path: string, body: Record<string, unknown>): [string, RequestInit] => [
      `/documents/${path}/edit`,
      json(body),
    ];
    const send = async (c: RestClient, [url, init]: [string, RequestInit?]) => {
      const doc = /^\/documents\/(.+)\/edit$/.exec(url)?.[1];
      if (!doc || !init) return c.fetch(url, init);
      const headers = { ...(init.headers as Record<string, string>), ...(await proof(c, doc)) };
      return c.fetch(url, { ...init, headers });
    };
    /**
     * Every code a request can provoke: the request, the problem it maps to, the tool whose text
     * is the detail (with its arguments), and what else the problem carries. not_read (REST
     * checks its read proofs before the tool runs: 428) and timeout (grep reports its time limit
     * as a partial success) cannot be provoked; test/toolProblems.test.ts covers them.
     */
    const reachable: {
      code: ToolErrorCode;
      request: [string, RequestInit?];
      type: ProblemType;
      tool?: [string, Record<string, unknown>];
      extra?: Record<string, unknown>;
    }[] = [
      {
        code: "invalid_path",
        request: ["/grep?pattern=x&path=../etc"],
        type: "invalid-path",
        tool: ["grep", { pattern: "x", path: "../etc" }],
      },
      {
        code: "not_found",
        request: ["/grep?pattern=x&path=Lens/Nowhere"],
        type: "not-found",
        tool: ["grep", { pattern: "x", path: "Lens/Nowhere" }],
      },
      {
        code: "not_loaded",
        request: ["/grep?pattern=x&path=Lens/Unloaded.md"],
        type: "not-found",
        tool: ["grep", { pattern: "x", path: "Lens/Unloaded.md" }],
      },
      {
        code: "ambiguous",
        request: ["/grep?pattern=x&path=Lens/CASE.md"],
        type: "ambiguous-path",
        tool: ["grep", { pattern: "x", path: "Lens/CASE.md" }],
        extra: { candidates: ["Lens/Case.md", "Lens/case.md"] },
      },
      {
        code: "not_a_document",
        request: ["/grep?pattern=x&path=Lens/Pictures/cat.png"],
        type: "not-a-document",
        tool: ["grep", { pattern: "x", path: "Lens/Pictures/cat.png" }],
      },
      {
        code: "not_a_folder",
        request: ["/documents?path=Lens/Notes/Plan.md"],
        type: "not-a-folder",
        tool: ["glob", { pattern: "**", path: "Lens/Notes/Plan.md" }],
      },
      {
        code: "invalid_pattern",
        request: [`/grep?pattern=${encodeURIComponent("a{2,1}")}`],
        type: "tool-error",
        tool: ["grep", { pattern: "a{2,1}" }],
      },
      {
        code: "no_match",
        request: edit("Lens/Index.md", { old_string: "absent", new_string: "x" }),
        type: "tool-error",
        extra: { tool: "edit" },
      },
      {
        code: "not_unique",
        request: edit("Lens/Index.md", { old_string: "de", new_string: "DE" }),
        type: "tool-error",
        extra: { tool: "edit" },
      },
      {
        code: "identical",
        request: edit("Lens/Index.md", { old_string: "tidy", new_string: "tidy" }),
        type: "tool-error",
        extra: { tool: "edit" },
      },
      {
        code: "invalid_edit",
        request: edit("Lens/Index.md", { old_string: "tidy", new_string: "{==x==}" }),
        type: "tool-error",
        extra: { tool: "edit" },
      },
    ];
    for (const { code, request, type, tool, extra } of reachable) {
      it(`${code} → ${problemTypes[type].status} ${type}`, async () => {
        const c = await client();
        const p = await expectProblem(await send(c, request), type);
        expect(p.code).toBe(code);
        if (tool) {
          const expected = direct(c, tool[0], tool[1]);
          expect(expected).toMatchObject({ isError: true, code });
          expect(p).toMatchObject({ detail: expected.text, tool: tool[0], text: expected.text });
        }
        if (extra) expect(p).toMatchObject(extra);
        expect(c.writes()).toBe(0);
      });
    }

    it("maps lookups outside a tool call by the same table", async () => {
      const c = await client();
      const cases: [string, ProblemType, ToolErrorCode][] = [
        ["/documents/Lens%2F..%2Fx.md", "invalid-path", "invalid_path"],
        ["/documents/Lens/Nope.md", "not-found", "not_found"],
        ["/documents/Lens/Unloaded.md", "not-found", "not_loaded"],
        ["/documents/Lens/CASE.md/links", "ambiguous-path", "ambiguous"],
        ["/documents/Lens/Notes/links", "not-a-document", "not_a_document"],
      ];
      for (const [path, type, code] of cases) {
        const p = await expectProblem(await c.fetch(path), type);
        expect(p.code, path).toBe(code);
      }
      const review = await expectProblem(
        await c.fetch("/suggestions/accept", json({ path: "Lens/CASE.md", all: true })),
        "ambiguous-path",
      );
      expect(review.candidates).toEqual(["Lens/Case.md", "Lens/case.md"]);
      const edit = await expectProblem(
        await c.fetch(
          "/documents/Lens/CASE.md/edit",
          json({ old_string: "a", new_string: "b" }, await proof(c, "Lens/CASE.md")),
        ),
        "ambiguous-path",
      );
      expect(edit.code).toBe("ambiguous");
    });
  });

  // ---- the API as a whole ----------------------------------------------------------------------

  describe("API description and the rest", () => {
    it("serves its OpenAPI 3.1 document with the mount path as server", async () => {
      const c = await client();
      const doc = await expectJson<{
        openapi: string;
        servers: { url: string }[];
        paths: Record<string, unknown>;
      }>(await c.fetch("/openapi.json"));
      expect(doc.openapi).toBe("3.1.0");
      expect(doc.servers).toEqual([{ url: "/api/v1" }]);
      expect(Object.keys(doc.paths)).toContain("/documents/{path}/edit");
    });

    it("serves a reference page that loads that document", async () => {
      const c = await client();
      const res = await c.fetch("/reference");
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toMatch(/^text\/html/);
      expect(await res.text()).toContain("/api/v1/openapi.json");
    });

    it("answers unknown routes with a 404 problem", async () => {
      const c = await client();
      const p = await expectProblem(await c.fetch("/nothing/here"), "not-found");
      expect(p.detail).toMatch(/No route for GET/);
      await expectProblem(await c.fetch("/documents", { method: "DELETE" }), "not-found");
    });
  });

  describe("bearer token", () => {
    it("401 problem without the token or with another; public description", async () => {
      const c = await client({ token: "s3cret" });
      const missing = await c.fetch("/documents");
      expect(missing.headers.get("www-authenticate")).toBe('Bearer realm="lens"');
      await expectProblem(missing, "unauthorized");
      await expectProblem(
        await c.fetch("/documents", { headers: { Authorization: "Bearer nope" } }),
        "unauthorized",
      );
      await expectProblem(
        await c.fetch("/documents", { headers: { Authorization: "Basic s3cret" } }),
        "unauthorized",
      );
      await expectProblem(await c.fetch("/nothing/here"), "unauthorized");
      await expectJson(
        await c.fetch("/documents", { headers: { Authorization: "Bearer s3cret" } }),
      );
      const doc = await expectJson<{ security?: unknown }>(await c.fetch("/openapi.json"));
      expect(doc.security).toEqual([{ bearerAuth: [] }]);
      const page = await c.fetch("/reference");
      expect(page.status).toBe(200);
      await page.arrayBuffer();
    });
  });

  describe("CORS", () => {
    it("answers preflights and exposes ETag when enabled", async () => {
      const c = await client({ cors: { origin: "https://notes.example" }, token: "t" });
      const pre = await c.fetch("/documents/Lens/Index.md/edit", {
        method: "OPTIONS",
        headers: {
          Origin: "https://notes.example",
          "Access-Control-Request-Method": "POST",
          "Access-Control-Request-Headers": "if-match, lens-session, authorization, content-type",
        },
      });
      expect(pre.status).toBe(204);
      expect(pre.headers.get("access-control-allow-origin")).toBe("https://notes.example");
      expect(pre.headers.get("access-control-allow-headers")?.toLowerCase()).toContain("if-match");
      expect(pre.headers.get("access-control-allow-headers")?.toLowerCase()).toContain(
        "lens-session",
      );
      await pre.arrayBuffer();
      const res = await c.fetch("/documents/Lens/Index.md", {
        headers: { Origin: "https://notes.example", Authorization: "Bearer t" },
      });
      expect(res.headers.get("access-control-allow-origin")).toBe("https://notes.example");
      expect(res.headers.get("access-control-expose-headers")).toContain("ETag");
      await expectJson(res);
    });

    it("sends no CORS headers unless enabled", async () => {
      const c = await client();
      const res = await c.fetch("/documents", { headers: { Origin: "https://elsewhere.example" } });
      expect(res.headers.get("access-control-allow-origin")).toBeNull();
      await res.arrayBuffer();
    });
  });
}
