// Tests resolve workspace packages to their sources, so they run without building them.
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const src = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  resolve: {
    alias: {
      "@lens/access": src("../../packages/access/src/index.ts"),
      // Subpaths before the package: an alias also matches "@lens/cluster/…".
      "@lens/cluster/config": src("../../packages/cluster/src/config.ts"),
      "@lens/cluster/testing": src("../../packages/cluster/src/testing.ts"),
      "@lens/cluster": src("../../packages/cluster/src/index.ts"),
      "@lens/core": src("../../packages/core/src/index.ts"),
      "@lens/mcp": src("../mcp/src/index.ts"),
      "@lens/oauth": src("../../packages/oauth/src/index.ts"),
      "@lens/service": src("../../packages/service/src/index.ts"),
      "@lens/store": src("../../packages/store/src/index.ts"),
      "@lens/sync": src("../../packages/sync/src/index.ts"),
      "@lens/rest": src("../rest/src/index.ts"),
    },
  },
  test: {
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    globalSetup: ["test/globalSetup.ts"],
    // Two files at a time (vitest's default here is one: cores − 1): most of these tests wait on
    // child processes, a browser or npm, and this suite is the longest of the CI run.
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 180_000,
  },
});
