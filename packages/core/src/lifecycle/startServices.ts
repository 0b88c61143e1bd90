import type { Instance } from "./defineInstance.js";
import { type ServiceList, stopServices } from "./stopServices.js";

/** How {@link startServices} may be stopped before it is done. */
export type StartServicesOptions = {
  /**
   * Aborted: no further service starts; the one starting finishes its start, then what started
   * stops in reverse order and `signal.reason` is thrown (a Ctrl-C during a start).
   */
  signal?: AbortSignal | undefined;
};

/**
 * Starts `services` one after another, in the order given (a group's members together). When one
 * fails, the services are stopped in reverse order (the failed one included, those never started
 * skipped) and its error is thrown (in a group, the first failed member's in list order): the
 * same order as {@link stopServices} on close.
 *
 * @example
 * await startServices([storage, watcher, indexer]); // indexer fails: indexer, watcher, storage stop
 * await startServices([platform, [adminApi, oracleApi]]); // both servers start once the platform has
 */
export async function startServices(
  services: ServiceList,
  options: StartServicesOptions = {},
): Promise<void> {
  const { signal } = options;
  for (const entry of services) {
    try {
      signal?.throwIfAborted();
      if (!isGroup(entry)) await entry.start();
      else {
        const started = await Promise.allSettled(entry.map((member) => member.start()));
        const failed = started.find((result) => result.status === "rejected");
        if (failed) throw failed.reason;
      }
    } catch (error) {
      // The start's error is the one the caller needs; a stop's failure here would only hide it.
      await stopServices(services).catch(() => undefined);
      throw error;
    }
  }
}

function isGroup(entry: ServiceList[number]): entry is readonly Instance[] {
  return Array.isArray(entry);
}
