// Review across documents on a real workspace: what a filter covers, conflicts left pending,
// the caller's reach, the counts, and the precondition.
import { describe, expect, it } from "vitest";
import { EVERYWHERE, folderReach } from "../access/reach.js";
import { listSuggestions } from "../critic/suggestions.js";
import { workspaceFromTexts } from "../workspace/fromTexts.js";
import { reviewSuggestions } from "./batchReview.js";

const ANN = '{"author":"ann","time":1700000000000}@@';

function setup() {
  const ws = workspaceFromTexts([
    {
      name: "Team",
      files: {
        "Plan.md": `Keep {--this--}{++that++} and {++${ANN}more++}.\n`,
        "Notes/Idea.md": "The {~~slow~>quick~~} fox.\n",
        "Clean.md": "Nothing pending.\n",
      },
    },
    { name: "Private", files: { "Secret.md": "Salary {--low--}{++high++}.\n" } },
  ]);
  const docId = (path: string) => ws.paths.get(path)!.docId;
  const raw = (path: string) => ws.contentText(docId(path))!.toString();
  const ids = (path: string) => listSuggestions(raw(path)).map((s) => s.id);
  const snapshot = () =>
    ["Team/Plan.md", "Team/Notes/Idea.md", "Team/Clean.md", "Private/Secret.md"].map(raw);
  return { ws, docId, raw, ids, snapshot };
}

describe("reviewSuggestions: what the filter covers", () => {
  it("accepts every suggestion under a folder, document by document, by path", () => {
    const { ws, raw } = setup();
    const r = reviewSuggestions(ws, EVERYWHERE, { action: "accept", path: "Team" });
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.documents.map((d) => d.path)).toEqual(["Team/Notes/Idea.md", "Team/Plan.md"]);
    expect(r.value).toMatchObject({ action: "accept", applied: 3, notFound: 0, conflicts: 0 });
    expect(raw("Team/Plan.md")).toBe("Keep that and more.\n");
    expect(raw("Team/Notes/Idea.md")).toBe("The quick fox.\n");
    expect(raw("Private/Secret.md")).toBe("Salary {--low--}{++high++}.\n");
  });

  it("covers a sub-folder, one document, or everything", () => {
    const sub = setup();
    reviewSuggestions(sub.ws, EVERYWHERE, { action: "reject", path: "Team/Notes" });
    expect(sub.raw("Team/Notes/Idea.md")).toBe("The slow fox.\n");
    expect(sub.ids("Team/Plan.md")).toHaveLength(2);

    const one = setup();
    reviewSuggestions(one.ws, EVERYWHERE, { action: "reject", path: "Team/Plan.md" });
    expect(one.raw("Team/Plan.md")).toBe("Keep this and .\n");
    expect(one.ids("Team/Notes/Idea.md")).toHaveLength(1);

    const all = setup();
    const r = reviewSuggestions(all.ws, EVERYWHERE, { action: "reject" });
    expect(r.ok && r.value.documents.map((d) => d.path)).toEqual([
      "Private/Secret.md",
      "Team/Notes/Idea.md",
      "Team/Plan.md",
    ]);
    expect(all.raw("Private/Secret.md")).toBe("Salary low.\n");
  });

  it("resolves only the given ids, reporting each once with what it said", () => {
    const { ws, raw, ids } = setup();
    const [replace, insert] = ids("Team/Plan.md");
    const r = reviewSuggestions(ws, EVERYWHERE, {
      action: "accept",
      path: "Team/Plan.md",
      ids: [insert!, "gone-0", insert!],
    });
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value).toMatchObject({ applied: 1, notFound: 1, conflicts: 0 });
    expect(r.value.documents[0]?.results).toEqual([
      {
        id: insert,
        status: "applied",
        suggestion: expect.objectContaining({
          kind: "insert",
          line: 1,
          oldText: "",
          newText: "more",
          author: "ann",
          time: 1700000000000,
        }),
      },
      { id: "gone-0", status: "not_found" },
    ]);
    expect(raw("Team/Plan.md")).toBe("Keep {--this--}{++that++} and more.\n");
    expect(ids("Team/Plan.md")).toEqual([replace]);
  });

  it("refuses ids with a folder or no path, changing nothing", () => {
    const { ws, snapshot } = setup();
    const before = snapshot();
    for (const path of ["Team", undefined]) {
      const r = reviewSuggestions(ws, EVERYWHERE, { action: "accept", path, ids: ["x-0"] });
      expect(r.ok).toBe(false);
      if (!r.ok) {
        expect(r.error.code).toBe("not_a_document");
        expect(r.error.details).toEqual({ argument: "ids" });
      }
    }
    expect(snapshot()).toEqual(before);
  });

  it("answers a path that names nothing or a non-markdown file with core's lookup error", () => {
    const { ws } = setup();
    const missing = reviewSuggestions(ws, EVERYWHERE, { action: "accept", path: "Team/Nope.md" });
    expect(!missing.ok && missing.error.code).toBe("not_found");
    expect(!missing.ok && missing.error.message).toContain("File does not exist: Team/Nope.md");
    const invalid = reviewSuggestions(ws, EVERYWHERE, { action: "accept", path: "../x.md" });
    expect(!invalid.ok && invalid.error.code).toBe("invalid_path");
  });

  it("changes each document in one transaction with the given origin, and none without pending", () => {
    const { ws, docId } = setup();
    const origin = { name: "test-review" };
    const seen: string[] = [];
    for (const path of ["Team/Plan.md", "Team/Notes/Idea.md", "Team/Clean.md"]) {
      ws.contentText(docId(path))!.doc!.on("afterTransaction", (tr) => {
        if (tr.origin === origin) seen.push(path);
      });
    }
    const r = reviewSuggestions(ws, EVERYWHERE, { action: "accept", path: "Team", origin });
    expect(r.ok && r.value.documents.map((d) => d.docId)).toEqual([
      docId("Team/Notes/Idea.md"),
      docId("Team/Plan.md"),
    ]);
    expect(seen.sort()).toEqual(["Team/Notes/Idea.md", "Team/Plan.md"]);
  });
});

