// One document's markdown, generated from its plan with a PRNG of its own (so documents can be
// generated in any order): frontmatter, headings, paragraphs, lists, task lists, quotes, tables,
// code blocks (some holding `[[fake links]]` and CriticMarkup-looking text), wikilinks,
// pending suggestions, block ids, non-ASCII and astral text, CRLF line endings.
import { mixSeed, Random } from "../random/random.js";
import { type GeneratedLink, type LinkForm, makeLink, pickProseForm } from "./links.js";
import { CRITIC_FORMS, type CriticForm, makeMark } from "./marks.js";
import type { CorpusPlan, DocPlan } from "./plan.js";
import { CODE_LANGS, FOREIGN, MIXED_CASE, TODO_WORDS, UNITS, WORDS } from "./vocabulary.js";

/** What one document holds, counted while it is written. */
export interface DocStats {
  chars: number;
  links: Partial<Record<LinkForm, number>>;
  unresolvedLinks: number;
  ambiguousLinks: number;
  marks: Partial<Record<CriticForm, number>>;
  marksWithMeta: number;
  /** `[[…]]` written inside code (fenced or inline): text, not links. */
  fakeLinksInCode: number;
  /** CriticMarkup-looking text inside code: text, not marks. */
  fakeMarksInCode: number;
}

export interface GeneratedDoc {
  plan: DocPlan;
  text: string;
  stats: DocStats;
}

interface ProseLine {
  prefix: string;
  sentences: string[];
}

type Block =
  | { kind: "raw"; text: string }
  | { kind: "prose"; paragraph: boolean; lines: ProseLine[] }
  | { kind: "table"; rows: string[][] }
  | { kind: "frontmatter"; lines: string[]; related?: string };

export function generateDocument(plan: CorpusPlan, doc: DocPlan): GeneratedDoc {
  const stats: DocStats = {
    chars: 0,
    links: {},
    unresolvedLinks: 0,
    ambiguousLinks: 0,
    marks: {},
    marksWithMeta: 0,
    fakeLinksInCode: 0,
    fakeMarksInCode: 0,
  };
  if (doc.empty) return { plan: doc, text: "", stats };
  const rng = new Random(mixSeed(plan.options.seed, 0xd0c, doc.index));
  const w = new DocWriter(rng, stats);
  const blocks = w.blocks(doc);
  placeLinks(rng, plan, doc, blocks, stats);
  placeBlockIds(rng, doc, blocks);
  if (doc.suggestions) placeMarks(rng, doc, blocks, stats);

  let text = blocks.map(render).join("\n\n");
  text = doc.finalNewline ? `${text}\n` : text;
  if (doc.crlf) text = text.replace(/\n/g, "\r\n");
  stats.chars = text.length;
  return { plan: doc, text, stats };
}

const BLOCK_KINDS = {
  paragraph: 55,
  list: 14,
  tasks: 8,
  numbered: 4,
  quote: 4,
  code: 6,
  table: 5,
  rule: 1,
} as const;

/** Average length of a link with its lead-in phrase, to aim the density at the final text. */
const LINK_CHARS = 40;

function render(block: Block): string {
  switch (block.kind) {
    case "raw":
      return block.text;
    case "prose":
      return block.lines.map((l) => `${l.prefix}${l.sentences.join(" ")}`).join("\n");
    case "table":
      return block.rows
        .map((r, i) => {
          const row = `| ${r.join(" | ")} |`;
          return i === 0 ? `${row}\n|${r.map(() => " --- ").join("|")}|` : row;
        })
        .join("\n");
    case "frontmatter": {
      const lines = [...block.lines];
      if (block.related) lines.push(`related: ${block.related}`);
      return `---\n${lines.join("\n")}\n---`;
    }
  }
}

