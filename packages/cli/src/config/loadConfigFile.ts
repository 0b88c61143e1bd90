import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { type PrivnetConfig, privnetConfigSchema } from "./defineConfig.js";
import { UsageError } from "./UsageError.js";

/** File names `privnet up` looks for in the working directory, in this order. */
export const CONFIG_FILE_NAMES = [
  "privnet.config.ts",
  "privnet.config.mts",
  "privnet.config.js",
  "privnet.config.mjs",
];

export type LoadedConfig = { path: string | undefined; config: PrivnetConfig };

/**
 * Loads and validates the config: `explicitPath` when given (it must exist), else the first of
 * {@link CONFIG_FILE_NAMES} in `cwd`, else an empty config. TypeScript files load through tsx's
 * `tsImport`, in a `"type": "module"` project as in a CommonJS one (npm's default).
 *
 * @example
 * const { path, config } = await loadConfigFile(process.cwd());
 */
export async function loadConfigFile(cwd: string, explicitPath?: string): Promise<LoadedConfig> {
  const path = explicitPath
    ? resolve(cwd, explicitPath)
    : CONFIG_FILE_NAMES.map((name) => resolve(cwd, name)).find((candidate) => existsSync(candidate));
  if (!path) return { path: undefined, config: {} };
  if (!existsSync(path)) throw new UsageError(`The config file ${path} does not exist.`);

  let loaded: unknown;
  try {
    loaded = await importModule(path);
  } catch (error) {
    throw new UsageError(`The config file ${path} could not be loaded: ${(error as Error).message}`);
  }
  const exported = defaultExport(loaded);
  const parsed = privnetConfigSchema.safeParse(exported, { reportInput: true });
  if (!parsed.success) {
    const problems = parsed.error.issues
      .map((issue) => `  ${issue.path.length ? issue.path.join(".") : "(config)"}: ${issue.message}`)
      .join("\n");
    throw new UsageError(`The config file ${path} is not valid:\n${problems}`);
  }
  return { path, config: parsed.data as PrivnetConfig };
}

async function importModule(path: string): Promise<unknown> {
  const url = pathToFileURL(path).href;
  if (!/\.[mc]?ts$/.test(path)) return import(url);
  // Not Node's own type stripping: it reads a .ts file as CommonJS in a package without
  // "type": "module" and fails on the first `import`. tsx compiles the file for either kind of
  // package, and only for this import (no hooks left registered).
  const { tsImport } = await import("tsx/esm/api");
  return tsImport(url, import.meta.url);
}

/**
 * The config a module exports by default. A TypeScript file in a CommonJS package is compiled to
 * CommonJS: its `export default` arrives as `module.exports.default`, marked `__esModule`.
 */
function defaultExport(loaded: unknown): unknown {
  const exported = (loaded as { default?: unknown }).default ?? loaded;
  if (
    typeof exported === "object" &&
    exported !== null &&
    "__esModule" in exported &&
    "default" in exported
  ) {
    return exported.default;
  }
  return exported;
}
