/**
 * One queue per key: `run(key, fn)` starts `fn` once every earlier `fn` of the same key has
 * settled. Keys are independent. Used for in-process locks (memory storage, and in front of the
 * database locks of the other adapters so that one process does not queue on the database).
 */
export function createKeyedMutex() {
  const tails = new Map<string, Promise<void>>();
  return {
    async run<T>(key: string, fn: () => Promise<T>): Promise<T> {
      const previous = tails.get(key) ?? Promise.resolve();
      let release!: () => void;
      const current = new Promise<void>((resolve) => {
        release = resolve;
      });
      const tail = previous.then(() => current);
      tails.set(key, tail);
      await previous;
      try {
        return await fn();
      } finally {
        release();
        if (tails.get(key) === tail) tails.delete(key);
      }
    },
  };
}
