import type { OraclePushReturnType, PriceSimulator } from "./PriceSimulator.js";
import { pushPrices } from "./pushPrices.js";

/**
 * Ends a freeze and pushes fresh prices at once.
 *
 * @example
 * const { hash } = await platform.oracle.resume();
 */
export async function resume(sim: PriceSimulator): Promise<OraclePushReturnType> {
  await sim.ready();
  sim.state.frozen = false;
  await sim.save();
  sim.events.emit("oracle", { type: "resumed" });
  return pushPrices(sim, "resume");
}
