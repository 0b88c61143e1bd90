import { createPriceModel } from "./models/createPriceModel.js";
import type { PriceSimulator } from "./PriceSimulator.js";
import { parsePrice } from "./parsePrice.js";
import { type SetPriceReturnType, setPrice } from "./setPrice.js";

/**
 * Scenario: pins `symbol` at `price` — its model becomes `fixed` — and writes it now.
 *
 * @example
 * await platform.oracle.depeg("USDC", "0.95");
 */
export async function depeg(
  sim: PriceSimulator,
  symbol: unknown,
  price: unknown,
): Promise<SetPriceReturnType> {
  await sim.ready();
  const token = sim.token(symbol);
  parsePrice(price);
  token.model = { type: "fixed" };
  token.live = createPriceModel(token.model);
  sim.state.models[token.symbol] = token.model;
  return setPrice(sim, token.symbol, price);
}
