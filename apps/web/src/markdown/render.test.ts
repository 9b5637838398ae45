import { describe, expect, it } from "vitest";
import { renderMarkdown } from "./render.js";
import { linkResolver } from "./resolveLink.js";
import { slotText } from "./slots.js";
import { elements, listed, textOf } from "./testSupport.js";
import { slotsIn } from "./tree.js";

const PATHS = ["Team/Plans.md", "Team/Notes/Ideas.md", "Research/Paper.md"];
const resolve = linkResolver(PATHS);
const META = '{"author":"Claude","time":1700000000,"timestamp":1700000000000}@@';

function render(raw: string, path = "Team/Plans.md") {
  const slotted = slotText(raw, listed(path, raw));
  const doc = renderMarkdown(slotted.source, { path, marker: slotted.marker, resolve });
  return { slotted, doc, all: [...(doc.frontmatter ?? []), ...doc.body] };
}

const SAFE_TAGS = new Set([
  "p",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "blockquote",
  "ul",
  "ol",
  "li",
  "pre",
  "code",
  "em",
  "strong",
  "s",
  "a",
  "hr",
  "br",
  "table",
  "thead",
  "tbody",
  "tr",
  "th",
  "td",
  "span",
]);

describe("suggestions placed in the rendered document", () => {
  it("puts each suggestion where it stands, with its author and time from the listing", () => {
    const raw = `# Plans\n\nPlan {--${META}A--}{++${META}Alpha++}: ship {++it++} now.\n`;
    const { slotted, doc } = render(raw);
    expect(slotted.missing).toEqual([]);
    expect(
      slotted.slots.map((s) => s.kind === "suggestion" && [s.suggestion.old, s.suggestion.new]),
    ).toEqual([
      ["A", "Alpha"],
      ["", "it"],
    ]);
    const first = slotted.slots[0]!;
    expect(first.kind === "suggestion" && first.suggestion.author).toBe("Claude");
    expect(textOf(doc.body)).toBe("PlansPlan [slot 0]: ship [slot 1] now.");
    expect(elements(doc.body).map((e) => e.tag)).toEqual(["h1", "p"]);
  });

  it("keeps markup around a suggestion: a suggestion inside bold text stays inside it", () => {
    const { doc } = render("Some **very {~~good~>great~~}** news.\n");
    const strong = elements(doc.body).find((e) => e.tag === "strong")!;
    expect(textOf(strong.children)).toBe("very [slot 0]");
  });

  it("shows comments and highlights as their own slots, not as text", () => {
    const { slotted, doc } = render("A {==key==}{>>check this<<} point.\n");
    expect(slotted.slots).toEqual([
      { kind: "highlight", text: "key" },
      { kind: "comment", text: "check this" },
    ]);
    expect(textOf(doc.body)).toBe("A [slot 0][slot 1] point.");
  });

  it("leaves mark-like text in code alone (core's parser decides what is a mark)", () => {
    const { slotted, doc } = render("Use `{++x++}` literally.\n");
    expect(slotted.slots).toEqual([]);
    expect(textOf(doc.body)).toBe("Use {++x++} literally.");
  });

  it("reports listed suggestions the text does not hold (it changed in between)", () => {
    const before = "One {++two++}.\n";
    const slotted = slotText("One two.\n", listed("Team/Plans.md", before));
    expect(slotted.missing.map((s) => s.new)).toEqual(["two"]);
    expect(slotted.slots).toEqual([]);
  });

  it("chooses a placeholder character the text does not contain", () => {
    const raw = "Icons \uE000 and \uE0010\uE001 in text {++new++}.\n";
    const { slotted, doc } = render(raw);
    expect(slotted.marker).toBe("\uE002");
    expect(textOf(doc.body)).toBe("Icons \uE000 and \uE0010\uE001 in text [slot 0].");
  });

  it("moves frontmatter apart, suggestions in it included", () => {
    const { doc } = render("---\ntags: [a{++, b++}]\n---\n# Title\n");
    expect(textOf(doc.frontmatter ?? [])).toBe("tags: [a[slot 0]]\n");
    expect(elements(doc.body).map((e) => e.tag)).toEqual(["h1"]);
  });
});

