import { type FSWatcher, watch } from "node:fs";
import { isPrivnetError, type Platform } from "@privnet/core";

/** How long a folder must stay quiet before it is read again: a build writes many files. */
const SETTLE_MS = 300;

export type WatchArtifactsParameters = {
  platform: Platform;
  /** Absolute folder paths. */
  folders: readonly string[];
  /** One line per load: what loaded, and each file that could not be used. */
  report: (line: string) => void;
};

/**
 * Loads each build folder into the explorer (`platform.contracts.loadArtifacts`) and loads it
 * again whenever files under it change (a rebuild), once the folder has been quiet for a moment.
 * A folder that cannot be read is reported, not fatal. Returns the function that stops watching.
 *
 * @example
 * const stop = await watchArtifacts({ platform, folders: ["/app/artifacts"], report: console.log });
 */
export async function watchArtifacts(params: WatchArtifactsParameters): Promise<() => Promise<void>> {
  const watchers: FSWatcher[] = [];
  const timers = new Set<NodeJS.Timeout>();
  let stopped = false;
  const load = async (folder: string, again: boolean) => {
    try {
      const loaded = await params.platform.contracts.loadArtifacts(folder);
      const bad = loaded.errors.length;
      params.report(
        `${again ? "reloaded" : "loaded"} ${folder}: ${loaded.contracts.length} contract${loaded.contracts.length === 1 ? "" : "s"}${bad > 0 ? `, ${bad} file${bad === 1 ? "" : "s"} not used` : ""}`,
      );
      for (const error of loaded.errors) params.report(`  ${error.file}: ${error.message}`);
    } catch (error) {
      params.report(`${folder}: ${isPrivnetError(error) ? error.shortMessage : String(error)}`);
    }
  };
  for (const folder of params.folders) {
    await load(folder, false);
    let timer: NodeJS.Timeout | undefined;
    try {
      const watcher = watch(folder, { recursive: true }, () => {
        if (stopped) return;
        if (timer) {
          clearTimeout(timer);
          timers.delete(timer);
        }
        timer = setTimeout(() => {
          if (timer) timers.delete(timer);
          void load(folder, true);
        }, SETTLE_MS);
        timers.add(timer);
      });
      // A watched folder that is removed (a clean build) ends its watch; the last load stays.
      watcher.on("error", () => watcher.close());
      watchers.push(watcher);
    } catch {
      // Not there (already reported by the load): nothing to watch.
    }
  }
  return async () => {
    stopped = true;
    for (const timer of timers) clearTimeout(timer);
    for (const watcher of watchers) watcher.close();
  };
}
