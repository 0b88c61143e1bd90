import type { Service } from "./defineService.js";

/**
 * Stops `services` in the reverse of their order, each once the one after it has stopped. A stop
 * that throws does not keep the others running: they all stop, then the first error is thrown.
 *
 * @example
 * await stopServices([storage, watcher, indexer]); // indexer, watcher, then storage
 */
export async function stopServices(services: readonly Service[]): Promise<void> {
  let failure: { error: unknown } | undefined;
  for (const service of [...services].reverse()) {
    try {
      await service.stop();
    } catch (error) {
      failure ??= { error };
    }
  }
  if (failure) throw failure.error;
}