describe("hostile text stays text", () => {
  it("HTML in the document is text, never an element", () => {
    const { doc } = render('<script>alert(1)</script>\n\n<img src=x onerror="alert(2)"> hi\n');
    for (const e of elements(doc.body)) expect(SAFE_TAGS.has(e.tag)).toBe(true);
    expect(textOf(doc.body)).toContain("<script>alert(1)</script>");
    expect(textOf(doc.body)).toContain('<img src=x onerror="alert(2)">');
    for (const e of elements(doc.body)) expect(Object.keys(e.attrs)).not.toContain("onerror");
  });

  it("HTML in a suggestion is the suggestion's text, in its slot", () => {
    const raw = "Text {++<script>alert(1)</script>++} and {--<b onclick=x>old</b>--}.\n";
    const { slotted, doc } = render(raw);
    expect(
      slotted.slots.map((s) => s.kind === "suggestion" && s.suggestion.new + s.suggestion.old),
    ).toEqual(["<script>alert(1)</script>", "<b onclick=x>old</b>"]);
    expect(elements(doc.body).map((e) => e.tag)).toEqual(["p"]);
  });

  it("javascript:, data: and other schemes are never links; the web and notes are", () => {
    const raw = [
      "[a](javascript:alert(1)) [b](JaVaScRiPt:alert(1)) [c](data:text/html,<b>x</b>)",
      "[d](vbscript:x) [e](//evil.example/x) [f](#top)",
      "[g](https://example.com/p?q=1) [h](mailto:a@example.com) [i](Notes/Ideas.md)",
      "[[javascript:alert(1)]] [[Ideas]] [[Paper|the paper]] [[Missing]]",
    ].join("\n");
    const { doc } = render(`${raw}\n`);
    const links = elements(doc.body).filter((e) => e.tag === "a");
    expect(links.map((a) => [textOf(a.children), a.attrs.href])).toEqual([
      ["g", "https://example.com/p?q=1"],
      ["h", "mailto:a@example.com"],
      ["i", "#/doc/Team/Notes/Ideas.md"],
      ["Ideas", "#/doc/Team/Notes/Ideas.md"],
      ["the paper", "#/doc/Research/Paper.md"],
    ]);
    const external = links[0]!;
    expect(external.attrs).toMatchObject({ target: "_blank", rel: "noopener noreferrer" });
    const unresolved = elements(doc.body).filter((e) => e.attrs.class?.includes("unresolved"));
    expect(unresolved.map((e) => textOf(e.children))).toEqual([
      "e",
      "f",
      "javascript:alert(1)",
      "Missing",
    ]);
    // markdown-it itself refuses the dangerous schemes: those stay the literal text.
    expect(textOf(doc.body)).toContain("[a](javascript:alert(1))");
    expect(textOf(doc.body)).toContain("[d](vbscript:x)");
  });

  it("images are shown as their text, never loaded", () => {
    const { doc } = render("![a cat](https://tracker.example/pixel.png)\n");
    expect(elements(doc.body).some((e) => e.tag === "img")).toBe(false);
    expect(textOf(doc.body)).toBe("[image: a cat]");
  });

  it("a suggestion inside a link address is not put into the address", () => {
    const raw = "[site](https://example.com/{++new++}) here\n";
    const { all, slotted } = render(raw);
    expect(slotted.slots).toHaveLength(1);
    // Neither the old address nor the new one: shown as text, not a link.
    expect(elements(all).filter((e) => e.tag === "a")).toEqual([]);
    expect(textOf(all)).toBe("site here");
    // Not shown in the text: the document view lists it below instead.
    expect(slotsIn(all)).toEqual([]);
  });

  it("a suggestion in a link's host is listed below, never rendered as an xn-- host (issue 28)", () => {
    for (const raw of [
      "[site](https://{++new++}.example.com/) here\n",
      "[site](https://ex{~~amp~>emp~~}le.com/path) here\n",
    ]) {
      const { all, slotted } = render(raw);
      expect(slotted.slots, raw).toHaveLength(1);
      const hrefs = elements(all).flatMap((e) => (e.tag === "a" ? [e.attrs.href ?? ""] : []));
      for (const href of hrefs) expect(href, raw).not.toMatch(/xn--/);
      expect(textOf(all), raw).not.toMatch(/xn--/);
      // Not placed in the text: the document view lists it below instead.
      expect(slotsIn(all), raw).toEqual([]);
    }
    // An autolink's address is its text too: the suggestion shows there, the host stays.
    const { all } = render("<https://{++new++}.example.com/>\n");
    expect(JSON.stringify(all)).not.toMatch(/xn--/);
  });

  it("table alignment becomes a class, never a style attribute", () => {
    const { doc } = render("| a | b |\n|:-:|--:|\n| 1 | 2 |\n");
    const cells = elements(doc.body).filter((e) => e.tag === "th" || e.tag === "td");
    expect(cells.map((c) => c.attrs.class)).toEqual([
      "align-center",
      "align-right",
      "align-center",
      "align-right",
    ]);
    for (const e of elements(doc.body)) expect(e.attrs).not.toHaveProperty("style");
  });
});
