import type { Instance } from "./defineInstance.js";

/**
 * What a `start…()` function answers for the instance it started (a devnet, a server): its name,
 * its status and events, `stop()` and `await using`, but no `start`: the function started it.
 */
export type StartedInstance = Omit<Instance, "start" | "restart">;

/**
 * Gives `target` the shape of a {@link StartedInstance}, read from `instance` at each access (the
 * status is always the instance's own), and answers it. `target`'s own getters stay as they are.
 *
 * @example
 * const server = defineService({ name: "the oracle API", start: listen, stop: close });
 * await server.start();
 * return withInstance({ url, port }, server); // server.status, server.stop(), await using
 */
export function withInstance<T extends object>(target: T, instance: Instance): T & StartedInstance {
  return Object.defineProperties(target, {
    name: { value: instance.name, enumerable: true },
    state: { get: () => instance.state, enumerable: true },
    status: { get: () => instance.status, enumerable: true },
    stop: { value: () => instance.stop() },
    on: { value: instance.on },
    off: { value: instance.off },
    [Symbol.asyncDispose]: { value: () => instance.stop() },
  }) as T & StartedInstance;
}
