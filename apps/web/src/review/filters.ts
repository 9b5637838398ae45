// The review queue's filters, each a set of choices (none chosen = any): who made a suggestion
// (assistants, people, not recorded), its author, its folder (the folder and every sub-folder),
// what it does (edit, create, move, delete) and its age. Kept in the URL (`#/queue?…`), so a
// reload or a shared link shows the same queue. Default: suggestions by assistants.
import type { ChangeKind, Suggestion } from "../api/types.js";

export type MadeBy = "assistant" | "person" | "unrecorded";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export const AGES = {
  hour: { label: "Last hour", test: (ms: number) => ms <= HOUR },
  day: { label: "1–24 hours", test: (ms: number) => ms > HOUR && ms <= DAY },
  week: { label: "1–7 days", test: (ms: number) => ms > DAY && ms <= 7 * DAY },
  older: { label: "Older than 7 days", test: (ms: number) => ms > 7 * DAY },
  unknown: { label: "Time not recorded", test: () => false },
} as const;

export type AgeBucket = keyof typeof AGES;

export const MADE_BY: Record<MadeBy, string> = {
  assistant: "Assistants",
  person: "People",
  unrecorded: "Author not recorded",
};

export const CHANGES: Record<ChangeKind, string> = {
  edit: "Edit",
  create: "New note",
  move: "Link after a move",
  delete: "Deletion",
};

/** Each filter's chosen values; an empty list = any. */
export interface QueueFilter {
  by: MadeBy[];
  authors: string[];
  folders: string[];
  changes: ChangeKind[];
  ages: AgeBucket[];
}

export const NO_AUTHOR = "\u0000none";

/** What the queue shows until the reviewer chooses: suggestions by assistants. */
export const DEFAULT_FILTER: QueueFilter = {
  by: ["assistant"],
  authors: [],
  folders: [],
  changes: [],
  ages: [],
};

export const ANY_FILTER: QueueFilter = { by: [], authors: [], folders: [], changes: [], ages: [] };

export function madeBy(s: Suggestion): MadeBy {
  return s.by ?? "unrecorded";
}

export function ageOf(s: Suggestion, now: number): AgeBucket {
  if (s.time === undefined) return "unknown";
  const ms = now - s.time;
  return (Object.keys(AGES) as AgeBucket[]).find((k) => AGES[k].test(ms)) ?? "hour";
}

const any = <T>(chosen: readonly T[], value: T) => chosen.length === 0 || chosen.includes(value);

export function matchesFilter(s: Suggestion, f: QueueFilter, now: number): boolean {
  return (
    any(f.by, madeBy(s)) &&
    any(f.authors, s.author ?? NO_AUTHOR) &&
    (f.folders.length === 0 || f.folders.some((d) => s.path.startsWith(`${d}/`))) &&
    any(f.changes, s.change ?? "edit") &&
    any(f.ages, ageOf(s, now))
  );
}

export function applyFilter(
  list: readonly Suggestion[],
  f: QueueFilter,
  now: number,
): Suggestion[] {
  return list.filter((s) => matchesFilter(s, f, now));
}

// ---- in the URL ----------------------------------------------------------------------------

const KEYS = { by: "by", authors: "author", folders: "folder", changes: "change", ages: "age" };

/**
 * The query of `#/queue?…` for a filter: each chosen value once (`author=A&author=B`); `by`
 * says `any` when nothing is chosen, as its absence means the default.
 */
export function filterToQuery(f: QueueFilter): string {
  const q = new URLSearchParams();
  for (const [field, key] of Object.entries(KEYS) as [keyof QueueFilter, string][]) {
    for (const v of f[field]) q.append(key, v === NO_AUTHOR ? "" : v);
  }
  if (f.by.length === 0) q.set("by", "any");
  return q.toString();
}

/** The filter a `#/queue?…` query names (values the page does not know are left out). */
export function filterFromQuery(query: string): QueueFilter {
  const q = new URLSearchParams(query);
  const pick = <T extends string>(key: string, known: readonly T[]) =>
    q.getAll(key).filter((v): v is T => (known as readonly string[]).includes(v));
  const by = q.getAll("by");
  return {
    by: by.length === 0 ? [...DEFAULT_FILTER.by] : pick("by", Object.keys(MADE_BY) as MadeBy[]),
    authors: q.getAll("author").map((a) => (a === "" ? NO_AUTHOR : a)),
    folders: q.getAll("folder").filter((f) => f !== ""),
    changes: pick("change", Object.keys(CHANGES) as ChangeKind[]),
    ages: pick("age", Object.keys(AGES) as AgeBucket[]),
  };
}

// ---- choices -------------------------------------------------------------------------------

/** Every folder and sub-folder that holds a pending suggestion, sorted. */
export function foldersOf(list: readonly Suggestion[]): string[] {
  const out = new Set<string>();
  for (const s of list) {
    const parts = s.path.split("/");
    for (let i = 1; i < parts.length; i++) out.add(parts.slice(0, i).join("/"));
  }
  return [...out].sort();
}

/** Every author of a pending suggestion (NO_AUTHOR for those without), sorted. */
export function authorsOf(list: readonly Suggestion[]): string[] {
  return [...new Set(list.map((s) => s.author ?? NO_AUTHOR))].sort();
}

/** The ids of a set of suggestions, grouped by document (one review request each). */
export function idsByDocument(list: readonly Suggestion[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const s of list) {
    const ids = out.get(s.path);
    if (ids) ids.push(s.id);
    else out.set(s.path, [s.id]);
  }
  return out;
}
