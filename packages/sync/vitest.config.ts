import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// Workspace packages resolve to their sources, so tests run without a build.
export default defineConfig({
  resolve: {
    alias: {
      "@lens/access": fileURLToPath(new URL("../access/src/index.ts", import.meta.url)),
      "@lens/core": fileURLToPath(new URL("../core/src/index.ts", import.meta.url)),
      "@lens/service": fileURLToPath(new URL("../service/src/index.ts", import.meta.url)),
      "@lens/store": fileURLToPath(new URL("../store/src/index.ts", import.meta.url)),
      "@lens/sync": fileURLToPath(new URL("../sync/src/index.ts", import.meta.url)),
    },
  },
  test: {
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    testTimeout: 60_000,
  },
});
