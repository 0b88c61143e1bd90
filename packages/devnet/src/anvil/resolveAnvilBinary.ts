import { accessSync, constants } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { DevnetBinaryNotFoundError } from "../errors.js";

const require = createRequire(import.meta.url);

/** The npm package that ships anvil's binary for this platform, as `@foundry-rs/anvil` names them. */
function platformPackage(): { name: string; file: string } | undefined {
  const arch = process.arch === "x64" ? "amd64" : process.arch === "arm64" ? "arm64" : undefined;
  if (!arch) return undefined;
  if (process.platform === "linux" || process.platform === "darwin") {
    return { name: `@foundry-rs/anvil-${process.platform}-${arch}`, file: "bin/anvil" };
  }
  if (process.platform === "win32" && arch === "amd64") {
    return { name: "@foundry-rs/anvil-win32-amd64", file: "bin/anvil.exe" };
  }
  return undefined;
}

/**
 * Finds the anvil binary: `override` when given, else `PRIVNET_ANVIL_BINARY`, else the platform
 * package that `@foundry-rs/anvil` installs. The wrapper's own `bin.mjs` is skipped on purpose: it
 * runs anvil as a grandchild, so a signal sent to it would not reach anvil (and `--state` would not
 * be written on stop).
 */
export function resolveAnvilBinary(override?: string): string {
  const explicit = override ?? process.env.PRIVNET_ANVIL_BINARY;
  if (explicit) {
    assertExecutable(explicit, "the given path");
    return explicit;
  }
  const pkg = platformPackage();
  if (!pkg) {
    throw new DevnetBinaryNotFoundError(
      undefined,
      `@foundry-rs/anvil ships no binary for ${process.platform}-${process.arch}. Pass \`binary\` (or set PRIVNET_ANVIL_BINARY) to an anvil you installed yourself.`,
    );
  }
  let packageJson: string;
  try {
    // The platform package is an optional dependency of @foundry-rs/anvil: resolve it from there.
    const wrapper = require.resolve("@foundry-rs/anvil/package.json");
    packageJson = createRequire(wrapper).resolve(`${pkg.name}/package.json`);
  } catch (cause) {
    throw new DevnetBinaryNotFoundError(
      undefined,
      `${pkg.name} is not installed. Reinstall dependencies (it is an optional dependency of @foundry-rs/anvil), or pass \`binary\`.`,
      cause,
    );
  }
  const binary = join(dirname(packageJson), pkg.file);
  assertExecutable(binary, pkg.name);
  return binary;
}

function assertExecutable(path: string, origin: string): void {
  try {
    accessSync(path, constants.X_OK);
  } catch (cause) {
    throw new DevnetBinaryNotFoundError(path, `No executable anvil at ${path} (from ${origin}).`, cause);
  }
}
