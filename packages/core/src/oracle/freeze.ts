import type { PriceSimulator } from "./PriceSimulator.js";

/**
 * Scenario: the loop stops pushing, so prices go stale on-chain once older than their heartbeat.
 * Kept in the stored state, so a restarted platform is still frozen.
 *
 * @example
 * await platform.oracle.freeze();
 */
export async function freeze(sim: PriceSimulator): Promise<void> {
  await sim.ready();
  sim.state.frozen = true;
  await sim.save();
  sim.events.emit("oracle", { type: "frozen" });
}
