import type { Instance } from "./defineInstance.js";
import { throwStopFailures } from "./throwStopFailures.js";

/**
 * Instances in the order they start; an inner list is a group that needs what comes before it but
 * not its own members, and starts together (a stack's servers). They stop in the reverse order,
 * a group's members in reverse too.
 */
export type ServiceList = readonly (Instance | readonly Instance[])[];

/**
 * Stops `instances` in the reverse of their order (a group's members in reverse too), each once
 * the one after it has stopped. A stop that throws does not keep the others running: they all
 * stop, then the failures are thrown by the one rule of {@link throwStopFailures}.
 *
 * @example
 * await stopServices([storage, watcher, indexer]); // indexer, watcher, then storage
 */
export async function stopServices(instances: ServiceList): Promise<void> {
  const failures: { name: string; error: unknown }[] = [];
  for (const instance of instances.flat().reverse()) {
    try {
      await instance.stop();
    } catch (error) {
      failures.push({ name: instance.name, error });
    }
  }
  throwStopFailures(failures);
}
