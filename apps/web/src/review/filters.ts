// The review queue's filters: by folder (any folder or sub-folder), by author and by age.
import type { Suggestion } from "../api/types.js";

export const AGES = {
  any: { label: "Any age", test: () => true },
  hour: { label: "Last hour", test: (ms: number) => ms <= 3_600_000 },
  day: { label: "Last 24 hours", test: (ms: number) => ms <= 86_400_000 },
  week: { label: "Last 7 days", test: (ms: number) => ms <= 604_800_000 },
  older: { label: "Older than 7 days", test: (ms: number) => ms > 604_800_000 },
} as const;

export type AgeFilter = keyof typeof AGES;

/** `""` = any. `author` NO_AUTHOR = suggestions that name none. */
export interface QueueFilter {
  folder: string;
  author: string;
  age: AgeFilter;
}

export const NO_AUTHOR = "\u0000none";

export const ANY_FILTER: QueueFilter = { folder: "", author: "", age: "any" };

export function matchesFilter(s: Suggestion, f: QueueFilter, now: number): boolean {
  if (f.folder !== "" && !s.path.startsWith(`${f.folder}/`)) return false;
  if (f.author !== "" && (s.author ?? NO_AUTHOR) !== f.author) return false;
  if (f.age !== "any") {
    if (s.time === undefined) return false;
    if (!AGES[f.age].test(now - s.time)) return false;
  }
  return true;
}

export function applyFilter(
  list: readonly Suggestion[],
  f: QueueFilter,
  now: number,
): Suggestion[] {
  return list.filter((s) => matchesFilter(s, f, now));
}

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
