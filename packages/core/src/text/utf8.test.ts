// A note kept as UTF-8 bytes gives back exactly its text: every well-formed string, a leading
// byte order mark included (a decoder drops it unless told not to).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { utf8Bytes, utf8Text } from "./utf8.js";

describe("UTF-8 text", () => {
  it("round-trips every well-formed string", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme" }), (s) => {
        expect(utf8Text(utf8Bytes(s))).toBe(s);
      }),
    );
  });

  it("keeps a leading byte order mark, and the bytes are UTF-8", () => {
    const text = "\uFEFFstarts with a BOM ☕\n";
    const bytes = utf8Bytes(text);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(utf8Text(bytes)).toBe(text);
  });
});
