// Costly or broken patterns and globs: each answered within its time limit, clearly, while the
// server keeps answering everyone else (the battery measures /healthz stalls).
import { type Category, check } from "./battery.js";
import { openSession } from "./wire.js";

export const patterns: Category = {
  name: "regex and glob",
  attempts: () => [
    {
      name: "an invalid regex is a clear error",
      async run(ctx) {
        const r = await (await openSession(ctx.url)).call("grep", { pattern: "(unclosed" });
        check(r.isError === true && /unclosed group/.test(r.text ?? ""), `got ${r.text}`);
      },
    },
    {
      name: "\\w{1000}\\s over a 300 000-character line is cut at the time limit, not hung",
      async run(ctx) {
        const r = await (await openSession(ctx.url)).call("grep", {
          pattern: "\\w{1000}\\s",
          output_mode: "count",
        });
        check(
          r.isError === true && /time limit/.test(r.text ?? ""),
          `got ${r.text?.slice(0, 120)}`,
        );
      },
    },
    {
      name: "450 bytes of repeated \\w{1000} is refused by the size limit",
      async run(ctx) {
        const r = await (await openSession(ctx.url)).call("grep", {
          pattern: "\\w{1000}".repeat(56),
        });
        check(r.isError === true && /too large/.test(r.text ?? ""), `got ${r.text?.slice(0, 120)}`);
      },
    },
    {
      name: "100 000 nested groups are a clear error",
      async run(ctx) {
        const r = await (await openSession(ctx.url)).call("grep", { pattern: "(".repeat(100_000) });
        check(
          r.isError === true && /nested too deeply/.test(r.text ?? ""),
          `got ${r.text?.slice(0, 120)}`,
        );
        check((r.text ?? "").length < 2_000, "echoed the whole pattern");
      },
    },
    {
      name: "100 000 nested classes and 50 000 stacked quantifiers are clear errors",
      async run(ctx) {
        const s = await openSession(ctx.url);
        for (const pattern of ["[".repeat(100_000), `a${"*".repeat(50_000)}`]) {
          const r = await s.call("grep", { pattern });
          check(
            r.isError === true && /Invalid pattern/.test(r.text ?? ""),
            `got ${r.text?.slice(0, 120)}`,
          );
        }
      },
    },
    {
      name: "20 000 globs are refused at once",
      async run(ctx) {
        const globs = Array.from({ length: 20_000 }, (_, i) => `g${i}/**`);
        const r = await (await openSession(ctx.url)).call("grep", { pattern: "x", glob: globs });
        // Refused as arguments, as a tool error, or (20 000 values) before the body is parsed.
        check(
          r.code === -32602 || r.isError === true || (r.code === -32700 && r.status === 400),
          `got ${r.text?.slice(0, 120)}`,
        );
      },
    },
    {
      name: "a glob with a space is one glob and finds the note",
      async run(ctx) {
        const r = await (await openSession(ctx.url)).call("grep", {
          pattern: "viewer",
          glob: "Notes/Web viewer.md",
        });
        check(r.text === "Notes/Web viewer.md", `got ${r.text}`);
      },
    },
  ],
};