function capitalize(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

class DocWriter {
  private size = 0;
  constructor(
    private readonly rng: Random,
    private readonly stats: DocStats,
  ) {}

  blocks(doc: DocPlan): Block[] {
    const out: Block[] = [];
    const add = (b: Block) => {
      out.push(b);
      this.size += render(b).length + 2;
    };
    if (doc.frontmatter) add(this.frontmatter(doc));
    add({ kind: "raw", text: `# ${doc.name}` });
    const sections = doc.headings.length;
    doc.headings.forEach((heading, i) => {
      add({ kind: "raw", text: `${this.rng.chance(0.2) && i > 0 ? "###" : "##"} ${heading}` });
      const sectionEnd = this.size + (doc.targetBytes - this.size) / (sections - i);
      do add(this.block());
      while (this.size < sectionEnd);
    });
    add({
      kind: "prose",
      paragraph: true,
      lines: [{ prefix: "", sentences: [`Ref: ${doc.ref}.`] }],
    });
    return out;
  }

  private frontmatter(doc: DocPlan): Block {
    const r = this.rng;
    const lines = [
      `title: "${doc.name}"`,
      `tags: [${[r.pick(WORDS), r.pick(WORDS)].map((t) => t.toLowerCase()).join(", ")}]`,
      `created: ${new Date(doc.createdAt).toISOString().slice(0, 10)}`,
    ];
    if (r.chance(0.5)) lines.push("aliases:", `  - ${r.pick(WORDS)} ${r.pick(WORDS)}`);
    if (r.chance(0.3)) lines.push(`mis_à_jour: ${new Date(doc.mtime).toISOString().slice(0, 10)}`);
    return { kind: "frontmatter", lines };
  }

  private block(): Block {
    const r = this.rng;
    const kind = r.weighted(BLOCK_KINDS);
    switch (kind) {
      case "paragraph":
        return {
          kind: "prose",
          paragraph: true,
          lines: [{ prefix: "", sentences: this.sentences(2, 6) }],
        };
      case "list":
      case "tasks":
      case "numbered":
      case "quote": {
        const n = r.int(2, 6);
        const lines: ProseLine[] = [];
        for (let i = 0; i < n; i++) {
          const prefix =
            kind === "list"
              ? `${r.chance(0.15) && i > 0 ? "  " : ""}- `
              : kind === "tasks"
                ? `- [${r.chance(0.4) ? "x" : " "}] `
                : kind === "numbered"
                  ? `${i + 1}. `
                  : "> ";
          lines.push({ prefix, sentences: this.sentences(1, 2) });
        }
        return { kind: "prose", paragraph: false, lines };
      }
      case "code":
        return { kind: "raw", text: this.code() };
      case "table":
        return this.table();
      case "rule":
        return { kind: "raw", text: "---" };
    }
  }

  private code(): string {
    const r = this.rng;
    const lang = r.pick(CODE_LANGS);
    const lines: string[] = [];
    const n = r.int(2, 8);
    for (let i = 0; i < n; i++) {
      switch (lang) {
        case "ts":
          lines.push(
            r.chance(0.2)
              ? `// ${r.pick(TODO_WORDS)}: ${r.pick(WORDS)} ${r.pick(WORDS)}`
              : `const ${r.pick(["retry", "delay", "limit", "count"])}${i} = await ${r.pick(["sync", "search", "load"])}(${r.int(1, 999)});`,
          );
          break;
        case "sh":
          lines.push(
            `pnpm ${r.pick(["lens serve --port 3917", "test", "bench --quick", "build"])}`,
          );
          break;
        case "sql":
          lines.push(
            `SELECT id, title FROM notes WHERE body MATCH '${r.pick(WORDS)}' LIMIT ${r.int(5, 50)};`,
          );
          break;
        case "json":
          lines.push(`{"${r.pick(WORDS)}": ${r.int(0, 5000)}, "timeout": "${r.int(10, 999)}ms"}`);
          break;
        default:
          lines.push(`${r.pick(WORDS)} --> ${r.pick(WORDS)} --> ${r.pick(WORDS)}`);
      }
    }
    if (lang === "markdown" || r.chance(0.2)) {
      lines.push(
        `See [[${capitalize(r.pick(WORDS))} note]] and {++not a mark++} or {>>not a comment<<}.`,
      );
      this.stats.fakeLinksInCode++;
      this.stats.fakeMarksInCode += 2;
    }
    return `\`\`\`${lang}\n${lines.join("\n")}\n\`\`\``;
  }

  private table(): Block {
    const r = this.rng;
    const rows: string[][] = [["Item", "Link", "Notes"]];
    const n = r.int(2, 5);
    for (let i = 0; i < n; i++) {
      rows.push([
        capitalize(r.pick(WORDS)),
        r.chance(0.5) ? `${r.int(10, 999)}${r.pick(UNITS)}` : r.pick(WORDS),
        `${r.pick(WORDS)} ${r.pick(WORDS)}`,
      ]);
    }
    return { kind: "table", rows };
  }

  private sentences(min: number, max: number): string[] {
    const n = this.rng.int(min, max);
    return Array.from({ length: n }, () => this.sentence());
  }

  private sentence(): string {
    const r = this.rng;
    const n = r.int(6, 16);
    const words: string[] = [];
    for (let i = 0; i < n; i++) {
      const x = r.next();
      if (x < 0.015) words.push(r.pick(FOREIGN));
      else if (x < 0.03) words.push(`${r.int(2, 999)}${r.pick(UNITS)}`);
      else if (x < 0.036) words.push(r.pick(MIXED_CASE));
      else if (x < 0.038) words.push(`${r.pick(TODO_WORDS)}:`);
      else if (x < 0.04) words.push(this.inlineCode());
      else words.push(r.pick(WORDS));
    }
    if (words[0]) words[0] = capitalize(words[0]);
    return `${words.join(" ")}${r.pick([".", ".", ".", "?", "!"])}`;
  }

  private inlineCode(): string {
    const r = this.rng;
    const x = r.next();
    if (x < 0.4) {
      this.stats.fakeLinksInCode++;
      return "`[[Note]]`";
    }
    if (x < 0.6) {
      this.stats.fakeMarksInCode++;
      return "`{--old--}`";
    }
    return `\`${r.pick(["pnpm test", "git pull", "--port", "Y.Text", "data.ysweet"])}\``;
  }
}

/** Every prose sentence as [block, line, sentence] coordinates. */
function proseSlots(blocks: Block[], paragraphsOnly = false): [number, number, number][] {
  const slots: [number, number, number][] = [];
  blocks.forEach((b, bi) => {
    if (b.kind !== "prose" || (paragraphsOnly && !b.paragraph)) return;
    b.lines.forEach((l, li) => {
      l.sentences.forEach((s, si) => {
        if (!s.startsWith("Ref: ")) slots.push([bi, li, si]);
      });
    });
  });
  return slots;
}

function appendToSentence(
  blocks: Block[],
  [bi, li, si]: [number, number, number],
  extra: string,
): void {
  const block = blocks[bi];
  if (block?.kind !== "prose") return;
  const line = block.lines[li]!;
  const s = line.sentences[si]!;
  // Before the final punctuation: "… see [[Link]]."
  const end = /[.?!]$/.test(s) ? s.length - 1 : s.length;
  line.sentences[si] = `${s.slice(0, end)} ${extra}${s.slice(end)}`;
}

function placeLinks(
  rng: Random,
  plan: CorpusPlan,
  doc: DocPlan,
  blocks: Block[],
  stats: DocStats,
): void {
  const size = blocks.reduce((n, b) => n + render(b).length + 2, 0);
  // Links lengthen the text they are counted against: aim at the final length.
  const density = plan.options.linkDensity;
  const expected = (density * size) / Math.max(1, 1000 - density * LINK_CHARS);
  let budget = Math.floor(expected + rng.next());
  const count = (link: GeneratedLink) => {
    stats.links[link.form] = (stats.links[link.form] ?? 0) + 1;
    if (link.unresolved) stats.unresolvedLinks++;
    if (link.ambiguous) stats.ambiguousLinks++;
  };
  const unresolved = () => rng.chance(plan.options.unresolvedShare);
  for (const b of blocks) {
    if (budget <= 0) break;
    if (b.kind === "frontmatter" && rng.chance(0.7)) {
      const link = makeLink(rng, plan, doc, "frontmatter", false);
      b.related = link.text;
      count(link);
      budget--;
    } else if (b.kind === "table" && rng.chance(0.7)) {
      const link = makeLink(rng, plan, doc, "tablePipe", unresolved());
      const row = b.rows[rng.int(1, b.rows.length - 1)]!;
      row[1] = link.text;
      count(link);
      budget--;
    }
  }
  const slots = proseSlots(blocks);
  for (; budget > 0 && slots.length > 0; budget--) {
    const form = pickProseForm(rng);
    const link = makeLink(rng, plan, doc, form, form !== "self" && unresolved());
    const phrase = rng.pick(["see", "as in", "from", "cf.", "with"]);
    appendToSentence(blocks, rng.pick(slots), `${phrase} ${link.text}`);
    count(link);
  }
}

function placeBlockIds(rng: Random, doc: DocPlan, blocks: Block[]): void {
  const paragraphs = blocks
    .map((b, i) => [b, i] as const)
    .filter(
      ([b]) => b.kind === "prose" && b.paragraph && !b.lines[0]!.sentences[0]!.startsWith("Ref:"),
    )
    .map(([, i]) => i);
  rng.shuffle(paragraphs);
  doc.blocks.forEach((id, k) => {
    const bi = paragraphs[k];
    const block = bi === undefined ? undefined : blocks[bi];
    if (block?.kind !== "prose") return;
    const line = block.lines[block.lines.length - 1]!;
    line.sentences.push(`^${id}`);
  });
}

function placeMarks(rng: Random, doc: DocPlan, blocks: Block[], stats: DocStats): void {
  const slots = proseSlots(blocks).filter(([bi, li, si]) => {
    const b = blocks[bi];
    return b?.kind === "prose" && !b.lines[li]!.sentences[si]!.startsWith("^");
  });
  const n = rng.int(1, 4);
  for (let j = 0; j < n && slots.length > 0; j++) {
    const form = CRITIC_FORMS[(doc.index + j) % CRITIC_FORMS.length]!;
    const mark = makeMark(rng, form, rng.chance(0.4));
    let text = mark.text;
    stats.marks[form] = (stats.marks[form] ?? 0) + 1;
    if (mark.meta) stats.marksWithMeta++;
    if (form === "highlight" && rng.chance(0.3)) {
      text += makeMark(rng, "comment", false).text;
      stats.marks.comment = (stats.marks.comment ?? 0) + 1;
    }
    appendToSentence(blocks, rng.pick(slots), text);
  }
}
