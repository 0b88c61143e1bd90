import type { Address } from "viem";
import type { PriceSimulator } from "./PriceSimulator.js";
import { type OnChainPrice, readPrices } from "./readPrices.js";
import { unreachableAsTyped } from "./unreachableAsTyped.js";

/**
 * Every token's price as the PriceOracle holds it, read back from the contract at one block.
 * `CHAIN_UNREACHABLE` when the node does not answer.
 *
 * @example
 * const prices = await platform.oracle.prices(); // [{ symbol, address, price, lastUpdated, … }]
 */
export async function getPrices(sim: PriceSimulator): Promise<OnChainPrice[]> {
  try {
    await sim.ready();
    return await readPrices(sim, sim.oracle as Address, sim.tokens());
  } catch (error) {
    throw unreachableAsTyped(error);
  }
}
