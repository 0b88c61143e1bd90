import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, test } from "vitest";

const src = dirname(fileURLToPath(import.meta.url));
const packageRoot = resolve(src, "..");

/** Core's public entries: the ones the API reports and semver cover. */
const PUBLIC_CORE = new Set([
  "@privnet/core",
  "@privnet/core/bots",
  "@privnet/core/contracts",
  "@privnet/core/testing",
]);

/**
 * What a file imports that a third-party scenario author could not: an entry of @privnet/core
 * beyond its public ones (`/internal`, a deep path), or a relative path out of this package.
 */
function forbiddenImports(file: string, text: string): string[] {
  const { importedFiles } = ts.preProcessFile(text, true, true);
  return importedFiles
    .map(({ fileName }) => fileName)
    .filter((specifier) => {
      if (specifier.startsWith("@privnet/core")) return !PUBLIC_CORE.has(specifier);
      if (specifier.startsWith("."))
        return relative(packageRoot, resolve(dirname(file), specifier)).startsWith("..");
      return false;
    });
}

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe("@privnet/scenarios uses only what a scenario author gets", () => {
  test("no file of src/ reaches into core beyond its public entries", () => {
    const files = sourceFiles(src);
    expect(files.length).toBeGreaterThan(20);
    const reaches = files.flatMap((file) =>
      forbiddenImports(file, readFileSync(file, "utf8")).map(
        (specifier) => `${relative(src, file)}: ${specifier}`,
      ),
    );
    expect(reaches).toEqual([]);
  });

  test("the check sees /internal, deep paths and relative reaches, in static and dynamic imports", () => {
    const file = join(src, "scenarios", "someBot.ts");
    const text = [
      'import { parseAmount } from "@privnet/core/internal";',
      'import type { X } from "@privnet/core/dist/exports/index.js";',
      'export { TRANSFER_GAS } from "../../../core/src/sender/NonceManager.js";',
      'const late = await import("../../../core/src/bots/BotConfig.js");',
      'import { defineBot } from "@privnet/core/bots";',
      'import { randomHex } from "./randomValues.js";',
    ].join("\n");
    expect(forbiddenImports(file, text)).toEqual([
      "@privnet/core/internal",
      "@privnet/core/dist/exports/index.js",
      "../../../core/src/sender/NonceManager.js",
      "../../../core/src/bots/BotConfig.js",
    ]);
  });
});
