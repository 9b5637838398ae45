import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// Workspace packages resolve to their sources, so tests run without a build.
const src = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  resolve: {
    alias: {
      "@lens/core": src("../core/src/index.ts"),
      "@lens/store": src("../store/src/index.ts"),
    },
  },
  test: {
    include: ["test/**/*.test.ts"],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
