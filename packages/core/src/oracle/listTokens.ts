import type { OracleToken, PriceSimulator } from "./PriceSimulator.js";

/**
 * The tokens the simulator prices, with their base prices and models.
 *
 * @example
 * await platform.oracle.tokens(); // [{ symbol: "ETH", address: "0xEeee…", base: 2000, model: { type: "seed", variation: 0.02 } }, …]
 */
export async function listTokens(sim: PriceSimulator): Promise<OracleToken[]> {
  await sim.ready();
  return sim.tokens().map(({ symbol, address, base, model }) => ({ symbol, address, base, model }));
}
