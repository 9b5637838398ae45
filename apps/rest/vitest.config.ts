// Tests resolve workspace packages to their sources, so they run without a build.
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    alias: {
      "@lens/access": fileURLToPath(new URL("../../packages/access/src/index.ts", import.meta.url)),
      "@lens/core": fileURLToPath(new URL("../../packages/core/src/index.ts", import.meta.url)),
      "@lens/service": fileURLToPath(
        new URL("../../packages/service/src/index.ts", import.meta.url),
      ),
      "@lens/store": fileURLToPath(new URL("../../packages/store/src/index.ts", import.meta.url)),
    },
  },
  test: {
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    testTimeout: 60_000,
  },
});
