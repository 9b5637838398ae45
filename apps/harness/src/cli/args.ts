// Small helpers over node:util parseArgs for the harness commands: typed numbers, lists, and a
// usage error that the entry point turns into exit code 2.

export class UsageError extends Error {
  override name = "UsageError";
}

export function intOption(
  value: string | undefined,
  name: string,
  fallback: number,
  min = 0,
): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min)
    throw new UsageError(`--${name} must be an integer ≥ ${min}, got "${value}"`);
  return n;
}

export function numberOption(value: string | undefined, name: string): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isFinite(n)) throw new UsageError(`--${name} must be a number, got "${value}"`);
  return n;
}

/** Comma-separated values, each checked against `allowed`. */
export function listOption<T extends string>(
  value: string | undefined,
  name: string,
  allowed: readonly T[],
  fallback: readonly T[],
): T[] {
  if (value === undefined) return [...fallback];
  const items = value
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  for (const item of items) {
    if (!(allowed as readonly string[]).includes(item)) {
      throw new UsageError(`--${name}: unknown value "${item}" (allowed: ${allowed.join(", ")})`);
    }
  }
  return items as T[];
}
