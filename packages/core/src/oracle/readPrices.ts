import { type Address, formatEther, type PublicClient } from "viem";
import type { ChainHead } from "../chain/ChainHead.js";
import { priceOracleAbi } from "../contracts/generated.js";

/** One token's price as the oracle contract holds it. */
export type OnChainPrice = {
  symbol: string;
  address: Address;
  /** USD, decimal string; "0" when never set. */
  price: string;
  /** USD × 1e18. */
  priceWei: bigint;
  /** Unix seconds of the last update; 0 when never set. */
  lastUpdated: number;
  /** ISO 8601 UTC of the last update; null when never set. */
  lastUpdatedDate: string | null;
  /** Older than the token's heartbeat at the latest block (or never set): `getPrice` reverts. */
  isStale: boolean;
  /**
   * The block this was read at (not the block of the last update): every price of one read comes
   * from the same block, so updates mined after it are the ones it does not hold yet.
   */
  blockNumber: bigint;
};

/**
 * Reads the given tokens' prices back from the PriceOracle (`getPriceInfo`, which never reverts),
 * all at the same block — the head read fresh — so that what is served is what the chain holds.
 *
 * @example
 * const prices = await readPrices({ client, head }, oracle, [{ symbol: "ETH", address: NATIVE_ETH_ADDRESS }]);
 */
export async function readPrices(
  ctx: { readonly client: PublicClient; readonly head: ChainHead },
  oracle: Address,
  tokens: readonly { symbol: string; address: Address }[],
): Promise<OnChainPrice[]> {
  const { client } = ctx;
  const blockNumber = await ctx.head.read();
  return Promise.all(
    tokens.map(async ({ symbol, address }) => {
      const [priceWei, timestamp, isStale] = await client.readContract({
        address: oracle,
        abi: priceOracleAbi,
        functionName: "getPriceInfo",
        args: [address],
        blockNumber,
      });
      const lastUpdated = Number(timestamp);
      return {
        symbol,
        address,
        price: formatEther(priceWei),
        priceWei,
        lastUpdated,
        lastUpdatedDate: lastUpdated > 0 ? new Date(lastUpdated * 1000).toISOString() : null,
        isStale,
        blockNumber,
      };
    }),
  );
}
