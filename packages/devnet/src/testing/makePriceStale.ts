import type { Platform } from "@privnet/core";
import { priceOracleAbi } from "@privnet/core/contracts";
import { getBlock, readContract } from "viem/actions";
import type { AnvilTestClient } from "./AnvilTestClient.js";
import { timeTravel } from "./timeTravel.js";

export type MakePriceStaleParameters = {
  /** The token whose price goes stale (the others age with it). */
  symbol: string;
};

export type MakePriceStaleReturnType = {
  symbol: string;
  /** Seconds since the price was written, at the new latest block. */
  ageSeconds: number;
  /** The token's heartbeat: a price older than this is stale. */
  heartbeat: number;
};

/**
 * Ages a token's on-chain price one second past its heartbeat, so that `getPrice` reverts
 * `Price is stale` and lending calls fail with `PRICE_STALE`. Freezes the oracle simulator first,
 * so that its push loop does not write a fresh price; `platform.oracle.resume()` undoes both.
 * The chain's clock moves for every token.
 *
 * @example
 * await makePriceStale(testClient, platform, { symbol: "ETH" });
 * await expect(platform.lending.borrow({ … })).rejects.toMatchObject({ code: "PRICE_STALE" });
 */
export async function makePriceStale(
  client: AnvilTestClient,
  platform: Platform,
  params: MakePriceStaleParameters,
): Promise<MakePriceStaleReturnType> {
  await platform.oracle.freeze();
  const price = await platform.oracle.price(params.symbol);
  const { addresses } = await platform.contracts.get();
  const heartbeat = Number(
    await readContract(client, {
      address: addresses.priceOracle,
      abi: priceOracleAbi,
      functionName: "heartbeatOf",
      args: [price.address],
    }),
  );
  const latest = await getBlock(client, { blockTag: "latest" });
  const staleAt = BigInt(price.lastUpdated + heartbeat + 1);
  // Already stale (or never set): one more block is enough for reads to say so.
  const timestamp = await timeTravel(client, staleAt > latest.timestamp ? { to: staleAt } : { seconds: 1 });
  return { symbol: price.symbol, heartbeat, ageSeconds: Number(timestamp) - price.lastUpdated };
}
