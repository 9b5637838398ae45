// The terms ranked search indexes of a note, BM25F-like: the stems of each field, repeated as
// many times as the field weighs, all in one MiniSearch field. One field means a term's document
// frequency counts notes wherever the term is (so "note", in every help page, weighs little even
// in the one title holding it), and a word of the title counts as FIELD_BOOST.title words of the
// body before BM25 saturates them together.
import type { NoteFields } from "./fields.js";
import { STOPWORDS } from "./stopwords.js";
import { eachTerm } from "./terms.js";

/** How many times a term of each field is counted: the name and aliases most, then tags, headings. */
export const FIELD_BOOST = { title: 5, tags: 3, headings: 2, properties: 1, body: 1 } as const;

/** The stems of `text` (stopwords left out), each `times` times, appended to `out`. */
function add(out: string[], text: string, times: number, stemOf: (term: string) => string): void {
  eachTerm(text, (t) => {
    if (STOPWORDS.has(t)) return;
    const s = stemOf(t);
    for (let i = 0; i < times; i++) out.push(s);
  });
}

/** The note's indexed terms, in field order (title, aliases, tags, headings, properties, body). */
export function weightedTerms(f: NoteFields, stemOf: (term: string) => string): string[] {
  const out: string[] = [];
  add(out, f.title, FIELD_BOOST.title, stemOf);
  for (const alias of f.aliases) add(out, alias, FIELD_BOOST.title, stemOf);
  for (const tag of f.tags) add(out, tag, FIELD_BOOST.tags, stemOf);
  add(out, f.headings, FIELD_BOOST.headings, stemOf);
  add(out, f.properties, FIELD_BOOST.properties, stemOf);
  add(out, f.body, FIELD_BOOST.body, stemOf);
  return out;
}
