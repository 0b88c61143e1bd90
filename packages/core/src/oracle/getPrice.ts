import type { Address } from "viem";
import type { PriceSimulator } from "./PriceSimulator.js";
import { type OnChainPrice, readPrices } from "./readPrices.js";
import { unreachableAsTyped } from "./unreachableAsTyped.js";

/**
 * One token's on-chain price. Fails with `UNKNOWN_SYMBOL` for a symbol the simulator does not
 * price and `CHAIN_UNREACHABLE` when the node does not answer.
 *
 * @example
 * const { price, isStale } = await platform.oracle.price("ETH");
 */
export async function getPrice(sim: PriceSimulator, symbol: unknown): Promise<OnChainPrice> {
  try {
    await sim.ready();
  } catch (error) {
    throw unreachableAsTyped(error);
  }
  const token = sim.token(symbol);
  try {
    const [price] = await readPrices(sim, sim.oracle as Address, [token]);
    return price as OnChainPrice;
  } catch (error) {
    throw unreachableAsTyped(error);
  }
}
