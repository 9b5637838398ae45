import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    // Generated-input tests run hundreds of cases: seconds alone, but one passed 30 s in a CI
    // run sharing two cores with other work. No test here asserts a time.
    testTimeout: 120_000,
  },
});
