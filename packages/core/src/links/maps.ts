// Small helpers for the nested maps and multimaps the link indexes are made of.

/** What `upsert` needs of a Map or WeakMap. */
interface MapLike<K, V> {
  get(key: K): V | undefined;
  set(key: K, value: V): unknown;
}

/** The value under `key`, created with `make` when missing. */
export function upsert<K, V>(map: MapLike<K, V>, key: K, make: () => V): V {
  let value = map.get(key);
  if (value === undefined) {
    value = make();
    map.set(key, value);
  }
  return value;
}

/** Adds `value` to the set under `key`. */
export function addTo<K, V>(map: Map<K, Set<V>>, key: K, value: V): void {
  upsert(map, key, () => new Set<V>()).add(value);
}
