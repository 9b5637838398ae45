// Builds the `lens` command line (dist/cli.js, with its node shebang) and the library entry
// (dist/index.js + .d.ts). The workspace libraries (@lens/core, store, sync, rest) are bundled
// in, so the published lens-mcp package stands alone; third-party dependencies stay external.
// Then the files browsers load are copied in beside the CLI: the review page (@lens/web's
// build, built first by turbo since it is a dev dependency) into dist/web, and Scalar's browser
// bundle for the API reference page into dist/reference/scalar.js (one 3.4 MB file, instead of
// @scalar/api-reference and its ~270 packages as a runtime dependency).
import { cpSync, existsSync, mkdirSync, realpathSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { defineConfig } from "tsup";

function copyBrowserFiles(): void {
  const web = join(realpathSync("node_modules/@lens/web"), "dist");
  if (existsSync(join(web, "index.html"))) cpSync(web, "dist/web", { recursive: true });
  else console.warn(`lens-mcp: ${web} has no index.html; / will answer "not built"`);
  const scalar = createRequire(join(process.cwd(), "package.json")).resolve(
    "@scalar/api-reference/browser/standalone.js",
  );
  mkdirSync(dirname("dist/reference/scalar.js"), { recursive: true });
  cpSync(scalar, "dist/reference/scalar.js");
}

export default defineConfig({
  // The grep worker is its own file: worker_threads starts it by path.
  entry: { cli: "src/cli.ts", index: "src/index.ts", grepWorker: "src/search/grepWorker.ts" },
  format: ["esm"],
  // Declarations for the library entry only, against the workspace packages' published types.
  noExternal: [/^@lens\//],
  dts: {
    entry: { index: "src/index.ts" },
    resolve: [/^@lens\//],
    compilerOptions: { paths: {} },
  },
  clean: true,
  sourcemap: true,
  target: "node20",
  platform: "node",
  onSuccess: async () => copyBrowserFiles(),
});
