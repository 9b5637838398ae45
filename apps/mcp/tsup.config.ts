// Builds the `lens` command line (dist/cli.js, with its node shebang) and the library entry
// (dist/index.js + .d.ts). The workspace libraries (@lens/core, store, sync, rest) are bundled
// in, so the published lens-mcp package stands alone; third-party dependencies stay external.
import { defineConfig } from "tsup";

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
});
