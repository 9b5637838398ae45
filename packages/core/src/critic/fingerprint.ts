// A fingerprint of a document's raw text: tells whether the text is still the one a review left,
// without keeping the text itself.
import { hash53 } from "./suggestionId.js";

/** The text's length and a 53-bit hash of it. */
export function textFingerprint(raw: string): string {
  return `${raw.length.toString(36)}:${hash53([raw])}`;
}
