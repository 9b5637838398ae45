// Link resolution, table-driven against every rule of SPEC §5 plus the decisions in docs/links.md.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { deleteEntry } from "../model/folderDoc.js";
import { buildWorkspace } from "./links.test-helpers.js";
import { joinRelative, LinkResolver } from "./resolve.js";

const { ws } = buildWorkspace({
  Lens: {
    "/A.md": "",
    "/Notes/Src.md": "",
    "/Notes/T.md": "",
    "/T.md": "",
    "/x/T.md": "",
    "/Dup.md": "",
    "/Notes/Dup.md": "",
    "/a/b/Deep.md": "",
    "/x/Twin.md": "",
    "/Notes/Twin.md": "",
    "/b/Lex.md": "",
    "/a/Lex.md": "",
    "/Projects/Plan.md": "",
    "/Archive/Projects/Plan.md": "",
    "/img/image.png": { type: "image" },
    "/img": { type: "folder" },
    "/Other/Local.md": "",
    "/Café.md": "",
    "/Case.md": "",
    "/case.md": "",
    "/v1.2 notes.md": "",
  },
  Other: {
    "/Inbox.md": "",
    "/Sub/Item.md": "",
    "/Local.md": "",
  },
  // Only for the fallback to other folders.
  Alpha: {
    "/x/Shared.md": "",
    "/x/Solo.md": "",
    "/Notes/Far.md": "",
  },
  Gamma: {
    "/Shared.md": "",
    "/Deep.md": "",
    "/b/Lexi.md": "",
    "/a/Lexi.md": "",
    "/Far.md": "",
    "/Other/Item.md": "",
  },
  "Zeta archive": {
    "/Shared.md": "",
    "/Solo.md": "",
  },
});
const resolver = new LinkResolver(ws);

function resolve(from: string, target: string): string | undefined {
  const source = ws.paths.get(from);
  if (!source) throw new Error(`no source ${from}`);
  return resolver.resolve(target, source)?.path;
}

