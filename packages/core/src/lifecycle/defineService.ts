import { type DefineInstanceParameters, defineInstance, type Instance } from "./defineInstance.js";

/** One of a platform's services: an {@link Instance} that, once stopped, never starts again. */
export type Service = Instance;

/** {@link defineInstance}'s parameters: a service is never restartable. */
export type DefineServiceParameters = Omit<DefineInstanceParameters, "restartable">;

/**
 * A platform's service: a one-shot {@link defineInstance} — started once, stopped once (a second
 * `stop()` waits for the first), and `stop` runs after a failed start too, so that whatever the
 * start left behind is undone.
 *
 * @example
 * const poller = defineService({
 *   name: "poller",
 *   start: () => { timer = setInterval(poll, 1_000); },
 *   stop: () => clearInterval(timer),
 * });
 * await poller.start(); // "started"
 * await poller.stop(); // "stopped"; poller.start() now throws
 */
export function defineService(parameters: DefineServiceParameters): Service {
  return defineInstance({ ...parameters, restartable: false });
}
