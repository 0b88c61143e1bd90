import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { TestProjectInlineConfiguration } from "vitest/config";

const repo = dirname(fileURLToPath(import.meta.url));

/**
 * The repo's test projects, one per package. `vitest.config.ts` feeds this list to
 * `test.projects`; each project inherits the root config (source imports, devnet pool).
 */
export const projects: TestProjectInlineConfiguration[] = [
  project("@privnet/core", "packages/core"),
  project("@privnet/devnet", "packages/devnet"),
  project("@privnet/storage-sqlite", "packages/storage-sqlite"),
  project("@privnet/storage-postgres", "packages/storage-postgres"),
  project("@privnet/http", "packages/http"),
  project("@privnet/express-adapter", "packages/express-adapter"),
  project("@privnet/oracle-http", "packages/oracle-http"),
  project("@privnet/cli", "packages/cli"),
  project("@privnet/contracts", "contracts", ["test/**/*.test.ts"]),
  project("examples", "examples", ["*/src/**/*.test.ts"]),
];

function project(name: string, dir: string, include = ["src/**/*.test.ts"]): TestProjectInlineConfiguration {
  return {
    extends: true,
    test: { name, dir: join(repo, dir), include },
  };
}

export default projects;