describe("LinkResolver", () => {
  it.each([
    // rule, source, link target, expected user path (undefined = unresolved)
    [
      "./ is exact, relative to the source's directory",
      "Lens/Notes/Src.md",
      "./T",
      "Lens/Notes/T.md",
    ],
    [
      "../ is exact, relative to the source's directory",
      "Lens/Notes/Src.md",
      "../x/T",
      "Lens/x/T.md",
    ],
    ["./ never falls back to a basename match", "Lens/Notes/Src.md", "./Deep", undefined],
    [
      "../ above the folder root reaches other folders",
      "Lens/A.md",
      "../Other/Inbox",
      "Other/Inbox.md",
    ],
    ["../ above the workspace root is unresolved", "Lens/A.md", "../../Inbox", undefined],
    [
      "exact path from the folder root wins over the same directory",
      "Lens/Notes/Src.md",
      "Dup",
      "Lens/Dup.md",
    ],
    [
      "exact path from the folder root wins over a suffix match",
      "Lens/A.md",
      "Projects/Plan",
      "Lens/Projects/Plan.md",
    ],
    ["a unique basename match", "Lens/A.md", "Deep", "Lens/a/b/Deep.md"],
    ["a path suffix match", "Lens/A.md", "b/Deep", "Lens/a/b/Deep.md"],
    ["a path that is no suffix is unresolved", "Lens/A.md", "x/Deep", undefined],
    [
      "several basename matches: the source's own directory wins",
      "Lens/Notes/Src.md",
      "Twin",
      "Lens/Notes/Twin.md",
    ],
    ["several basename matches: then the shortest path", "Lens/A.md", "Twin", "Lens/x/Twin.md"],
    ["several basename matches: then the lexically first", "Lens/A.md", "Lex", "Lens/a/Lex.md"],
    ["matching is case-insensitive", "Lens/A.md", "dEEP", "Lens/a/b/Deep.md"],
    ["case-insensitive exact path", "Lens/A.md", "projects/PLAN", "Lens/Projects/Plan.md"],
    ["exact case wins among case variants", "Lens/A.md", "case", "Lens/case.md"],
    ["else the lexically first case variant", "Lens/A.md", "CASE", "Lens/Case.md"],
    [".md is optional", "Lens/A.md", "Deep.md", "Lens/a/b/Deep.md"],
    [".md in any case", "Lens/A.md", "Deep.MD", "Lens/a/b/Deep.md"],
    ["a dot in the name is not an extension", "Lens/A.md", "v1.2 notes", "Lens/v1.2 notes.md"],
    [
      "a link with an extension names a non-markdown entry",
      "Lens/A.md",
      "image.png",
      "Lens/img/image.png",
    ],
    ["…whose extension is required", "Lens/A.md", "image", undefined],
    ["folders are never link targets", "Lens/A.md", "img", undefined],
    ["first segment naming another folder", "Lens/A.md", "Other/Inbox", "Other/Inbox.md"],
    ["…with a deeper path", "Lens/A.md", "Other/Sub/Item", "Other/Sub/Item.md"],
    ["…case-insensitively", "Lens/A.md", "other/sub/item.md", "Other/Sub/Item.md"],
    [
      "…after an exact path in the source's folder",
      "Lens/A.md",
      "Other/Local",
      "Lens/Other/Local.md",
    ],
    ["first segment naming the source's own folder", "Lens/Notes/Src.md", "Lens/A", "Lens/A.md"],
    // Fallback to the other folders when the source's folder has no match.
    ["a bare name found only in another folder", "Lens/A.md", "Inbox", "Other/Inbox.md"],
    ["…case-insensitively, .md optional", "Lens/A.md", "inbox.MD", "Other/Inbox.md"],
    ["…a path suffix too", "Lens/A.md", "Sub/Item", "Other/Sub/Item.md"],
    ["…a non-markdown entry too", "Other/Inbox.md", "image.png", "Lens/img/image.png"],
    [
      "a match in the source's folder wins over a shorter one elsewhere",
      "Lens/A.md",
      "Local",
      "Lens/Other/Local.md",
    ],
    ["…however deep", "Lens/A.md", "Deep", "Lens/a/b/Deep.md"],
    ["other folders: the shortest in-folder path", "Other/Inbox.md", "Deep", "Gamma/Deep.md"],
    [
      "…not the shortest user path (folder names do not count)",
      "Lens/A.md",
      "Solo",
      "Zeta archive/Solo.md",
    ],
    ["…then the folder name", "Lens/A.md", "Shared", "Gamma/Shared.md"],
    ["…then the lexically first path", "Lens/A.md", "Lexi", "Gamma/a/Lexi.md"],
    [
      "…with no preference for the source's directory name",
      "Lens/Notes/Src.md",
      "Far",
      "Gamma/Far.md",
    ],
    [
      "a first segment naming a folder never falls back to other folders",
      "Lens/A.md",
      "Other/Item",
      undefined,
    ],
    ["…nor one naming the source's own folder", "Lens/A.md", "Lens/Inbox", undefined],
    ["…nor a leading /", "Lens/A.md", "/Inbox", undefined],
    ["…nor ./", "Lens/A.md", "./Inbox", undefined],
    [
      "basename matches in the other folder, from there",
      "Other/Inbox.md",
      "Item",
      "Other/Sub/Item.md",
    ],
    ["a leading / is exact from the folder root", "Lens/A.md", "/a/b/Deep", "Lens/a/b/Deep.md"],
    ["…with no basename fallback", "Lens/A.md", "/Deep", undefined],
    ["a missing note is unresolved", "Lens/A.md", "Nope", undefined],
    ["the target is NFC-normalised", "Lens/A.md", "Cafe\u0301", "Lens/Café.md"],
    ["surrounding spaces are ignored", "Lens/A.md", "  Deep ", "Lens/a/b/Deep.md"],
    [
      "an empty target ([[#Heading]]) is the source itself",
      "Lens/Notes/Src.md",
      "",
      "Lens/Notes/Src.md",
    ],
    ["a note may link to itself by name", "Lens/Notes/Src.md", "Src", "Lens/Notes/Src.md"],
  ])("%s: %s → [[%s]]", (_rule, from, target, expected) => {
    expect(resolve(from, target)).toBe(expected);
  });
});

