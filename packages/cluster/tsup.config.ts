import { defineConfig } from "tsup";

export default defineConfig({
  // config.ts alone as well: parsing --cluster/--store loads neither ioredis nor the AWS SDK.
  entry: ["src/index.ts", "src/config.ts", "src/testing.ts"],
  format: ["esm"],
  dts: true,
  clean: true,
  sourcemap: true,
  target: "node20",
});
