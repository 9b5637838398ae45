// A note's text kept as UTF-8 bytes. A JS string of a text holding any character past U+00FF
// (a dash, a curly quote, an emoji: most notes) takes two bytes a character; its UTF-8 bytes
// take about one, outside the garbage collector's heap. The workspace keeps a note nobody edits
// as its bytes and decodes them when the text is asked for (a few µs a note).

/** Web-standard encoders, present in Node and browsers (core's lib declares no DOM). */
declare const TextEncoder: new () => { encode(text: string): Uint8Array };
declare const TextDecoder: new (
  label: string,
  options?: { ignoreBOM?: boolean },
) => { decode(bytes: Uint8Array): string };

const encoder = new TextEncoder();
// ignoreBOM: a note that starts with U+FEFF keeps it (by default the decoder drops it).
const decoder = new TextDecoder("utf-8", { ignoreBOM: true });

/** The text's UTF-8 bytes (a lone surrogate becomes U+FFFD, as any UTF-8 writer makes it). */
export function utf8Bytes(text: string): Uint8Array {
  return encoder.encode(text);
}

/** The text of UTF-8 bytes (ill-formed sequences become U+FFFD; callers pass well-formed ones). */
export function utf8Text(bytes: Uint8Array): string {
  return decoder.decode(bytes);
}
