// A loaded note as a link source, and what it contributes to backlinks_v0: the pieces the
// backlink index (backlinks.ts) and its reconciliation (reconcile.ts) share.
import type { Located } from "../paths/pathIndex.js";
import { DocView } from "../workspace/viewCache.js";
import type { BacklinkChanges } from "./backlinkWrites.js";
import { linkKey } from "./basenames.js";
import { addTo, upsert } from "./maps.js";
import { wikilinkTargetAt } from "./wikilink.js";

/**
 * Backlink slots, by folder doc: the target uuids under which a source is listed in that
 * folder's `backlinks_v0`. Nested instead of `folder\ntarget` strings: no string is built, and
 * the ids are the ones the entries already hold.
 */
export type Targets = Map<string, Set<string>>;

/** What a `[[#Heading]]` link resolves to: the note itself, wherever it is. */
export const SELF = Symbol("the note itself");

/**
 * One loaded note as a link source. Its links are kept as where they are in the text they were
 * parsed from (a number pair each, see `wikilinkSpans`), not as link objects: a large vault has
 * 100 000 links and more, and every object the index keeps is one more the garbage collector
 * copies while the vault loads. Links are made again when asked for (`forwardLinks`).
 */
export interface Source {
  docId: string;
  uuid: string;
  /**
   * The version the links were parsed from: its AI view is made again when the links are
   * needed (`textOf`) rather than kept, so the index holds no copy of a note's text.
   */
  view: DocView;
  /** Where its links are in `text`: `[start, end, start, end, …]`. */
  spans: number[];
  /**
   * What each link names (undefined: unresolved) as of the last resolution, which always
   * follows a parse: what the source contributes to backlinks_v0 (see `targetsOf`).
   */
  resolved: (Located | typeof SELF | undefined)[] | undefined;
  /** Where the note was at the last resolution (what `SELF` stands for). */
  self: Located | undefined;
  /** Before the first resolution: what Lens resolved for it before it was unloaded. */
  previous: Targets | undefined;
}

/** What a source contributes to backlinks_v0 (or contributed, before it was unloaded). */
export function targetsOf(source: Source): Targets {
  const targets: Targets = new Map();
  if (!source.resolved) return source.previous ?? targets;
  forEachTarget(source, (folderDocId, target) => addTo(targets, folderDocId, target));
  return targets;
}

/** Each backlink slot a resolved source fills (a slot named by several links, once per link). */
export function forEachTarget(
  source: Source,
  fn: (folderDocId: string, target: string) => void,
): void {
  const { resolved } = source;
  if (!resolved) return;
  for (const loc of resolved) if (loc && loc !== SELF) fn(loc.folderDocId, loc.meta.id);
}

/** The set under `folderDocId` → `target`, made when missing. */
export function slotOf(
  m: Map<string, Map<string, Set<string>>>,
  folderDocId: string,
  target: string,
): Set<string> {
  return upsert(
    upsert(m, folderDocId, () => new Map<string, Set<string>>()),
    target,
    () => new Set<string>(),
  );
}

/** The AI view a source's spans point into. */
export function textOf(source: Source): string {
  return source.view.aiOnce();
}

export const NO_VIEW = new DocView("");
export const NO_SPANS: number[] = [];

/** The link keys of a parse (see `linkKey`): the entries whose changes can affect its links. */
export function linkKeys(text: string, spans: readonly number[]): Set<string> {
  const keys = new Set<string>();
  for (let i = 0; i < spans.length; i += 2) {
    const target = wikilinkTargetAt(text, spans[i]!, spans[i + 1]!);
    if (target !== "") keys.add(linkKey(target));
  }
  return keys;
}

const NO_KEYS: ReadonlySet<string> = new Set();

/** A source's link keys; its AI view is made again only when it has links. */
export function sourceKeys(source: Source): ReadonlySet<string> {
  return source.spans.length === 0 ? NO_KEYS : linkKeys(textOf(source), source.spans);
}

export function hasTarget(targets: Targets, folderDocId: string, target: string): boolean {
  return targets.get(folderDocId)?.has(target) === true;
}

/** Queues what turns `before` into `after` for one source. */
export function diffTargets(
  changes: BacklinkChanges,
  source: string,
  before: Targets,
  after: Targets,
): void {
  for (const [folderDocId, set] of before) {
    for (const t of set)
      if (!hasTarget(after, folderDocId, t)) changes.remove(folderDocId, t, source);
  }
  for (const [folderDocId, set] of after) {
    for (const t of set)
      if (!hasTarget(before, folderDocId, t)) changes.add(folderDocId, t, source);
  }
}
