import { EventEmitter } from "eventemitter3";
import type { PlatformEvents } from "../context/PlatformEvents.js";

type Listener = (...args: never[]) => unknown;

/**
 * The platform's event emitter, with each listener kept apart from the operation that emits: a
 * listener that throws (or returns a promise that rejects) is reported and skipped, and never
 * fails a send, a price push or a bot's tick, nor stops the listeners after it. A thrown error goes
 * to the `listenerError` listeners when there are any, otherwise to `console.error`.
 *
 * @example
 * const events = isolatedListeners();
 * events.on("price", () => { throw new Error("oops"); }); // logged; the push still succeeds
 */
export function isolatedListeners(): EventEmitter<PlatformEvents> {
  const emitter = new EventEmitter<PlatformEvents>();
  const wrapped = new WeakMap<Listener, Listener>();
  const report = (event: string | symbol, error: unknown) => {
    if (event !== "listenerError" && emitter.listenerCount("listenerError") > 0) {
      emitter.emit("listenerError", error, String(event));
    } else {
      console.error(`privnet: a listener of the "${String(event)}" event failed:`, error);
    }
  };
  const wrap = (event: string | symbol, fn: Listener): Listener => {
    let guard = wrapped.get(fn);
    if (!guard) {
      guard = function (this: unknown, ...args: never[]) {
        try {
          const result = fn.apply(this, args);
          if (result instanceof Promise) result.catch((error: unknown) => report(event, error));
          return result;
        } catch (error) {
          report(event, error);
          return undefined;
        }
      };
      wrapped.set(fn, guard);
    }
    return guard;
  };
  const on = emitter.on.bind(emitter);
  const once = emitter.once.bind(emitter);
  const off = emitter.off.bind(emitter);
  const untyped = emitter as unknown as Record<string, unknown>;
  untyped.on = untyped.addListener = (event: string, fn: Listener, context?: unknown) =>
    on(event as never, wrap(event, fn) as never, context);
  untyped.once = (event: string, fn: Listener, context?: unknown) =>
    once(event as never, wrap(event, fn) as never, context);
  untyped.off = untyped.removeListener = (
    event: string,
    fn?: Listener,
    context?: unknown,
    onlyOnce?: boolean,
  ) => off(event as never, (fn && (wrapped.get(fn) ?? fn)) as never, context, onlyOnce);
  return emitter;
}
