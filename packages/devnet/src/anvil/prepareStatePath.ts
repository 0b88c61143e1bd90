import { mkdirSync, statSync } from "node:fs";
import { dirname } from "node:path";
import { DevnetStateInvalidError } from "../errors.js";

/**
 * Readies `statePath` (absolute) for anvil's `--state`: the file may be missing (anvil writes it
 * when it stops), but its folder is made, and a path that exists must be a regular file
 * ({@link DevnetStateInvalidError} otherwise).
 *
 * @example
 * prepareStatePath("/srv/app/.privnet/chain-state.json"); // makes /srv/app/.privnet if missing
 */
export function prepareStatePath(statePath: string): void {
  mkdirSync(dirname(statePath), { recursive: true });
  try {
    const stat = statSync(statePath);
    if (!stat.isFile()) {
      throw new DevnetStateInvalidError(statePath, "(the path exists but is not a regular file)");
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return; // written on stop
    throw error;
  }
}
