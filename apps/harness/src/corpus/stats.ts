// Corpus statistics: the per-document counts of the generator summed up, for the manifest, the
// tests (shares and densities within bounds) and the benchmark report.
import type { GeneratedDoc } from "./document.js";
import { LINK_FORMS, type LinkForm } from "./links.js";
import { CRITIC_FORMS, type CriticForm } from "./marks.js";
import type { CorpusPlan } from "./plan.js";

export interface CorpusStats {
  docs: number;
  folders: number;
  dirs: number;
  /** UTF-8 bytes of every raw text. */
  bytes: number;
  /** UTF-16 code units of every raw text. */
  chars: number;
  minDocBytes: number;
  maxDocBytes: number;
  emptyDocs: number;
  crlfDocs: number;
  noFinalNewlineDocs: number;
  frontmatterDocs: number;
  suggestionDocs: number;
  links: number;
  /** Links per 1 000 characters of text. */
  linkDensity: number;
  linkForms: Record<LinkForm, number>;
  unresolvedLinks: number;
  ambiguousLinks: number;
  marks: Record<CriticForm, number>;
  marksWithMeta: number;
  fakeLinksInCode: number;
  fakeMarksInCode: number;
}

export class CorpusStatsBuilder {
  private readonly s: CorpusStats;

  constructor(plan: CorpusPlan) {
    this.s = {
      docs: 0,
      folders: plan.folders.length,
      dirs: plan.folders.reduce((n, f) => n + f.dirs.length, 0),
      bytes: 0,
      chars: 0,
      minDocBytes: Number.POSITIVE_INFINITY,
      maxDocBytes: 0,
      emptyDocs: 0,
      crlfDocs: 0,
      noFinalNewlineDocs: 0,
      frontmatterDocs: 0,
      suggestionDocs: 0,
      links: 0,
      linkDensity: 0,
      linkForms: Object.fromEntries(LINK_FORMS.map((f) => [f, 0])) as Record<LinkForm, number>,
      unresolvedLinks: 0,
      ambiguousLinks: 0,
      marks: Object.fromEntries(CRITIC_FORMS.map((f) => [f, 0])) as Record<CriticForm, number>,
      marksWithMeta: 0,
      fakeLinksInCode: 0,
      fakeMarksInCode: 0,
    };
  }

  add(doc: GeneratedDoc): void {
    const s = this.s;
    const bytes = Buffer.byteLength(doc.text, "utf8");
    s.docs++;
    s.bytes += bytes;
    s.chars += doc.text.length;
    s.minDocBytes = Math.min(s.minDocBytes, bytes);
    s.maxDocBytes = Math.max(s.maxDocBytes, bytes);
    if (doc.plan.empty) s.emptyDocs++;
    if (doc.plan.crlf) s.crlfDocs++;
    if (!doc.plan.empty && !doc.plan.finalNewline) s.noFinalNewlineDocs++;
    if (doc.plan.frontmatter) s.frontmatterDocs++;
    if (doc.plan.suggestions) s.suggestionDocs++;
    for (const [form, n] of Object.entries(doc.stats.links) as [LinkForm, number][]) {
      s.linkForms[form] += n;
      s.links += n;
    }
    s.unresolvedLinks += doc.stats.unresolvedLinks;
    s.ambiguousLinks += doc.stats.ambiguousLinks;
    for (const [form, n] of Object.entries(doc.stats.marks) as [CriticForm, number][])
      s.marks[form] += n;
    s.marksWithMeta += doc.stats.marksWithMeta;
    s.fakeLinksInCode += doc.stats.fakeLinksInCode;
    s.fakeMarksInCode += doc.stats.fakeMarksInCode;
  }

  result(): CorpusStats {
    const s = { ...this.s };
    if (s.docs === 0) s.minDocBytes = 0;
    s.linkDensity = s.chars === 0 ? 0 : Math.round((s.links / s.chars) * 1000 * 1000) / 1000;
    return s;
  }
}
