import {
  type Address,
  createTestClient,
  custom,
  type GetTxpoolContentReturnType,
  type Hash,
  type RpcTransactionReceipt,
  toHex,
} from "viem";
import { dropTransaction, getAutomine, getTxpoolContent, getTxpoolStatus, mine } from "viem/actions";
import type { NodeClient } from "../chain/nodeClient.js";

/** The node's pool as `txpool_content` shows it: sender → nonce (decimal) → transaction. */
export type PoolContent = GetTxpoolContentReturnType;

/** A section of {@link PoolContent} (`pending`: ready; `queued`: waiting for a nonce below). */
export type PoolSection = PoolContent["pending"];

/**
 * The node's non-standard calls the watcher makes — its pool (`txpool_*`), anvil's pool and mining
 * controls — and `eth_getBlockReceipts`, each typed by viem. A node without one of them answers
 * with an error, and the node client records that it lacks the method (`NodeClient.lacks`).
 */
export type NodePool = {
  /**
   * Whether the pool can be looked at: false once the node turned out to lack `txpool_status` or
   * `txpool_content` (the watcher then follows its sends by their receipts alone).
   */
  inspectable(): boolean;
  /** `txpool_content`. */
  content(): Promise<PoolContent>;
  /** `txpool_status`: how many transactions are ready and queued. */
  status(): Promise<{ pending: number; queued: number }>;
  /** `anvil_dropTransaction`. */
  drop(hash: Hash): Promise<void>;
  /** `anvil_removePoolTransactions`: every transaction of `from` leaves the pool. */
  removeAll(from: Address): Promise<void>;
  /** `anvil_getAutomine`. */
  automining(): Promise<boolean>;
  /** `anvil_mine` one block. */
  mine(): Promise<void>;
  /** `eth_getBlockReceipts`: null when the node has no such block. */
  blockReceipts(blockNumber: bigint): Promise<RpcTransactionReceipt[] | null>;
};

const pools = new WeakMap<NodeClient, NodePool>();

/**
 * The {@link NodePool} of `client`: viem's test actions on a test client (anvil mode) that sends
 * through `client` itself (its transport, its retries).
 *
 * @example
 * const { queued } = await nodePool(ctx.client).status();
 */
export function nodePool(client: NodeClient): NodePool {
  let pool = pools.get(client);
  if (pool) return pool;
  const test = createTestClient({
    mode: "anvil",
    // The platform's client retries already, and records what the node lacks.
    transport: custom({ request: (args) => client.request(args) }, { retryCount: 0 }),
  });
  pool = {
    inspectable: () => !client.lacks("txpool_status") && !client.lacks("txpool_content"),
    content: () => getTxpoolContent(test),
    async status() {
      const { pending, queued } = await getTxpoolStatus(test);
      return { pending, queued };
    },
    drop: (hash) => dropTransaction(test, { hash }),
    async removeAll(from) {
      await client.request({ method: "anvil_removePoolTransactions", params: [from] });
    },
    automining: () => getAutomine(test),
    mine: () => mine(test, { blocks: 1 }),
    blockReceipts: (blockNumber) =>
      client.request({ method: "eth_getBlockReceipts", params: [toHex(blockNumber)] }),
  };
  pools.set(client, pool);
  return pool;
}
