// `--expires 30d`: a duration as people write it (`ms` understands 90m, 12h, 30d, 1y, "2 weeks").
import ms from "ms";

/** Milliseconds in `text`, or throws with what is accepted. */
export function parseDuration(text: string): number {
  const value = ms(text.trim() as ms.StringValue);
  if (typeof value !== "number" || !Number.isFinite(value) || value <= 0) {
    throw new Error(
      `Invalid duration ${JSON.stringify(text)}: write a number and a unit, e.g. 90m, 12h, 30d, 1y.`,
    );
  }
  return value;
}
