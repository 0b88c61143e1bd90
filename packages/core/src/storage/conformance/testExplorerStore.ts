import { type Address, getAddress, type Hash, keccak256, toHex } from "viem";
import { describe, expect, test } from "vitest";
import type { ExplorerStore, IndexedBlock, IndexedBlockData, IndexedTransaction } from "../ExplorerStore.js";
import type { StorageAdapter } from "../StorageAdapter.js";

/**
 * The explorer part of the conformance suite (see `testStorageAdapter`): the chain index, labels
 * and registered ABIs, for adapters that have `explorer`.
 */
export function describeExplorerStore(
  store: () => StorageAdapter,
  /** The suite's `reopen`, or undefined for an adapter that is not persistent. */
  reopener: () => (() => Promise<StorageAdapter>) | undefined,
): void {
  describe("explorer", () => {
    const explorer = (storage: StorageAdapter = store()): ExplorerStore => {
      if (!storage.explorer) throw new Error(`${storage.name} has no explorer store`);
      return storage.explorer;
    };

    test("an empty index has no range, no blocks and no transactions", async () => {
      expect(await explorer().range()).toBeUndefined();
      expect(await explorer().listBlocks({ limit: 10 })).toEqual([]);
      expect(await explorer().listTransactions({ limit: 10 })).toEqual([]);
      expect(await explorer().getBlock(1n)).toBeUndefined();
      expect(await explorer().getTransaction(hashOf("nothing"))).toBeUndefined();
    });

    test("putBlocks stores blocks with their transactions and token transfers, as given", async () => {
      const data = [blockAt(1, 2), blockAt(2, 0), blockAt(3, 3)];
      await explorer().putBlocks(data);
      expect(await explorer().range()).toEqual({ lowest: 1n, highest: 3n, blocks: 3, transactions: 5 });
      for (const { block, transactions } of data) {
        expect(await explorer().getBlock(block.number)).toEqual(block);
        expect(await explorer().getBlock(block.hash)).toEqual(block);
        for (const transaction of transactions) {
          expect(await explorer().getTransaction(transaction.hash)).toEqual(transaction);
        }
      }
      // Big numbers survive: wei beyond 64 bits, a uint256 token id.
      const third = data[2]?.transactions[2] as IndexedTransaction;
      expect((await explorer().getTransaction(third.hash))?.tokenTransfers[1]?.tokenId).toBe(2n ** 255n);
    });

    test("blocks list newest first with a cursor", async () => {
      await explorer().putBlocks([blockAt(5, 0), blockAt(6, 1), blockAt(7, 0), blockAt(8, 0)]);
      const numbers = (blocks: IndexedBlock[]) => blocks.map((block) => block.number);
      expect(numbers(await explorer().listBlocks({ limit: 3 }))).toEqual([8n, 7n, 6n]);
      expect(numbers(await explorer().listBlocks({ limit: 3, before: 6n }))).toEqual([5n]);
      expect(numbers(await explorer().listBlocks({ limit: 3, before: 5n }))).toEqual([]);
    });

    test("transactions list newest first (block, then index), by block, by address, with a cursor", async () => {
      const data = [blockAt(1, 3), blockAt(2, 2), blockAt(3, 3)];
      await explorer().putBlocks(data);
      const positions = (transactions: IndexedTransaction[]) =>
        transactions.map((transaction) => `${transaction.blockNumber}:${transaction.index}`);
      expect(positions(await explorer().listTransactions({ limit: 4 }))).toEqual([
        "3:2",
        "3:1",
        "3:0",
        "2:1",
      ]);
      expect(
        positions(await explorer().listTransactions({ limit: 4, before: { blockNumber: 2n, index: 1 } })),
      ).toEqual(["2:0", "1:2", "1:1", "1:0"]);
      expect(positions(await explorer().listTransactions({ limit: 10, blockNumber: 1n }))).toEqual([
        "1:2",
        "1:1",
        "1:0",
      ]);
      // From, to (any case), the created contract and a token transfer's either end all count.
      const sender = data[0]?.transactions[1]?.from as Address;
      expect(positions(await explorer().listTransactions({ limit: 10, address: sender }))).toEqual(["1:1"]);
      const recipient = String(data[1]?.transactions[1]?.to).toLowerCase() as Address;
      expect(positions(await explorer().listTransactions({ limit: 10, address: recipient }))).toEqual([
        "2:1",
      ]);
      const created = data[0]?.transactions[0]?.contractAddress as Address;
      expect(positions(await explorer().listTransactions({ limit: 10, address: created }))).toEqual(["1:0"]);
      const holder = data[2]?.transactions[2]?.tokenTransfers[0]?.to as Address;
      expect(positions(await explorer().listTransactions({ limit: 10, address: holder }))).toEqual([
        "3:2",
        "1:2",
      ]);
      expect(
        positions(
          await explorer().listTransactions({
            limit: 10,
            address: holder,
            before: { blockNumber: 3n, index: 2 },
          }),
        ),
      ).toEqual(["1:2"]);
    });

    test("tokensOf answers each token that moved to or from an address once", async () => {
      await explorer().putBlocks([blockAt(1, 3), blockAt(2, 3)]);
      const holder = addressAt("holder");
      const tokens = await explorer().tokensOf(holder);
      expect(tokens.sort((a, b) => a.token.localeCompare(b.token))).toEqual(
        [
          { token: addressAt("token erc20"), standard: "erc20" },
          { token: addressAt("token erc721"), standard: "erc721" },
        ].sort((a, b) => a.token.localeCompare(b.token)),
      );
      expect(await explorer().tokensOf(addressAt("nobody"))).toEqual([]);
    });

    test("a block stored again at its number replaces the old one and its transactions", async () => {
      await explorer().putBlocks([blockAt(1, 1), blockAt(2, 2)]);
      const old = blockAt(2, 2);
      const replacement = blockAt(2, 1, "fork");
      await explorer().putBlocks([replacement]);
      expect(await explorer().getBlock(2n)).toEqual(replacement.block);
      expect(await explorer().getBlock(old.block.hash)).toBeUndefined();
      expect(await explorer().getTransaction(old.transactions[1]?.hash as Hash)).toBeUndefined();
      expect(await explorer().range()).toEqual({ lowest: 1n, highest: 2n, blocks: 2, transactions: 2 });
    });

    test("removeBlocksAbove drops the blocks above a number with their transactions", async () => {
      const data = [blockAt(1, 1), blockAt(2, 1), blockAt(3, 1)];
      await explorer().putBlocks(data);
      expect(await explorer().removeBlocksAbove(1n)).toBe(2);
      expect(await explorer().range()).toEqual({ lowest: 1n, highest: 1n, blocks: 1, transactions: 1 });
      expect(await explorer().getTransaction(data[2]?.transactions[0]?.hash as Hash)).toBeUndefined();
      expect(await explorer().listTransactions({ limit: 10, address: addressAt("holder") })).toEqual([]);
      expect(await explorer().tokensOf(addressAt("holder"))).toEqual([]);
      expect(await explorer().removeBlocksAbove(-1n)).toBe(1);
      expect(await explorer().range()).toBeUndefined();
    });

    test("prune keeps the newest whole blocks within the block and transaction bounds", async () => {
      await explorer().putBlocks([blockAt(1, 2), blockAt(2, 2), blockAt(3, 2), blockAt(4, 2), blockAt(5, 2)]);
      await explorer().prune({ blocks: 4 });
      expect(await explorer().range()).toEqual({ lowest: 2n, highest: 5n, blocks: 4, transactions: 8 });
      await explorer().prune({ transactions: 5 });
      expect(await explorer().range()).toEqual({ lowest: 4n, highest: 5n, blocks: 2, transactions: 4 });
      await explorer().prune({ blocks: 10, transactions: 10 });
      expect(await explorer().range()).toEqual({ lowest: 4n, highest: 5n, blocks: 2, transactions: 4 });
    });

    test("a thousand transactions in one block are stored in one write", async () => {
      const data = blockAt(9, 1000);
      await explorer().putBlocks([data]);
      expect((await explorer().range())?.transactions).toBe(1000);
      expect(await explorer().getTransaction(data.transactions[999]?.hash as Hash)).toEqual(
        data.transactions[999],
      );
      expect(await explorer().listTransactions({ limit: 5000, blockNumber: 9n })).toHaveLength(1000);
    });

    test("labels: set replaces, get reads without case, list by address, remove", async () => {
      const alice = addressAt("alice");
      const bob = addressAt("bob");
      const set = await explorer().labels.set(alice, "Alice");
      expect(set).toEqual({ address: alice, name: "Alice", updatedAt: expect.any(String) });
      expect(new Date(set.updatedAt).toISOString()).toBe(set.updatedAt);
      await explorer().labels.set(bob, "Bob");
      await explorer().labels.set(alice, "Alice ✓");
      expect((await explorer().labels.get(alice.toLowerCase() as Address))?.name).toBe("Alice ✓");
      const listed = await explorer().labels.list();
      expect(listed.map((label) => label.name)).toEqual(
        [alice, bob]
          .sort((a, b) => (a.toLowerCase() < b.toLowerCase() ? -1 : 1))
          .map((a) => (a === alice ? "Alice ✓" : "Bob")),
      );
      expect(await explorer().labels.remove(alice)).toBe(true);
      expect(await explorer().labels.remove(alice)).toBe(false);
      expect(await explorer().labels.get(alice)).toBeUndefined();
    });

    test("registered contracts: put replaces, get reads without case, list by creation, remove", async () => {
      const token = addressAt("registered token");
      const pool = addressAt("registered pool");
      const abi = [
        {
          type: "function",
          name: "balanceOf",
          stateMutability: "view",
          inputs: [{ name: "owner", type: "address" }],
          outputs: [{ name: "", type: "uint256" }],
        },
      ] as const;
      const first = { address: token, name: "Token", abi, createdAt: "2026-11-22T08:00:00.000Z" };
      expect(await explorer().contracts.put(first)).toEqual(first);
      await explorer().contracts.put({
        address: pool,
        name: "Pool",
        abi: [],
        createdAt: "2026-11-22T08:00:01.000Z",
      });
      expect(await explorer().contracts.get(token.toLowerCase() as Address)).toEqual(first);
      const renamed = { ...first, name: "Token v2", createdAt: "2026-11-22T08:00:02.000Z" };
      await explorer().contracts.put(renamed);
      expect((await explorer().contracts.list()).map((contract) => contract.name)).toEqual([
        "Pool",
        "Token v2",
      ]);
      expect(await explorer().contracts.remove(pool)).toBe(true);
      expect(await explorer().contracts.remove(pool)).toBe(false);
      expect(await explorer().contracts.list()).toEqual([renamed]);
    });

    test("recorded answers the hashes the platform's history holds", async () => {
      const sent = hashOf("sent by privnet");
      await store().transactions.insert({
        hash: sent,
        from: addressAt("sender"),
        to: addressAt("recipient"),
        value: 1n,
        nonce: 0,
        status: "confirmed",
        blockNumber: 1n,
        source: "conformance",
        createdAt: "2026-11-22T08:00:00.000Z",
        kind: "transfer",
        selector: null,
      });
      expect(await explorer().recorded([sent, hashOf("not sent")])).toEqual([sent]);
      expect(await explorer().recorded([])).toEqual([]);
    });

    test("a reopened store keeps the index, labels and contracts", async ({ skip }) => {
      const reopen = reopener();
      if (!reopen) return skip("not persistent (its fixture has no reopen)");
      const data = [blockAt(1, 2), blockAt(2, 1)];
      await explorer().putBlocks(data);
      const label = await explorer().labels.set(addressAt("alice"), "Alice");
      const contract = { address: addressAt("c"), name: "C", abi: [], createdAt: "2026-11-22T08:00:00.000Z" };
      await explorer().contracts.put(contract);
      await store().close();
      const again = explorer(await reopen());
      expect(await again.range()).toEqual({ lowest: 1n, highest: 2n, blocks: 2, transactions: 3 });
      expect(await again.getTransaction(data[0]?.transactions[1]?.hash as Hash)).toEqual(
        data[0]?.transactions[1],
      );
      expect(await again.labels.list()).toEqual([label]);
      expect(await again.contracts.list()).toEqual([contract]);
    });
  });
}

