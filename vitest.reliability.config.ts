import { defineConfig } from "vitest/config";
import base from "./vitest.config.js";

/**
 * The reliability suite (`pnpm test:reliability`), kept out of `pnpm test:run`: fuzzing of both
 * servers, and faults under load (kill -9, the chain and PostgreSQL going away, two servers on one
 * database, hostile web pages). Bounded by default (CI); PRIVNET_RELIABILITY=full runs it long.
 */
export default defineConfig({
  ...base,
  test: {
    ...base.test,
    projects: [
      {
        extends: true,
        test: {
          name: "reliability",
          include: ["test/reliability/**/*.test.ts"],
          testTimeout: 600_000,
          hookTimeout: 120_000,
        },
      },
    ],
    reporters: process.env.CI
      ? ["default", ["json", { outputFile: "reports/reliability.json" }]]
      : ["default"],
  },
});
