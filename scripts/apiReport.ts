// The API reports: one `packages/<package>/api/<report>.api.md` per public entry point of every
// published package, made by API Extractor from the built .d.ts (run `pnpm build` first). They
// make a change to the public surface show in review.
//
//   pnpm api:check    fails when a report differs from the built surface (CI runs it)
//   pnpm api:update   rewrites the reports; commit them with the change
//
// `@privnet/core/internal` has no report: semver does not cover it.
import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { Extractor, ExtractorConfig, ExtractorLogLevel } from "@microsoft/api-extractor";

const repo = join(dirname(fileURLToPath(import.meta.url)), "..");

/** Package folder → its public entry points (dist path without extension → report name). */
const entries: Record<string, Record<string, string>> = {
  core: {
    "dist/exports/index": "core",
    "dist/exports/bots": "core-bots",
    "dist/exports/contracts": "core-contracts",
    "dist/exports/testing": "core-testing",
  },
  scenarios: { "dist/exports/index": "scenarios" },
  devnet: {
    "dist/exports/index": "devnet",
    "dist/exports/vitest": "devnet-vitest",
    "dist/exports/faults": "devnet-faults",
  },
  http: { "dist/exports/index": "http", "dist/exports/testing": "http-testing" },
  "express-adapter": { "dist/exports/index": "express-adapter" },
  "oracle-http": { "dist/exports/index": "oracle-http" },
  "storage-sqlite": { "dist/exports/index": "storage-sqlite" },
  "storage-postgres": { "dist/exports/index": "storage-postgres" },
  cli: { "dist/exports/index": "cli" },
  panel: { "dist/exports/index": "panel" },
};

const update = process.argv.includes("--update");
const temp = mkdtempSync(join(tmpdir(), "privnet-api-"));
const failures: string[] = [];

try {
  for (const [pkg, points] of Object.entries(entries)) {
    const folder = join(repo, "packages", pkg);
    for (const [entry, report] of Object.entries(points)) {
      const dts = join(folder, `${entry}.d.ts`);
      if (!existsSync(dts)) {
        failures.push(`${pkg}: ${entry}.d.ts is missing: run \`pnpm build\` first`);
        continue;
      }
      mkdirSync(join(folder, "api"), { recursive: true });
      const config = ExtractorConfig.prepare({
        configObjectFullPath: undefined,
        packageJsonFullPath: join(folder, "package.json"),
        configObject: {
          projectFolder: folder,
          newlineKind: "lf",
          mainEntryPointFilePath: dts,
          // The published .d.ts as a consumer resolves it: no "source" condition, so that imports
          // of other @privnet packages stay external (their own reports cover them).
          compiler: {
            overrideTsconfig: {
              compilerOptions: {
                target: "ES2023",
                lib: ["ES2023"],
                module: "ESNext",
                moduleResolution: "Bundler",
                types: ["node"],
                strict: true,
                skipLibCheck: true,
              },
              files: [dts],
            },
          },
          apiReport: {
            enabled: true,
            reportFileName: report,
            reportFolder: join(folder, "api"),
            reportTempFolder: join(temp, pkg),
            includeForgottenExports: false,
          },
          docModel: { enabled: false },
          dtsRollup: { enabled: false },
          tsdocMetadata: { enabled: false },
          messages: {
            compilerMessageReporting: { default: { logLevel: ExtractorLogLevel.Warning } },
            extractorMessageReporting: {
              default: { logLevel: ExtractorLogLevel.Warning },
              // privnet does not use release tags (@public, @beta): an entry's exports are public.
              "ae-missing-release-tag": { logLevel: ExtractorLogLevel.None },
              // A type the API uses but the entry does not export by name: printed, not put in the
              // report, whose notes would carry .d.ts line numbers and tsup's chunk names.
              "ae-forgotten-export": { logLevel: ExtractorLogLevel.Warning, addToApiReportFile: false },
              // Documentation is reviewed in the report's diff, not enforced here.
              "ae-undocumented": { logLevel: ExtractorLogLevel.None },
              "ae-unresolved-link": { logLevel: ExtractorLogLevel.None },
            },
            // TSDoc style is not what this checks.
            tsdocMessageReporting: { default: { logLevel: ExtractorLogLevel.None } },
          },
        },
      });
      const result = Extractor.invoke(config, {
        localBuild: update,
        showVerboseMessages: false,
        messageCallback: (message) => {
          // "You have changed the public API signature…": reported once below, with what to run.
          if (message.messageId === "console-api-report-changed") message.logLevel = ExtractorLogLevel.None;
        },
      });
      if (result.apiReportChanged && !update) {
        failures.push(`${pkg}: api/${report}.api.md is out of date`);
      } else if (result.errorCount > 0) {
        // Warnings (a forgotten export) are printed above and do not fail the check.
        failures.push(`${pkg}: API Extractor failed on ${entry}.d.ts (${result.errorCount} errors)`);
      }
    }
  }
} finally {
  rmSync(temp, { recursive: true, force: true });
}

if (failures.length > 0) {
  console.error(`\n${failures.join("\n")}`);
  if (!update) {
    console.error(
      "\nThe public API changed: run `pnpm build && pnpm api:update`, review the diff of packages/*/api and commit it.",
    );
  }
  process.exit(1);
}
console.log(update ? "API reports written." : "API reports match the built packages.");
