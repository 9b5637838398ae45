// Tests resolve workspace packages to their sources, so they run without building them.
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const src = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  resolve: {
    alias: {
      "@lens/access": src("../../packages/access/src/index.ts"),
      "@lens/core": src("../../packages/core/src/index.ts"),
      "@lens/service": src("../../packages/service/src/index.ts"),
      "@lens/store": src("../../packages/store/src/index.ts"),
    },
  },
  test: {
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    testTimeout: 60_000,
  },
});
