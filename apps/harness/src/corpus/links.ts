// Wikilinks of every SPEC §5 form, aimed at planned documents (their headings and blocks), at
// shared basenames (ambiguous) or at notes that do not exist (unresolved).
import type { Random } from "../random/random.js";
import { basenameKey, type CorpusPlan, type DocPlan } from "./plan.js";
import { MISSING_TITLES, WORDS } from "./vocabulary.js";

export const LINK_FORMS = [
  "plain",
  "alias",
  "heading",
  "block",
  "self",
  "embed",
  "folderPath",
  "mdSuffix",
  "relative",
  "crossFolder",
  "tablePipe",
  "frontmatter",
] as const;
export type LinkForm = (typeof LINK_FORMS)[number];

/** Forms placed in prose, with their weights; tablePipe and frontmatter have their own places. */
const PROSE_FORMS = {
  plain: 30,
  alias: 12,
  heading: 10,
  block: 4,
  self: 5,
  embed: 5,
  folderPath: 8,
  mdSuffix: 5,
  relative: 6,
  crossFolder: 6,
} as const satisfies Partial<Record<LinkForm, number>>;

export interface GeneratedLink {
  /** The link as written (`[[…]]` or `![[…]]`). */
  text: string;
  form: LinkForm;
  unresolved: boolean;
  /** Written as a bare basename that several documents of the folder share. */
  ambiguous: boolean;
}

export function pickProseForm(rng: Random): LinkForm {
  return rng.weighted(PROSE_FORMS);
}

/** Relative path from directory `from` to `to/name` (both in-folder), with `./` or `../`. */
export function relativeLink(from: string, to: string, name: string): string {
  const a = from ? from.split("/") : [];
  const b = to ? to.split("/") : [];
  let common = 0;
  while (common < a.length && common < b.length && a[common] === b[common]) common++;
  const ups = a.length - common;
  const rest = [...b.slice(common), name].join("/");
  return ups === 0 ? `./${rest}` : `${"../".repeat(ups)}${rest}`;
}

function alias(rng: Random): string {
  return `${rng.pick(WORDS)} ${rng.pick(WORDS)}`.toLowerCase();
}

/** A target for a link from `source`: usually in the same folder, sometimes a shared basename. */
function pickTarget(rng: Random, plan: CorpusPlan, source: DocPlan, sameFolder: boolean): DocPlan {
  for (let attempt = 0; attempt < 20; attempt++) {
    const t = rng.pick(plan.docs);
    if (t.index === source.index) continue;
    if (sameFolder !== (t.folder === source.folder)) continue;
    return t;
  }
  return plan.docs.find((t) => t.index !== source.index && t.folder === source.folder) ?? source;
}

const sharedCache = new WeakMap<CorpusPlan, number[][]>();

/** Per folder, the documents whose basename another document of the folder shares. */
function sharedNames(plan: CorpusPlan): number[][] {
  let cached = sharedCache.get(plan);
  if (!cached) {
    cached = plan.folders.map(() => []);
    for (const d of plan.docs)
      if (isAmbiguous(plan, d.folder, d.name)) cached[d.folder]!.push(d.index);
    sharedCache.set(plan, cached);
  }
  return cached;
}

/** Several documents of the source's folder are named like the target. */
function isAmbiguous(plan: CorpusPlan, folder: number, name: string): boolean {
  return (plan.basenames.get(basenameKey(folder, name))?.length ?? 0) > 1;
}

/**
 * A link of `form` written in `source`. With `unresolved`, the target is a note that does not
 * exist (the form's shape is kept where it makes sense).
 */
export function makeLink(
  rng: Random,
  plan: CorpusPlan,
  source: DocPlan,
  form: LinkForm,
  unresolved: boolean,
): GeneratedLink {
  if (form === "self" && source.headings.length > 0) {
    return { text: `[[#${rng.pick(source.headings)}]]`, form, unresolved: false, ambiguous: false };
  }
  if (unresolved) {
    const missing = rng.pick(MISSING_TITLES);
    const shaped =
      form === "alias" || form === "tablePipe"
        ? `${missing}${form === "tablePipe" ? "\\|" : "|"}${alias(rng)}`
        : form === "heading"
          ? `${missing}#Overview`
          : missing;
    const embed = form === "embed" ? "!" : "";
    // Forms that only differ by how the target is written become plain bare names here.
    const shape: LinkForm = ["alias", "tablePipe", "heading", "embed"].includes(form)
      ? form
      : "plain";
    return { text: `${embed}[[${shaped}]]`, form: shape, unresolved: true, ambiguous: false };
  }
  const crossFolder = form === "crossFolder" && plan.folders.length > 1;
  let target = pickTarget(rng, plan, source, !crossFolder);
  // Now and then aim a bare-name link at a shared basename on purpose.
  if ((form === "plain" || form === "alias") && rng.chance(0.1)) {
    const shared = sharedNames(plan)[source.folder]!.filter((i) => i !== source.index);
    if (shared.length > 0) target = plan.docs[rng.pick(shared)]!;
  }
  const ambiguousBare = isAmbiguous(plan, source.folder, target.name);
  const result = (text: string, f: LinkForm, ambiguous = false): GeneratedLink => ({
    text,
    form: f,
    unresolved: false,
    ambiguous,
  });
  const inFolderPath = target.dir ? `${target.dir}/${target.name}` : target.name;
  /** `[[dir/T]]`, or `[[T]]` for a note at the folder root. */
  const byPath = () =>
    target.dir
      ? result(`[[${inFolderPath}]]`, "folderPath")
      : result(`[[${target.name}]]`, "plain", ambiguousBare);
  switch (form) {
    case "plain":
    case "self": // a document without headings: fall back to a plain link
      return result(`[[${target.name}]]`, "plain", ambiguousBare);
    case "alias":
      return result(`[[${target.name}|${alias(rng)}]]`, form, ambiguousBare);
    case "tablePipe":
      return result(`[[${inFolderPath}\\|${alias(rng)}]]`, form);
    case "frontmatter":
      return result(`"[[${inFolderPath}]]"`, form);
    case "heading":
      if (target.headings.length === 0) return byPath();
      return result(`[[${inFolderPath}#${rng.pick(target.headings)}]]`, form);
    case "block":
      if (target.blocks.length === 0) return byPath();
      return result(`[[${inFolderPath}#^${rng.pick(target.blocks)}]]`, form);
    case "embed":
      return result(`![[${inFolderPath}]]`, form);
    case "folderPath":
      return byPath();
    case "mdSuffix":
      return result(`[[${inFolderPath}.md]]`, form);
    case "relative":
      return result(`[[${relativeLink(source.dir, target.dir, target.name)}]]`, form);
    case "crossFolder":
      if (!crossFolder) return byPath();
      return result(`[[${plan.folders[target.folder]!.name}/${inFolderPath}]]`, form);
  }
}
