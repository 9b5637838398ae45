// The corpus plan: folders, their directory trees and every document's name, size and traits,
// decided up front from the seed so each document's text can then be generated on its own
// (and link to headings and blocks of any other document).
import { mixSeed, Random } from "../random/random.js";
import { type CorpusOptions, type ResolvedCorpusOptions, resolveCorpusOptions } from "./options.js";
import {
  COMMON_BASENAMES,
  DIR_NAMES,
  FOLDER_NAMES,
  HEADING_WORDS,
  TITLE_WORDS,
  WORDS,
} from "./vocabulary.js";

export interface FolderPlan {
  index: number;
  /** Display name (folder_config.name), unique. */
  name: string;
  /** Folder uuid: the folder doc id is `{relayId}-{uuid}`. */
  uuid: string;
  /** In-folder directory paths ("Projects", "Projects/Sync"), parents before children. */
  dirs: string[];
}

export interface DocPlan {
  index: number;
  folder: number;
  /** Directory inside the folder ("" = folder root). */
  dir: string;
  /** File name without `.md`. */
  name: string;
  /** In-folder path with `.md`, no leading slash. */
  path: string;
  /** Entry uuid: the content doc id is `{relayId}-{id}`. */
  id: string;
  targetBytes: number;
  /** `##` headings, unique in the document. */
  headings: string[];
  /** Block ids (`^id`) placed at the end of paragraphs. */
  blocks: string[];
  empty: boolean;
  crlf: boolean;
  suggestions: boolean;
  frontmatter: boolean;
  finalNewline: boolean;
  /** A token unique in the corpus (`Ref: LNS-…`), for benchmarks that need a unique edit target. */
  ref: string;
  createdAt: number;
  mtime: number;
}

export interface CorpusPlan {
  options: ResolvedCorpusOptions;
  relayId: string;
  folders: FolderPlan[];
  docs: DocPlan[];
  /** `folder index \n lowercased basename` → indices of the documents with that basename. */
  basenames: Map<string, number[]>;
}

const DAY = 86_400_000;
/** Modification times fall in 2026, so they are stable across runs. */
const EPOCH = Date.UTC(2026, 0, 1);

export function basenameKey(folder: number, name: string): string {
  return `${folder}\n${name.toLowerCase()}`;
}

export function planCorpus(input: CorpusOptions): CorpusPlan {
  const options = resolveCorpusOptions(input);
  const rng = new Random(mixSeed(options.seed, 0x51a7));
  const relayId = rng.uuid();
  const folders = planFolders(rng, options);
  const docCounts = splitDocs(rng, options.docs, folders.length);
  for (const f of folders) f.dirs = planDirs(rng, docCounts[f.index]!);

  const n = options.docs;
  const empty = pickSet(rng, n, Math.round(options.emptyShare * n), () => true);
  const nonEmpty = (i: number) => !empty.has(i);
  const crlf = pickSet(rng, n, Math.round(options.crlfShare * n), nonEmpty);
  const suggestions = pickSet(rng, n, Math.round(options.suggestionShare * n), nonEmpty);
  const frontmatter = pickSet(rng, n, Math.round(options.frontmatterShare * n), nonEmpty);
  const common = pickSet(rng, n, Math.round(options.commonNameShare * n), () => true);

  const docs: DocPlan[] = [];
  const taken = new Set<string>(); // folder \n lowercased path
  const refs = new Set<string>();
  let index = 0;
  for (const folder of folders) {
    const dirs = ["", ...folder.dirs];
    for (let k = 0; k < docCounts[folder.index]!; k++, index++) {
      const dir = rng.pick(dirs);
      const name = uniqueName(rng, folder.index, dir, common.has(index), taken);
      const path = dir ? `${dir}/${name}.md` : `${name}.md`;
      let ref: string;
      do ref = `LNS-${rng.hex(8).toUpperCase()}`;
      while (refs.has(ref));
      refs.add(ref);
      const isEmpty = empty.has(index);
      const targetBytes = isEmpty ? 0 : docSize(rng, options.meanDocBytes);
      const createdAt = EPOCH + rng.int(0, 200 * DAY);
      docs.push({
        index,
        folder: folder.index,
        dir,
        name,
        path,
        id: rng.uuid(),
        targetBytes,
        headings: isEmpty ? [] : planHeadings(rng, targetBytes),
        blocks: isEmpty ? [] : Array.from({ length: rng.int(0, 2) }, () => `b${rng.hex(6)}`),
        empty: isEmpty,
        crlf: crlf.has(index),
        suggestions: suggestions.has(index),
        frontmatter: frontmatter.has(index),
        finalNewline: !rng.chance(0.1),
        ref,
        createdAt,
        mtime: createdAt + rng.int(0, 100 * DAY),
      });
    }
  }
  const basenames = new Map<string, number[]>();
  for (const d of docs) {
    const key = basenameKey(d.folder, d.name);
    const list = basenames.get(key);
    if (list) list.push(d.index);
    else basenames.set(key, [d.index]);
  }
  return { options, relayId, folders, docs, basenames };
}

