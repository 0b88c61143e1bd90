import type { PriceSimulator } from "./PriceSimulator.js";
import type { PushReason } from "./PriceUpdate.js";
import { pushDrawn } from "./pushPrices.js";

/**
 * The oracle's push loop: a push at start, then one every `interval` ms while not frozen, plus
 * deviation pushes when configured. A failed push is reported by the queue (status and `oracle`
 * events) and the loop goes on; the next tick pushes newer prices.
 */
export class PushLoop {
  readonly #sim: PriceSimulator;
  #timers: NodeJS.Timeout[] = [];
  #ticking: Promise<unknown> | undefined;

  constructor(sim: PriceSimulator) {
    this.#sim = sim;
  }

  get running(): boolean {
    return this.#timers.length > 0;
  }

  /**
   * Starts the loop and resolves after its first push settled (frozen: none). Idempotent.
   *
   * @example
   * await platform.oracle.start();
   */
  async start(): Promise<void> {
    const sim = this.#sim;
    await sim.ready();
    if (this.running) return;
    const { interval, deviation } = sim.options;
    const run = (drawn: Map<string, number>, reason: PushReason) => {
      const pushing = pushDrawn(sim, drawn, reason).catch(() => {
        // Reported through the queue; the next tick tries again with newer prices.
      });
      this.#ticking = pushing;
      return pushing;
    };
    const tick = () => (sim.state.frozen ? undefined : run(sim.draw(), "tick"));
    this.#timers.push(setInterval(tick, interval));
    if (deviation) {
      this.#timers.push(
        setInterval(() => {
          if (sim.state.frozen) return;
          const drawn = sim.draw(deviation.checkInterval);
          const moved = sim.tokens().some((token) => {
            const price = drawn.get(token.symbol);
            const last = token.lastPushed;
            return (
              price !== undefined && last !== null && Math.abs(price - last) / last > deviation.threshold
            );
          });
          if (moved) void run(drawn, "deviation");
        }, deviation.checkInterval),
      );
    }
    sim.events.emit("oracle", { type: "started", interval });
    await tick();
  }

  /** Stops the loop and waits for a push in flight. Idempotent. */
  async stop(): Promise<void> {
    if (!this.running) return;
    for (const timer of this.#timers.splice(0)) clearInterval(timer);
    await this.#ticking;
    this.#sim.events.emit("oracle", { type: "stopped" });
  }
}
