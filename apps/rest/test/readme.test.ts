// The README's word on proof of a read agrees with what the edit route does (issue 28: it said
// `If-Match: *` means any version while an edit with it got 428).
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { inProcess, json } from "./support/clients.js";

const README = readFileSync(new URL("../README.md", import.meta.url), "utf8");

/** The README's section under `heading`, up to the next `## `. */
function section(heading: string): string {
  const start = README.indexOf(`## ${heading}`);
  expect(start, heading).toBeGreaterThanOrEqual(0);
  const end = README.indexOf("\n## ", start + 3);
  return README.slice(start, end === -1 ? undefined : end).replace(/\s+/g, " ");
}

describe("README: proof of a prior read", () => {
  it("says `If-Match: *` is no proof of a read, and an edit with it alone is 428", async () => {
    const text = section("Proof of a prior read (edit)");
    expect(text).not.toMatch(/`If-Match: \*` means "any version"/);
    expect(text).toMatch(/`If-Match: \*` is no proof[^.]*\*\*428\*\*/);
    const c = await inProcess();
    const res = await c.fetch(
      "/documents/Lens/Notes/Ideas.md/edit",
      json({ old_string: "TODO", new_string: "DONE", replace_all: true }, { "If-Match": "*" }),
    );
    expect(res.status).toBe(428);
  });
});