describe("joinRelative", () => {
  it.each([
    ["Lens/Notes/A.md", "./T", "Lens/Notes/T"],
    ["Lens/Notes/A.md", "../T", "Lens/T"],
    ["Lens/Notes/A.md", ".././/x/./T", "Lens/x/T"],
    ["Lens/A.md", "../Other/T", "Other/T"],
    ["Lens/A.md", "../../T", undefined],
  ])("%s + %s → %s", (source, link, expected) => {
    expect(joinRelative(source, link)).toBe(expected);
  });
});

describe("LinkResolver: remembered answers", () => {
  // While memoizing (a rebuild resolves every link of every note), an answer is kept per
  // folder and link, or per folder, directory and link when the source's directory matters:
  // every answer equals a fresh resolution, in any order of asking.
  it("answer as a fresh resolution does, for every source and link, in any order", () => {
    const sources = [...ws.paths.entries()].filter((l) => l.meta.type === "markdown");
    const links = [
      "T",
      "t",
      "Notes/T",
      "./T",
      "../T",
      "../x/T",
      "./Src",
      "Dup",
      "Twin",
      "Lex",
      "Plan",
      "Projects/Plan",
      "Other/Inbox",
      "Other/Local",
      "Local",
      "Shared",
      "Solo",
      "Far",
      "/T",
      "Deep",
      "a/b/Deep",
      "Missing",
      "Inbox",
      "Item",
      "Sub/Item",
      "Case",
      "CASE",
      "image.png",
      "img",
      "Café",
      "",
      "#H",
      "v1.2 notes",
    ];
    const fresh = new LinkResolver(ws);
    const expected = new Map<string, string | undefined>();
    for (const s of sources)
      for (const l of links) expected.set(`${s.path}|${l}`, fresh.resolve(l, s)?.path);
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.nat(sources.length - 1), fc.nat(links.length - 1)), {
          minLength: 1,
          maxLength: 200,
        }),
        (asks) => {
          const r = new LinkResolver(ws);
          r.memoize(true);
          for (const [si, li] of asks) {
            const s = sources[si]!;
            const l = links[li]!;
            expect(r.resolve(l, s)?.path).toBe(expected.get(`${s.path}|${l}`));
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe("LinkResolver: a name many entries share", () => {
  it("finds the folder's own matches among dozens, and follows entry changes", () => {
    const lens: Record<string, string> = { "/Src.md": "", "/d3/Src.md": "" };
    const other: Record<string, string> = {};
    for (let i = 0; i < 30; i++) {
      lens[`/d${i}/Overview.md`] = "";
      other[`/e${i}/Overview.md`] = "";
    }
    other["/Only.md"] = "";
    const t = buildWorkspace({ Lens: lens, Other: other });
    const r = new LinkResolver(t.ws);
    t.ws.on((e) => {
      if (e.type === "entries") r.applyEntries(e.changes);
    });
    const at = (path: string) => t.ws.paths.get(path)!;
    // The source's own directory first, else the shortest path, then lexical order.
    expect(r.resolve("Overview", at("Lens/d3/Src.md"))?.path).toBe("Lens/d3/Overview.md");
    expect(r.resolve("Overview", at("Lens/Src.md"))?.path).toBe("Lens/d0/Overview.md");
    // Only the other folder has it: the fallback.
    expect(r.resolve("Only", at("Lens/Src.md"))?.path).toBe("Other/Only.md");
    deleteEntry(t.folders.get("Lens")!.doc, "/d0/Overview.md");
    expect(r.resolve("Overview", at("Lens/Src.md"))?.path).toBe("Lens/d1/Overview.md");
    for (let i = 1; i < 30; i++) deleteEntry(t.folders.get("Lens")!.doc, `/d${i}/Overview.md`);
    expect(r.resolve("Overview", at("Lens/Src.md"))?.path).toBe("Other/e0/Overview.md");
  });
});
