/**
 * Everything in a bot's run that waits for "something changed" — a transaction settled, a funds
 * check ended, the first send's cost became known, the bot stopped — waits here, and all of them
 * are woken together to look again. Events, no polling.
 */
export class Wakeups {
  readonly #waiting = new Set<() => void>();

  /** Wakes every waiter (each looks again and waits anew if it must). */
  wake(): void {
    const waiting = [...this.#waiting];
    this.#waiting.clear();
    for (const wake of waiting) wake();
  }

  /** Resolves at the next {@link wake}. */
  next(): Promise<void> {
    return new Promise<void>((resolve) => this.#waiting.add(resolve));
  }

  /** Resolves after `ms`, or at the next {@link wake} if that comes first. */
  pause(ms: number): Promise<void> {
    return new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.#waiting.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.#waiting.add(done);
    });
  }
}