function planFolders(rng: Random, options: ResolvedCorpusOptions): FolderPlan[] {
  const out: FolderPlan[] = [];
  for (let i = 0; i < options.folders; i++) {
    const base = FOLDER_NAMES[i % FOLDER_NAMES.length]!;
    const round = Math.floor(i / FOLDER_NAMES.length);
    out.push({
      index: i,
      name: round === 0 ? base : `${base} ${round + 1}`,
      uuid: rng.uuid(),
      dirs: [],
    });
  }
  return out;
}

/** Splits `total` documents over `n` folders with uneven random weights. */
function splitDocs(rng: Random, total: number, n: number): number[] {
  const weights = Array.from({ length: n }, () => 0.5 + rng.next());
  const sum = weights.reduce((a, b) => a + b, 0);
  const counts = weights.map((w) => Math.floor((total * w) / sum));
  let left = total - counts.reduce((a, b) => a + b, 0);
  for (let i = 0; left > 0; i = (i + 1) % n, left--) counts[i]!++;
  return counts;
}

/** A directory tree of about 0.8·√n directories, at most four levels deep. */
function planDirs(rng: Random, docs: number): string[] {
  const count = Math.round(Math.sqrt(docs) * 0.8);
  const dirs: string[] = [];
  const children = new Map<string, Set<string>>();
  for (let i = 0; i < count; i++) {
    const candidates = dirs.filter((d) => d.split("/").length < 4);
    const parent = candidates.length === 0 || rng.chance(0.4) ? "" : rng.pick(candidates);
    const siblings = children.get(parent) ?? new Set<string>();
    children.set(parent, siblings);
    let name = rng.pick(DIR_NAMES);
    for (let k = 2; siblings.has(name.toLowerCase()); k++) name = `${rng.pick(DIR_NAMES)} ${k}`;
    siblings.add(name.toLowerCase());
    dirs.push(parent ? `${parent}/${name}` : name);
  }
  return dirs;
}

/** `count` distinct indices in [0, n) satisfying `ok`, chosen at random. */
function pickSet(rng: Random, n: number, count: number, ok: (i: number) => boolean): Set<number> {
  const pool = rng.shuffle(Array.from({ length: n }, (_, i) => i).filter(ok));
  return new Set(pool.slice(0, Math.min(count, pool.length)));
}

/**
 * Written text overshoots its planned size (the last block of a section, the closing
 * reference, links and marks): plans aim this much lower so documents average the mean.
 */
const SIZE_OVERSHOOT = 1.12;

/** Log-normal sizes around the mean (σ = 0.8), from 200 bytes to 25× the mean. */
function docSize(rng: Random, mean: number): number {
  const sigma = 0.8;
  const mu = Math.log(mean / SIZE_OVERSHOOT) - (sigma * sigma) / 2;
  const size = Math.exp(mu + sigma * rng.normal());
  return Math.round(Math.min(25 * mean, Math.max(200, size)));
}

function capitalize(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

function freshName(rng: Random): string {
  const r = rng.next();
  if (r < 0.15) {
    const day = new Date(EPOCH + rng.int(0, 364) * DAY).toISOString().slice(0, 10);
    return rng.chance(0.5)
      ? day
      : `${day} ${rng.pick(["Standup", "Retro", "Sync", "Réunion", "1-1"])}`;
  }
  const words = [rng.pick(TITLE_WORDS)];
  const extra = rng.int(0, 2);
  for (let i = 0; i < extra; i++) words.push(rng.pick(WORDS).toLowerCase());
  let name = words.join(" ");
  if (rng.chance(0.01)) name += " 🚀";
  return capitalize(name);
}

/** A file name not yet used in that directory (case-insensitively). */
function uniqueName(
  rng: Random,
  folder: number,
  dir: string,
  common: boolean,
  taken: Set<string>,
): string {
  const key = (name: string) => `${folder}\n${dir}/${name}`.toLowerCase();
  let name = common ? rng.pick(COMMON_BASENAMES) : freshName(rng);
  if (taken.has(key(name))) {
    const base = name;
    for (let k = 2; taken.has(key(name)); k++) name = `${base} ${k}`;
  }
  taken.add(key(name));
  return name;
}

function planHeadings(rng: Random, bytes: number): string[] {
  const count = Math.max(1, Math.min(30, Math.round(bytes / 900)));
  const out: string[] = [];
  const seen = new Set<string>();
  for (let i = 0; i < count; i++) {
    let h = capitalize(rng.pick(HEADING_WORDS).toLowerCase());
    if (rng.chance(0.5)) h += ` ${rng.pick(WORDS).toLowerCase()}`;
    if (rng.chance(0.1)) h += ` (${rng.pick(["draft", "Q3", "v2", "coûts"])})`;
    let unique = h;
    for (let k = 2; seen.has(unique.toLowerCase()); k++) unique = `${h} ${k}`;
    seen.add(unique.toLowerCase());
    out.push(unique);
  }
  return out;
}
