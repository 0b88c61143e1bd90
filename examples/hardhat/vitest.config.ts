import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    globalSetup: ["./test/globalSetup.ts"],
    include: ["src/**/*.test.ts"],
    // The tool's own command line (compiler start-up included) takes a few seconds a step.
    testTimeout: 120_000,
    hookTimeout: 60_000,
  },
});
