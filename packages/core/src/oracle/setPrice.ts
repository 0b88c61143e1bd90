import { type Address, formatEther, getAddress, isAddress, zeroAddress } from "viem";
import { InvalidAddressError } from "../errors/sender.js";
import { createPriceModel } from "./models/createPriceModel.js";
import type { PriceSimulator } from "./PriceSimulator.js";
import { parsePrice } from "./parsePrice.js";
import { parseSymbol } from "./parseSymbol.js";
import { symbolAddress } from "./symbolAddress.js";

export type SetPriceReturnType = {
  symbol: string;
  address: Address;
  /** USD decimal string, as the transaction's PriceUpdated event stored it. */
  price: string;
  hash: `0x${string}`;
  blockNumber: bigint;
};

/**
 * Writes one price on-chain at once and makes it the token's base (its model keeps drawing around
 * it). An unknown symbol is added as a fixed-price token at `address`, or at
 * {@link symbolAddress}(symbol) without one, and is pushed with the others from then on; if its
 * push fails it is not added. Fails with `INVALID_SYMBOL`, `INVALID_PRICE`, `INVALID_ADDRESS`
 * (also for a known symbol given another address, or the zero address) before anything is sent.
 *
 * Called while a push is in flight, the price waits for the next push and goes out with every
 * other request taken meanwhile; it resolves with that push. When a later request for the same
 * symbol went out in the same push, `price` is that later price: the one the chain holds.
 *
 * @example
 * await platform.oracle.setPrice("WBTC", "65000"); // { symbol, address, price, hash, blockNumber }
 */
export async function setPrice(
  sim: PriceSimulator,
  symbol: unknown,
  price: unknown,
  address?: unknown,
): Promise<SetPriceReturnType> {
  await sim.ready();
  const key = parseSymbol(symbol);
  const wei = parsePrice(price);
  const known = sim.tokens().find((token) => token.symbol === key);
  let given: Address | undefined;
  if (address !== undefined && address !== null) {
    if (typeof address !== "string" || !isAddress(address, { strict: false })) {
      throw new InvalidAddressError("address", address, "not 0x and 40 hex digits.");
    }
    given = getAddress(address);
    // The oracle refuses it, and the push would fail for every request waiting with this one.
    if (given === zeroAddress)
      throw new InvalidAddressError("address", address, "the zero address is no price key.");
    if (known && known.address !== given) {
      throw new InvalidAddressError("address", address, `${key} is already priced at ${known.address}.`);
    }
  }
  const usd = Number(formatEther(wei));
  if (!known) {
    sim.addToken({
      symbol: key,
      address: given ?? symbolAddress(key),
      base: usd,
      model: { type: "fixed" },
      live: createPriceModel({ type: "fixed" }),
      random: sim.randomFor(key),
      current: usd,
      lastPushed: null,
    });
  }
  let result: Awaited<ReturnType<PriceSimulator["push"]>>;
  try {
    result = await sim.push([key], [wei], "setPrice");
  } catch (error) {
    // A new symbol whose price never reached the chain is not added.
    if (!known) sim.removeToken(key);
    throw error;
  }
  // Only a written price moves the base: the one the push stored, which is a later caller's when
  // that caller's price for the symbol went out in the same push.
  const written = result.prices[key] === undefined ? usd : Number(result.prices[key]);
  const token = sim.token(key);
  token.base = written;
  token.current = written;
  sim.state.bases[key] = written;
  if (sim.state.ramp?.symbol === key) sim.state.ramp = null;
  await sim.save();
  return {
    symbol: key,
    address: sim.token(key).address,
    price: result.prices[key] ?? formatEther(wei),
    hash: result.hash,
    blockNumber: result.blockNumber,
  };
}
