// Multimaps whose sets mostly hold one value (one path per lower-cased path, one note per link
// key): the value alone until a second arrives, so a large vault's indexes keep one Set fewer
// per key. A key's entry is never an empty set: the last value gone, the key goes.

/** A key's values: the one value, or a Set of two or more. */
export type OneOrMore = string | Set<string>;

/** Adds `value` under `key`. */
export function addOne(map: Map<string, OneOrMore>, key: string, value: string): void {
  const v = map.get(key);
  if (v === undefined) map.set(key, value);
  else if (typeof v !== "string") v.add(value);
  else if (v !== value) {
    const set = new Set<string>();
    set.add(v);
    set.add(value);
    map.set(key, set);
  }
}

/** Removes `value` from under `key` (and the key with its last value). */
export function removeOne(map: Map<string, OneOrMore>, key: string, value: string): void {
  const v = map.get(key);
  if (v === undefined) return;
  if (typeof v === "string") {
    if (v === value) map.delete(key);
    return;
  }
  v.delete(value);
  if (v.size === 0) map.delete(key);
  else if (v.size === 1) map.set(key, v.values().next().value as string);
}

/** The values under a key (none for a missing key). */
export function valuesOf(v: OneOrMore | undefined): Iterable<string> {
  return v === undefined ? [] : typeof v === "string" ? [v] : v;
}

/**
 * A multimap kept as lists rather than sets, for keys that can gather thousands of values
 * (the notes linking to a common name): appending is cheaper than adding to a large Set. The
 * caller never adds a value twice under one key.
 */
export type OneOrList = string | string[];

/** Appends `value` under `key` (not there yet). */
export function pushOne(map: Map<string, OneOrList>, key: string, value: string): void {
  const v = map.get(key);
  if (v === undefined) map.set(key, value);
  else if (typeof v !== "string") v.push(value);
  else map.set(key, [v, value]);
}

/** Removes `value` from under `key` (order is not kept), and the key with its last value. */
export function dropOne(map: Map<string, OneOrList>, key: string, value: string): void {
  const v = map.get(key);
  if (v === undefined) return;
  if (typeof v === "string") {
    if (v === value) map.delete(key);
    return;
  }
  const i = v.indexOf(value);
  if (i === -1) return;
  v[i] = v[v.length - 1]!;
  v.pop();
  if (v.length === 1) map.set(key, v[0]!);
}

/** The values under a key of a list multimap. */
export function listOf(v: OneOrList | undefined): readonly string[] {
  return v === undefined ? [] : typeof v === "string" ? [v] : v;
}
