// Builds the harness: the `lens-harness` command line, the library entry, and the child process
// the load benchmark spawns. Workspace packages and the SDK stay external.
import { defineConfig } from "tsup";

export default defineConfig({
  entry: {
    cli: "src/cli.ts",
    index: "src/index.ts",
    loadChild: "src/bench/loadChild.ts",
    rgHelper: "src/bench/rgHelper.ts",
    bareServer: "src/bench/bareServer.ts",
  },
  format: ["esm"],
  dts: false,
  clean: true,
  sourcemap: true,
  target: "node20",
  platform: "node",
});
