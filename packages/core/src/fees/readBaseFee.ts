import type { PublicClient } from "viem";

/**
 * The base fee a transaction sent now must cover: the higher of the latest block's and the next
 * block's, read together with one `eth_feeHistory` (its last entry is the next block's base fee).
 * A node may announce a jump for its next block — anvil's `anvil_setNextBlockBaseFeePerGas`, a
 * devnet's fee spike — and refuses a transaction whose max fee is below it ("max fee per gas less
 * than block base fee"); pricing from the latest block alone would have every send refused until
 * the spike passed. Nodes without `eth_feeHistory`: the latest block's.
 *
 * @example
 * const fees = ctx.fees.newTransaction(await readBaseFee(ctx.client));
 */
export async function readBaseFee(client: PublicClient): Promise<bigint | null> {
  try {
    const history = await client.getFeeHistory({ blockCount: 1, rewardPercentiles: [] });
    const fees = history.baseFeePerGas;
    // biome-ignore lint/complexity/useMathMinMax: bigints, which Math.max does not take
    if (fees.length > 0) return fees.reduce((high, fee) => (fee > high ? fee : high), 0n);
  } catch {
    // Answered below from the latest block.
  }
  return (await client.getBlock({ blockTag: "latest" })).baseFeePerGas;
}
