// Echoing user input in messages, bounded: a 1 MB path must not come back as a 1 MB error.

/** Default number of characters of user input a message repeats. */
export const ECHO_LIMIT = 200;

/**
 * `text` if it is at most `max` characters, else its start (never ending inside a surrogate
 * pair) followed by `… (N characters)`.
 */
export function clip(text: string, max = ECHO_LIMIT): string {
  if (text.length <= max) return text;
  let end = max;
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end--;
  return `${text.slice(0, end)}… (${text.length} characters)`;
}