describe("reviewSuggestions: conflicts", () => {
  it("never applies a suggestion whose resolution would re-pair neighbouring markup", () => {
    const ws = workspaceFromTexts([
      { name: "V", files: { "Code.md": "`{----}`{----}`", "Ok.md": "a {++b++}" } },
    ]);
    const raw = (p: string) => ws.contentText(ws.paths.get(p)!.docId)!.toString();
    const r = reviewSuggestions(ws, EVERYWHERE, { action: "accept", path: "V" });
    if (!r.ok) throw new Error(r.error.message);
    const code = r.value.documents.find((d) => d.path === "V/Code.md")!;
    expect(code.results.map((x) => x.status)).toEqual(["conflict"]);
    expect(
      code.results.every((x) => x.status === "conflict" && x.suggestion.kind === "delete"),
    ).toBe(true);
    expect(raw("V/Code.md")).toBe("`{----}`{----}`");
    expect(raw("V/Ok.md")).toBe("a b");
    expect(r.value).toMatchObject({ applied: 1, notFound: 0, conflicts: 1 });
  });
});

describe("reviewSuggestions: reach", () => {
  const team = folderReach(["Team"]);

  it("answers another folder, or a document in it, exactly as a missing path, changing nothing", () => {
    const { ws, snapshot } = setup();
    const before = snapshot();
    for (const path of ["Private", "Private/Secret.md"]) {
      const hidden = reviewSuggestions(ws, team, { action: "accept", path });
      const nowhere = path.replace("Private", "Nowhere");
      const missing = reviewSuggestions(ws, team, { action: "accept", path: nowhere });
      expect(!hidden.ok && hidden.error.code).toBe("not_found");
      expect(!hidden.ok && hidden.error.message).toBe(
        !missing.ok && missing.error.message.replaceAll("Nowhere", "Private"),
      );
    }
    expect(snapshot()).toEqual(before);
  });

  it("reviews everything in reach and nothing beyond it", () => {
    const { ws, raw } = setup();
    const r = reviewSuggestions(ws, team, { action: "reject" });
    expect(r.ok && r.value.documents.map((d) => d.path)).toEqual([
      "Team/Notes/Idea.md",
      "Team/Plan.md",
    ]);
    expect(raw("Private/Secret.md")).toBe("Salary {--low--}{++high++}.\n");
  });
});

describe("reviewSuggestions: counts and empty reviews", () => {
  it("counts applied, not found and conflicts across documents", () => {
    const { ws, ids } = setup();
    const r = reviewSuggestions(ws, EVERYWHERE, {
      action: "reject",
      path: "Team/Plan.md",
      ids: [...ids("Team/Plan.md"), "a-0", "b-0"],
    });
    expect(r.ok && r.value).toMatchObject({ applied: 2, notFound: 2, conflicts: 0 });
  });

  it("reports nothing for a review of documents with nothing pending", () => {
    const { ws } = setup();
    expect(reviewSuggestions(ws, EVERYWHERE, { action: "accept", path: "Team/Clean.md" })).toEqual({
      ok: true,
      value: { action: "accept", applied: 0, notFound: 0, conflicts: 0, documents: [] },
    });
  });
});

describe("reviewSuggestions: precondition", () => {
  it("checks the document's current version before changing anything", () => {
    const { ws, raw, docId } = setup();
    const before = raw("Team/Plan.md");
    const stale = reviewSuggestions(ws, EVERYWHERE, {
      action: "accept",
      path: "Team/Plan.md",
      precondition: (view) => view.raw === "an older text",
    });
    expect(stale).toEqual({
      ok: false,
      error: {
        code: "stale",
        message: expect.stringContaining("Team/Plan.md changed since"),
        details: { path: "Team/Plan.md", docId: docId("Team/Plan.md") },
      },
    });
    expect(raw("Team/Plan.md")).toBe(before);
    const fresh = reviewSuggestions(ws, EVERYWHERE, {
      action: "accept",
      path: "Team/Plan.md",
      precondition: (view) => view.raw === before,
    });
    expect(fresh.ok && fresh.value.applied).toBe(2);
  });

  it("refuses a precondition on a folder, changing nothing", () => {
    const { ws, snapshot } = setup();
    const before = snapshot();
    const r = reviewSuggestions(ws, EVERYWHERE, {
      action: "accept",
      path: "Team",
      precondition: () => true,
    });
    expect(!r.ok && r.error).toMatchObject({
      code: "not_a_document",
      details: { argument: "precondition" },
    });
    expect(snapshot()).toEqual(before);
  });
});
