import { type Address, getAddress, type Hash, keccak256, toHex } from "viem";
import { expect, test } from "vitest";
import type { ExplorerStore, IndexedBlockData, IndexedTransaction } from "../storage/ExplorerStore.js";
import { memoryStorage } from "../storage/memoryStorage.js";
import type { ExplorerContext } from "./ExplorerContext.js";
import { listBlockGas } from "./listBlockGas.js";

const addressAt = (seed: string): Address => getAddress(keccak256(toHex(seed)).slice(0, 42));
const hashOf = (text: string): Hash => keccak256(toHex(text));
const bots = [
  { name: "transfer", address: addressAt("transfer bot") },
  { name: "transfer", address: addressAt("transfer pool 1") },
  { name: "erc20", address: addressAt("erc20 bot") },
];
const senders = [...bots.map((bot) => bot.address), addressAt("a wallet"), addressAt("outside")];

/** Block `number` with `count` transactions from the bots, a wallet and an outside sender, in turn. */
function block(number: number, count: number): IndexedBlockData {
  const hash = hashOf(`block ${number}`);
  const transactions = Array.from(
    { length: count },
    (_, index): IndexedTransaction => ({
      hash: hashOf(`transaction ${number}:${index}`),
      blockNumber: BigInt(number),
      blockHash: hash,
      index,
      timestamp: 1_790_000_000 + number,
      from: senders[(index * 7 + number) % senders.length] as Address,
      to: addressAt("recipient"),
      value: 0n,
      nonce: index,
      kind: "transfer",
      selector: null,
      input: null,
      status: "success",
      gasUsed: 21_000n + BigInt(index * 13 + number),
      effectiveGasPrice: 1n,
      contractAddress: null,
      tokenTransfers: [],
    }),
  );
  return {
    block: {
      number: BigInt(number),
      hash,
      parentHash: hashOf(`block ${number - 1}`),
      timestamp: 1_790_000_000 + number,
      transactionCount: count,
      gasUsed: transactions.reduce((sum, transaction) => sum + transaction.gasUsed, 0n),
      gasLimit: 60_000_000n,
      baseFeePerGas: 7n,
      miner: addressAt("miner"),
    },
    transactions,
  };
}

test("the store's gas by sender gives the answer that reading every transaction of the window gave", async () => {
  const storage = memoryStorage();
  const store = storage.explorer as ExplorerStore;
  // A block fuller than a store page (1,000), an empty one, and a window that reaches past the index.
  await store.putBlocks([block(1, 40), block(2, 2_500), block(3, 0), block(4, 17), block(5, 333)]);
  const context = (explorer: ExplorerStore) =>
    ({ bots: () => bots, store: explorer }) as unknown as ExplorerContext;
  const { blockGasBySender: _, ...withoutSums } = store;
  for (const blocks of [1, 3, 30]) {
    const fromSums = await listBlockGas(context(store), { blocks });
    const fromTransactions = await listBlockGas(context(withoutSums as ExplorerStore), { blocks });
    expect(fromSums).toEqual(fromTransactions);
  }
  const { blocks } = await listBlockGas(context(store), { blocks: 5 });
  expect(blocks.map((entry) => Object.keys(entry.bots).sort())).toEqual([
    ["erc20", "transfer"],
    ["erc20", "transfer"],
    [],
    ["erc20", "transfer"],
    ["erc20", "transfer"],
  ]);
  for (const entry of blocks) {
    const used = Object.values(entry.bots).reduce((sum, gas) => sum + gas, entry.other);
    expect(used).toBe(entry.gasUsed);
  }
  await storage.close();
});
