// How far trimming has cut each partition of the update log. The trim script records, per
// partition, the highest entry id it removed (Redis's own `max-deleted-entry-id` does not count
// XTRIM). A process whose position in a partition is below that has missed entries: they are
// only in the bucket now.
import type { Redis } from "ioredis";
import { compareIds, type Keys, PARTITIONS } from "./keys.js";

/** Per partition, the highest entry id trimming removed ("0-0": none). */
export async function trimmedUpTo(redis: Redis, keys: Keys): Promise<string[]> {
  const ids = await redis.hmget(
    keys.trimmed,
    ...Array.from({ length: PARTITIONS }, (_, p) => String(p)),
  );
  return ids.map((id) => id ?? "0-0");
}

/** The partitions where trimming removed entries past both `applied` and `covered`. */
export function behindIn(
  trimmed: readonly string[],
  applied: readonly string[],
  covered: readonly string[],
): number[] {
  const behind: number[] = [];
  for (let p = 0; p < PARTITIONS; p++) {
    const cut = trimmed[p] ?? "0-0";
    if (compareIds(cut, applied[p] ?? "0-0") > 0 && compareIds(cut, covered[p] ?? "0-0") > 0) {
      behind.push(p);
    }
  }
  return behind;
}
