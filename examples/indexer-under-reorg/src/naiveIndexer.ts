import type { Address, PublicClient } from "viem";
import { Balances, BlockWaiters, type TransferIndexer, transferEvent } from "./transferEvent.js";

/**
 * The indexer most first drafts are: every `Transfer` log `watchEvent` hands over moves a balance,
 * once, for good. It never looks at `removed` and never asks whether the block a log came from is
 * still on the chain, so a reorganisation that drops a transfer leaves that transfer in its
 * balances for ever. See `reorgAwareIndexer.ts` for the fix.
 */
export function startNaiveIndexer(
  client: PublicClient,
  token: Address,
  options: { fromBlock: bigint; pollingInterval?: number },
): TransferIndexer {
  const balances = new Balances();
  const waiters = new BlockWaiters();
  const unwatch = client.watchEvent({
    address: token,
    event: transferEvent,
    fromBlock: options.fromBlock,
    pollingInterval: options.pollingInterval ?? 100,
    onLogs(logs) {
      for (const log of logs) {
        balances.move(log.args.from as Address, log.args.to as Address, log.args.value as bigint);
        if (log.blockNumber !== null) waiters.reached(log.blockNumber);
      }
    },
  });
  return {
    balanceOf: (owner) => balances.get(owner),
    waitFor: (number) => waiters.waitFor(number),
    stop: unwatch,
  };
}
