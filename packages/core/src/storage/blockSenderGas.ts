import type { Address } from "viem";
import type { BlockSenderGas, IndexedBlockData } from "./ExplorerStore.js";

/**
 * A block's gas used and transaction count by sender (addresses compared without case), in the
 * order each sender first appears: the rows a store keeps with the block for
 * `ExplorerStore.blockGasBySender`.
 *
 * @example
 * blockSenderGas({ block, transactions }); // [{ blockNumber: 7n, from: "0x…", gasUsed: 42000n, transactionCount: 2 }]
 */
export function blockSenderGas({ block, transactions }: IndexedBlockData): BlockSenderGas[] {
  const senders = new Map<string, { from: Address; gasUsed: bigint; transactionCount: number }>();
  for (const transaction of transactions) {
    const key = transaction.from.toLowerCase();
    const sender = senders.get(key) ?? { from: transaction.from, gasUsed: 0n, transactionCount: 0 };
    sender.gasUsed += transaction.gasUsed;
    sender.transactionCount++;
    senders.set(key, sender);
  }
  return [...senders.values()].map((sender) => ({ blockNumber: block.number, ...sender }));
}
