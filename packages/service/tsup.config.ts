// Builds @lens/service: one ESM entry with type declarations; dependencies stay external.
import { defineConfig } from "tsup";

export default defineConfig({
  entry: ["src/index.ts"],
  format: ["esm"],
  // Declarations refer to @lens/core's published types, not its sources (tsconfig maps those
  // for typechecking without a build).
  dts: { compilerOptions: { paths: {} } },
  clean: true,
  sourcemap: true,
  target: "node20",
  platform: "node",
});
