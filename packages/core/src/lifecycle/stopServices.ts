import type { Instance } from "./defineInstance.js";
import { throwStopFailures } from "./throwStopFailures.js";

/**
 * Stops `instances` in the reverse of their order, each once the one after it has stopped. A stop
 * that throws does not keep the others running: they all stop, then the failures are thrown by the
 * one rule of {@link throwStopFailures}.
 *
 * @example
 * await stopServices([storage, watcher, indexer]); // indexer, watcher, then storage
 */
export async function stopServices(instances: readonly Instance[]): Promise<void> {
  const failures: { name: string; error: unknown }[] = [];
  for (const instance of [...instances].reverse()) {
    try {
      await instance.stop();
    } catch (error) {
      failures.push({ name: instance.name, error });
    }
  }
  throwStopFailures(failures);
}
