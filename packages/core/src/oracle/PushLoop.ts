import type { PushReason } from "../context/PriceUpdate.js";
import { isPrivnetError } from "../errors/PrivnetError.js";
import type { PriceSimulator } from "./PriceSimulator.js";
import { pushDrawn } from "./pushPrices.js";

/**
 * The oracle's push loop: a push at start, then one every `interval` ms while not frozen, plus
 * deviation pushes when configured. A failed push is reported in the status (and by the queue as
 * `oracle` events) and the loop goes on; the next tick pushes newer prices.
 */
export class PushLoop {
  readonly #sim: PriceSimulator;
  #timers: NodeJS.Timeout[] = [];
  readonly #inFlight = new Set<Promise<void>>();

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
    const tick = () => (sim.state.frozen ? undefined : this.#run("tick", () => sim.draw()));
    this.#timers.push(setInterval(tick, interval));
    if (deviation) {
      this.#timers.push(
        setInterval(() => {
          if (sim.state.frozen) return;
          void this.#run("deviation", () => {
            const drawn = sim.draw(deviation.checkInterval);
            return this.#moved(drawn, deviation.threshold) ? drawn : undefined;
          });
        }, deviation.checkInterval),
      );
    }
    sim.events.emit("oracle", { type: "started", interval });
    await tick();
  }

  /**
   * One push of the loop, of the prices `draw` gives (none when it gives none). Never rejects: a
   * failed push is reported by the queue (status and `oracle` events); a failure before or after
   * it (drawing the prices, storing the push) is recorded in the status here. The next tick
   * pushes newer prices.
   */
  #run(reason: PushReason, draw: () => Map<string, number> | undefined): Promise<void> {
    const sim = this.#sim;
    const pushing = (async () => {
      try {
        const drawn = draw();
        if (drawn) await pushDrawn(sim, drawn, reason);
      } catch (error) {
        if (isPrivnetError(error, "ORACLE_PUSH_FAILED") || isPrivnetError(error, "PLATFORM_CLOSED")) return;
        sim.recordFailure(error);
      }
    })();
    this.#inFlight.add(pushing);
    void pushing.finally(() => this.#inFlight.delete(pushing));
    return pushing;
  }

  /** Whether a drawn price moved past `threshold` (a fraction) from the last pushed one. */
  #moved(drawn: Map<string, number>, threshold: number): boolean {
    return this.#sim.tokens().some((token) => {
      const price = drawn.get(token.symbol);
      const last = token.lastPushed;
      return price !== undefined && last !== null && Math.abs(price - last) / last > threshold;
    });
  }

  /** Stops the loop and waits for the pushes in flight. Idempotent. */
  async stop(): Promise<void> {
    if (!this.running) return;
    for (const timer of this.#timers.splice(0)) clearInterval(timer);
    await Promise.all(this.#inFlight);
    this.#sim.events.emit("oracle", { type: "stopped" });
  }
}
