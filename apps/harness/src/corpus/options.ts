// What a corpus is asked to look like: size, layout and the shares of each edge case, with
// defaults tuned so 10 000 documents make about 50 MB.

export interface CorpusOptions {
  /** Seed of every random choice: same options → same bytes. */
  seed: number;
  /** Number of markdown documents. */
  docs: number;
  /** Number of shared folders (Relay folder docs). */
  folders: number;
  /** Mean UTF-8 size of a document in bytes (sizes vary widely around it). Default 5 000. */
  meanDocBytes?: number;
  /** Wikilinks per 1 000 characters of text (frontmatter and tables included). Default 1.6. */
  linkDensity?: number;
  /** Share of links whose target does not exist. Default 0.05. */
  unresolvedShare?: number;
  /** Share of documents with CRLF line endings. Default 0.05. */
  crlfShare?: number;
  /** Share of documents with pending CriticMarkup. Default 0.1. */
  suggestionShare?: number;
  /** Share of documents with YAML frontmatter. Default 0.3. */
  frontmatterShare?: number;
  /** Share of documents that are empty (0 bytes). Default 0.005. */
  emptyShare?: number;
  /** Share of documents named with a shared basename (Overview, Index…). Default 0.03. */
  commonNameShare?: number;
}

export type ResolvedCorpusOptions = Required<CorpusOptions>;

export const CORPUS_DEFAULTS = {
  meanDocBytes: 5_000,
  linkDensity: 1.6,
  unresolvedShare: 0.05,
  crlfShare: 0.05,
  suggestionShare: 0.1,
  frontmatterShare: 0.3,
  emptyShare: 0.005,
  commonNameShare: 0.03,
} as const;

/** Fills defaults and checks ranges; throws a RangeError naming the bad option. */
export function resolveCorpusOptions(options: CorpusOptions): ResolvedCorpusOptions {
  const o: ResolvedCorpusOptions = { ...CORPUS_DEFAULTS, ...options };
  const int = (name: keyof CorpusOptions, min: number) => {
    const v = o[name];
    if (!Number.isInteger(v) || v < min)
      throw new RangeError(`${name} must be an integer ≥ ${min}, got ${v}`);
  };
  const share = (name: keyof CorpusOptions) => {
    const v = o[name];
    if (!(v >= 0 && v <= 1)) throw new RangeError(`${name} must be between 0 and 1, got ${v}`);
  };
  int("seed", 0);
  int("docs", 0);
  int("folders", 1);
  if (!(o.meanDocBytes >= 100))
    throw new RangeError(`meanDocBytes must be ≥ 100, got ${o.meanDocBytes}`);
  if (!(o.linkDensity >= 0)) throw new RangeError(`linkDensity must be ≥ 0, got ${o.linkDensity}`);
  for (const name of [
    "unresolvedShare",
    "crlfShare",
    "suggestionShare",
    "frontmatterShare",
    "emptyShare",
    "commonNameShare",
  ] as const) {
    share(name);
  }
  return o;
}
