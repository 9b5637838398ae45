// How old a suggestion is, as people say it ("5 min ago"), and its exact time for a tooltip.

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export function ageText(time: number | undefined, now: number): string {
  if (time === undefined) return "time unknown";
  const ms = now - time;
  if (ms < MINUTE) return "just now";
  if (ms < HOUR) return `${Math.floor(ms / MINUTE)} min ago`;
  if (ms < DAY) return `${Math.floor(ms / HOUR)} h ago`;
  const days = Math.floor(ms / DAY);
  if (days < 60) return `${days} ${days === 1 ? "day" : "days"} ago`;
  return new Date(time).toLocaleDateString();
}

export function exactTime(time: number | undefined): string {
  return time === undefined ? "No time recorded" : new Date(time).toLocaleString();
}
