// Builds the `lens` command line (dist/cli.js, with its node shebang) and the library entry
// (dist/index.js + .d.ts); dependencies stay external.
import { defineConfig } from "tsup";

export default defineConfig({
  entry: { cli: "src/cli.ts", index: "src/index.ts" },
  format: ["esm"],
  // Declarations for the library entry only, against the workspace packages' published types.
  dts: { entry: { index: "src/index.ts" }, compilerOptions: { paths: {} } },
  clean: true,
  sourcemap: true,
  target: "node20",
  platform: "node",
});
