import type { Instance } from "./defineInstance.js";
import { stopServices } from "./stopServices.js";

export type StartServicesOptions = {
  /**
   * Aborted: no further service starts; the one starting finishes its start, then what started
   * stops in reverse order and `signal.reason` is thrown (a Ctrl-C during a start).
   */
  signal?: AbortSignal | undefined;
};

/**
 * Starts `services` one after another, in the order given. When one fails, the services are
 * stopped in reverse order (the failed one included, those never started skipped) and its error is
 * thrown: the same order as {@link stopServices} on close.
 *
 * @example
 * await startServices([storage, watcher, indexer]); // indexer fails: indexer, watcher, storage stop
 */
export async function startServices(
  services: readonly Instance[],
  options: StartServicesOptions = {},
): Promise<void> {
  const { signal } = options;
  for (const service of services) {
    try {
      signal?.throwIfAborted();
      await service.start();
    } catch (error) {
      // The start's error is the one the caller needs; a stop's failure here would only hide it.
      await stopServices(services).catch(() => undefined);
      throw error;
    }
  }
}
