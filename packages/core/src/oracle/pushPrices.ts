import type { PushReason } from "../context/PriceUpdate.js";
import type { OraclePushReturnType, PriceSimulator } from "./PriceSimulator.js";
import { priceFromNumber } from "./parsePrice.js";

/**
 * Draws new prices for every token and pushes them in one `updatePrices` transaction now, frozen
 * or not. Resolves once mined with what was written. While the chain is known to be down (the
 * last attempt of any push found the node not answering), it first asks the node for its block
 * number once, and fails at once with CHAIN_UNREACHABLE when it still does not answer.
 *
 * @example
 * const { hash, prices } = await platform.oracle.push();
 */
export async function pushPrices(
  sim: PriceSimulator,
  reason: PushReason = "manual",
): Promise<OraclePushReturnType> {
  await sim.checkChainIfDown();
  await sim.ready();
  return pushDrawn(sim, sim.draw(), reason);
}

/** Pushes prices already drawn (the loop's deviation check draws first, then decides). */
export function pushDrawn(
  sim: PriceSimulator,
  drawn: Map<string, number>,
  reason: PushReason,
): Promise<OraclePushReturnType> {
  const symbols = [...drawn.keys()];
  return sim.push(
    symbols,
    symbols.map((symbol) => priceFromNumber(drawn.get(symbol) as number)),
    reason,
  );
}
