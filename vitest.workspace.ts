import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { TestProjectInlineConfiguration } from "vitest/config";

const repo = dirname(fileURLToPath(import.meta.url));
/** Builds the admin panel when it is missing or stale, for the projects that serve it. */
const panelBuild = join(repo, "packages/panel/e2e/globalSetup.ts");

/**
 * The repo's test projects, one per package. `vitest.config.ts` feeds this list to
 * `test.projects`; each project inherits the root config (source imports, devnet pool).
 */
export const projects: TestProjectInlineConfiguration[] = [
  project("@privnet/core", "packages/core"),
  project("@privnet/scenarios", "packages/scenarios"),
  project("@privnet/devnet", "packages/devnet"),
  project("@privnet/storage-sqlite", "packages/storage-sqlite"),
  project("@privnet/storage-postgres", "packages/storage-postgres"),
  project("@privnet/http", "packages/http"),
  project("@privnet/express-adapter", "packages/express-adapter"),
  project("@privnet/oracle-http", "packages/oracle-http"),
  project("@privnet/cli", "packages/cli", undefined, { globalSetup: [panelBuild] }),
  project("@privnet/contracts", "contracts", ["test/**/*.test.ts"]),
  project("examples", "examples", ["*/src/**/*.test.ts"]),
  // That a benchmark records what it measured whatever fails after it.
  project("bench", "bench", ["**/*.test.ts"], { globalSetup: [panelBuild], testTimeout: 120_000 }),
  // Type tests (`*.test-d.ts`): tsc checks them, nothing runs; a failed expectation fails the run.
  {
    extends: true,
    test: {
      name: "types",
      dir: repo,
      include: [],
      typecheck: {
        enabled: true,
        only: true,
        include: ["packages/*/src/**/*.test-d.ts"],
        tsconfig: join(repo, "packages/core/tsconfig.json"),
      },
    },
  },
  // Browser tests against real stacks: each starts contracts, servers and a chromium page.
  project("@privnet/panel", "packages/panel", ["e2e/**/*.test.ts", "src/**/*.test.ts"], {
    globalSetup: [panelBuild],
    testTimeout: 60_000,
  }),
];

function project(
  name: string,
  dir: string,
  include = ["src/**/*.test.ts"],
  options: { globalSetup?: string[]; testTimeout?: number } = {},
): TestProjectInlineConfiguration {
  return {
    extends: true,
    test: { name, dir: join(repo, dir), include, ...options },
  };
}

export default projects;
