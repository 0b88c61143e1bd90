import type { Address, Hash, Log, PublicClient } from "viem";
import { Balances, BlockWaiters, type TransferIndexer, transferEvent } from "./transferEvent.js";

type TransferLog = Log<bigint, number, false, typeof transferEvent, true>;

/** A transfer taken into the balances, under the log's block hash and index. */
type Taken = { key: string; from: Address; to: Address; value: bigint };

/** A block the indexer relies on: one it took transfers from, or the newest head it checked. */
type SeenBlock = { number: bigint; hash: Hash; transfers: Taken[] };

/**
 * The naive indexer (see `naiveIndexer.ts`) with the two things a chain that goes back needs:
 *
 * 1. a log that comes back with `removed: true` takes its transfer back out of the balances;
 * 2. it keeps the hash of every block it took transfers from (and of the newest head it checked),
 *    and before each batch of logs and at each new block it compares them with the chain's: the
 *    blocks the chain replaced are taken back, and their heights read again with `getLogs`. Over
 *    HTTP a node's log filter need not say `removed` at all, so this check is what makes it right.
 *
 * A log is taken once (by block hash and log index), whether it came from the watch or a re-read,
 * and only while its block is on the chain. Work runs one piece at a time, in arrival order.
 */
export function startReorgAwareIndexer(
  client: PublicClient,
  token: Address,
  options: { fromBlock: bigint; pollingInterval?: number; onError?: (error: unknown) => void },
): TransferIndexer {
  const pollingInterval = options.pollingInterval ?? 100;
  const balances = new Balances();
  const waiters = new BlockWaiters();
  const seen = new Map<bigint, SeenBlock>();
  const taken = new Set<string>();
  let tip: SeenBlock | undefined;
  let queue = Promise.resolve();
  const serially = (work: () => Promise<void>) => {
    queue = queue.then(work).catch((error: unknown) => options.onError?.(error));
  };

  const keyOf = (log: TransferLog) => `${log.blockHash}:${log.logIndex}`;

  function take(log: TransferLog) {
    const key = keyOf(log);
    if (taken.has(key)) return;
    const { from, to, value } = log.args;
    const block = seen.get(log.blockNumber) ?? {
      number: log.blockNumber,
      hash: log.blockHash,
      transfers: [],
    };
    seen.set(log.blockNumber, block);
    block.transfers.push({ key, from, to, value });
    taken.add(key);
    balances.move(from, to, value);
  }

  function takeBack(block: SeenBlock, only?: string) {
    block.transfers = block.transfers.filter((transfer) => {
      if (only !== undefined && transfer.key !== only) return true;
      balances.move(transfer.from, transfer.to, transfer.value, -1n);
      taken.delete(transfer.key);
      return false;
    });
    if (block.transfers.length === 0 && block !== tip) seen.delete(block.number);
  }

  /** The chain's block hashes, read once per piece of work. */
  function hashReader() {
    const hashes = new Map<bigint, Promise<Hash | undefined>>();
    return (number: bigint) => {
      let hash = hashes.get(number);
      if (!hash) {
        hash = client.getBlock({ blockNumber: number }).then(
          (block) => block.hash,
          () => undefined, // no such block (any more)
        );
        hashes.set(number, hash);
      }
      return hash;
    };
  }

  /**
   * Takes back every block the chain replaced, newest first down to the first it still has, and
   * reads the transfers of the heights above that one again.
   */
  async function rewindReplaced(hashAt: (number: bigint) => Promise<Hash | undefined>) {
    const newestFirst = [...seen.values()].sort((a, b) => (a.number > b.number ? -1 : 1));
    let agreed: bigint | undefined;
    const replaced: SeenBlock[] = [];
    for (const block of newestFirst) {
      if ((await hashAt(block.number)) === block.hash) {
        agreed = block.number;
        break;
      }
      replaced.push(block);
    }
    if (replaced.length === 0) return;
    for (const block of replaced) {
      takeBack(block);
      seen.delete(block.number);
    }
    tip = undefined;
    const head = await client.getBlock({ blockTag: "latest" });
    const logs = await client.getLogs({
      address: token,
      event: transferEvent,
      fromBlock: agreed === undefined ? options.fromBlock : agreed + 1n,
      toBlock: head.number,
      strict: true,
    });
    for (const log of logs) if ((await hashAt(log.blockNumber)) === log.blockHash) take(log);
    markTip(head.number, head.hash);
    waiters.reached(head.number);
  }

  /** Remembers the newest head checked, so that a branch replacing it shows even without transfers. */
  function markTip(number: bigint, hash: Hash) {
    if (tip && tip.number >= number) return;
    if (tip && tip.transfers.length === 0) seen.delete(tip.number);
    tip = seen.get(number) ?? { number, hash, transfers: [] };
    seen.set(number, tip);
  }

  async function onBlock() {
    const hashAt = hashReader();
    await rewindReplaced(hashAt);
    const head = await client.getBlock({ blockTag: "latest" });
    markTip(head.number, head.hash);
  }

  async function onLogs(logs: TransferLog[]) {
    const hashAt = hashReader();
    await rewindReplaced(hashAt);
    for (const log of logs) {
      if (log.removed) {
        const block = seen.get(log.blockNumber);
        if (block?.hash === log.blockHash) takeBack(block, keyOf(log));
        continue;
      }
      // Delivered late from a branch the chain has left: not a transfer that happened.
      if ((await hashAt(log.blockNumber)) !== log.blockHash) continue;
      take(log);
      waiters.reached(log.blockNumber);
    }
  }

  const unwatchLogs = client.watchEvent({
    address: token,
    event: transferEvent,
    fromBlock: options.fromBlock,
    strict: true,
    pollingInterval,
    onLogs: (logs) => serially(() => onLogs(logs)),
    onError: (error) => options.onError?.(error),
  });
  // A reorganisation after the last transfer shows in no log: each new block checks the hashes.
  const unwatchBlocks = client.watchBlockNumber({
    pollingInterval,
    onBlockNumber: () => serially(onBlock),
    onError: (error) => options.onError?.(error),
  });

  return {
    balanceOf: (owner) => balances.get(owner),
    waitFor: (number) => waiters.waitFor(number),
    stop() {
      unwatchLogs();
      unwatchBlocks();
    },
  };
}
