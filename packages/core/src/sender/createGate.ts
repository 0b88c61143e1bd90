/** A limit on how many callers are inside at once (see {@link createGate}). */
export type Gate = { enter(): Promise<void>; leave(): void };

/**
 * Lets at most `size` callers between enter() and leave(); the rest wait in order.
 *
 * @example
 * const atNode = createGate(64);
 * await atNode.enter();
 * try { await send(); } finally { atNode.leave(); }
 */
export function createGate(size: number): Gate {
  let inside = 0;
  const waiting: (() => void)[] = [];
  return {
    enter() {
      if (inside < size) {
        inside++;
        return Promise.resolve();
      }
      return new Promise((resolve) => waiting.push(resolve));
    },
    leave() {
      const next = waiting.shift();
      // The slot passes straight to the next waiter.
      if (next) next();
      else inside--;
    },
  };
}
