// Tests resolve workspace packages to their sources, so they run without building them; the
// scenario test alone spawns the built `lens` CLI (test/globalSetup.ts builds it when stale).
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const src = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  resolve: {
    alias: {
      "@lens/access": src("../../packages/access/src/index.ts"),
      "@lens/core": src("../../packages/core/src/index.ts"),
      "@lens/store": src("../../packages/store/src/index.ts"),
    },
  },
  test: {
    include: ["test/**/*.test.ts"],
    globalSetup: ["test/globalSetup.ts"],
    testTimeout: 60_000,
    hookTimeout: 180_000,
  },
});
