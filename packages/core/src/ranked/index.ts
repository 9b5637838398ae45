// Public API of ranked/: ranked full-text search (MiniSearch) over the notes' AI view.
export { parseQuery, type RankedQuery } from "./query.js";
export { FIELD_BOOST, RankedIndex, type RankedStats, rankedIndexOf } from "./rankedIndex.js";
export {
  RANKED_MAX_WORDS,
  type RankedHit,
  type RankedOptions,
  type RankedResult,
  rankedSearch,
} from "./search.js";
export { markedText, type Snippet, snippetsOf } from "./snippets.js";
export { fold, terms } from "./terms.js";
