import type { OperationGuard } from "../context/OperationGuard.js";
import { PlatformClosedError } from "../errors/platform.js";

/** The platform's operations: the guard every action group wraps them in, and their count. */
export type TrackedOperations = {
  readonly guard: OperationGuard;
  /** True once `refuse()` ran: `close()` began. */
  readonly closing: boolean;
  /** From now on every operation fails with `PLATFORM_CLOSED`. */
  refuse(): void;
  /** Resolves once every accepted operation has settled, fulfilled or not. */
  settled(): Promise<void>;
};

/**
 * Every operation checks that the platform is open first and is counted until it settles, so that
 * `close()` can let it finish before the storage goes away: a call after `close()` fails with
 * `PLATFORM_CLOSED`, never with a storage error or half-written.
 */
export function trackOperations(): TrackedOperations {
  const active = new Set<Promise<unknown>>();
  let closing = false;
  const guard: OperationGuard = (operation) => {
    if (closing) return Promise.reject(new PlatformClosedError());
    const running = operation();
    const tracked = running.then(
      () => undefined,
      () => undefined,
    );
    active.add(tracked);
    void tracked.finally(() => active.delete(tracked));
    return running;
  };
  return {
    guard,
    get closing() {
      return closing;
    },
    refuse() {
      closing = true;
    },
    async settled() {
      while (active.size > 0) await Promise.all(active);
    },
  };
}
