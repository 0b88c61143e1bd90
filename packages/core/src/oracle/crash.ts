import { InvalidPriceError } from "../errors/oracle.js";
import { InvalidOptionsError } from "../errors/platform.js";
import type { OraclePushReturnType, PriceSimulator } from "./PriceSimulator.js";
import { priceFromNumber } from "./parsePrice.js";

/**
 * Scenario: `symbol` falls by `percent` (0 < percent < 100) from its last pushed price — at once
 * with `overSeconds` 0 (written now; resolves with the push), or in a straight line over
 * `overSeconds`, one step per push of the loop (resolves with null). The crashed price becomes the
 * token's base afterwards.
 *
 * @example
 * await platform.oracle.crash("ETH", 40); // ETH 2,000 → 1,200 on-chain now
 * await platform.oracle.crash("ETH", 20, 600); // down 20 % over ten minutes
 */
export async function crash(
  sim: PriceSimulator,
  symbol: unknown,
  percent: number,
  overSeconds = 0,
): Promise<OraclePushReturnType | null> {
  await sim.ready();
  const token = sim.token(symbol);
  if (!(percent > 0 && percent < 100)) {
    throw new InvalidPriceError(percent, "a crash percent must be above 0 and below 100.");
  }
  if (!(overSeconds >= 0) || !Number.isFinite(overSeconds)) {
    throw new InvalidOptionsError(`overSeconds must be 0 or a positive number, got ${overSeconds}.`);
  }
  const from = token.lastPushed ?? token.current;
  const to = from * (1 - percent / 100);
  if (overSeconds > 0) {
    sim.state.ramp = { symbol: token.symbol, from, to, startedAt: Date.now(), overSeconds };
    await sim.save();
    return null;
  }
  const pushed = await sim.push([token.symbol], [priceFromNumber(to)], "scenario");
  // Only a written crash moves the base.
  const current = sim.token(token.symbol);
  current.base = to;
  current.current = to;
  sim.state.bases[token.symbol] = to;
  sim.state.ramp = null;
  await sim.save();
  return pushed;
}
