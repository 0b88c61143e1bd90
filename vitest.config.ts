import { readdirSync, readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { projects } from "./vitest.workspace.js";

const repo = dirname(fileURLToPath(import.meta.url));

// One devnet per worker (see test/globalSetup.ts); two at least so that files run in parallel.
const workers = Number(process.env.PRIVNET_TEST_WORKERS) || Math.max(2, availableParallelism());

export default defineConfig({
  // Tests import the workspace packages from source, so no build is needed.
  resolve: { alias: sourceAliases() },
  test: {
    projects,
    globalSetup: [join(repo, "test/globalSetup.ts")],
    maxWorkers: workers,
    pool: "forks",
    testTimeout: 30_000,
    hookTimeout: 30_000,
    reporters: process.env.CI ? ["default", ["json", { outputFile: "reports/vitest.json" }]] : ["default"],
  },
});

/**
 * Maps every export of every workspace package to its "source" entry (`@privnet/core` →
 * packages/core/src/exports/index.ts). An alias rather than a resolve condition, because Vitest
 * does not apply custom conditions to global setup files.
 */
function sourceAliases(): { find: RegExp; replacement: string }[] {
  const aliases: { find: RegExp; replacement: string }[] = [];
  for (const dir of readdirSync(join(repo, "packages"))) {
    const root = resolve(repo, "packages", dir);
    let manifest: { name: string; exports?: Record<string, string | { source?: string }> };
    try {
      manifest = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
    } catch {
      continue;
    }
    for (const [subpath, target] of Object.entries(manifest.exports ?? {})) {
      if (typeof target !== "object" || !target.source) continue;
      const specifier = join(manifest.name, subpath).replaceAll("\\", "/");
      aliases.push({
        find: new RegExp(`^${specifier.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}$`),
        replacement: join(root, target.source),
      });
    }
  }
  return aliases;
}