function addressAt(seed: string): Address {
  return getAddress(keccak256(toHex(`privnet explorer conformance ${seed}`)).slice(0, 42));
}

function hashOf(text: string): Hash {
  return keccak256(toHex(text));
}

/**
 * Block `number` with `count` transactions: index 0 deploys, 1 is a transfer, 2 a token call that
 * moves an ERC-20 amount and an ERC-721 token to "holder"; the rest transfer.
 */
function blockAt(number: number, count: number, fork = ""): IndexedBlockData {
  const hash = hashOf(`block ${number}${fork}`);
  const block: IndexedBlock = {
    number: BigInt(number),
    hash,
    parentHash: hashOf(`block ${number - 1}`),
    timestamp: 1_790_000_000 + number * 2,
    transactionCount: count,
    gasUsed: 21_000n * BigInt(count),
    gasLimit: 120_000_000n,
    baseFeePerGas: number % 2 === 0 ? 7n : null,
    miner: addressAt("miner"),
  };
  const transactions = Array.from({ length: count }, (_, index): IndexedTransaction => {
    const base = {
      hash: hashOf(`transaction ${number}:${index}${fork}`),
      blockNumber: BigInt(number),
      blockHash: hash,
      index,
      timestamp: block.timestamp,
      from: addressAt(`sender ${number}:${index}`),
      nonce: index,
      status: "success" as const,
      gasUsed: 21_000n,
      effectiveGasPrice: 1_000_000_007n,
      contractAddress: null,
      tokenTransfers: [],
    };
    if (index === 0) {
      return {
        ...base,
        to: null,
        value: 0n,
        kind: "deploy",
        selector: null,
        input: null,
        status: "reverted",
        contractAddress: addressAt(`created ${number}`),
      };
    }
    if (index === 2) {
      return {
        ...base,
        to: addressAt("token erc20"),
        value: 0n,
        kind: "call",
        selector: "0xa9059cbb",
        input: `0xa9059cbb${"00".repeat(64)}`,
        tokenTransfers: [
          {
            standard: "erc20",
            token: addressAt("token erc20"),
            from: base.from,
            to: addressAt("holder"),
            amount: 10n ** 30n,
            tokenId: null,
            logIndex: 4,
            position: 0,
          },
          {
            standard: "erc721",
            token: addressAt("token erc721"),
            from: base.from,
            to: addressAt("holder"),
            amount: 1n,
            tokenId: 2n ** 255n,
            logIndex: 5,
            position: 0,
          },
        ],
      };
    }
    return {
      ...base,
      to: addressAt(`recipient ${number}:${index}`),
      value: 10n ** 24n + BigInt(index),
      kind: "transfer",
      selector: null,
      input: null,
    };
  });
  return { block, transactions };
}
