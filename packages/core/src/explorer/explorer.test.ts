import { useDevnet } from "@privnet/devnet/vitest";
import {
  type Address,
  custom,
  encodeFunctionData,
  erc20Abi,
  type Hash,
  type Hex,
  http,
  MethodNotFoundRpcError,
  parseEther,
  parseGwei,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { afterEach, describe, expect, test } from "vitest";
import { deriveAccounts } from "../chain/deriveAccounts.js";
import { KEY_INDEXES } from "../chain/keyIndexes.js";
import { privnet } from "../chain/privnet.js";
import { SYSTEM_MNEMONIC } from "../chain/systemAccounts.js";
import { priceOracleAbi } from "../contracts/generated.js";
import { type CreatePlatformOptions, createPlatform, type Platform } from "../platform/createPlatform.js";
import { memoryStorage } from "../storage/memoryStorage.js";

const devnet = useDevnet();
const accounts = deriveAccounts(SYSTEM_MNEMONIC, [1, 2, KEY_INDEXES.contractsOwner]);
const system1 = accounts[0] as { address: Address };
const system2 = accounts[1] as { address: Address };
const deployer = privateKeyToAccount((accounts[2] as { privateKey: Hex }).privateKey);

const platforms: Platform[] = [];
afterEach(async () => {
  await Promise.all(platforms.splice(0).map((platform) => platform.close()));
});

async function start(options: Omit<CreatePlatformOptions, "transport"> = {}) {
  const platform = await createPlatform({ transport: http(devnet.rpcUrl), pollingInterval: 50, ...options });
  platforms.push(platform);
  return platform;
}

/** Sends from an anvil account as cast would (`eth_sendTransaction`), outside privnet; resolves when mined. */
async function castSend(tx: { from: Address; to?: Address; data?: Hex; value?: bigint; gas?: bigint }) {
  const hash = await devnet.request<Hash>("eth_sendTransaction", [
    {
      from: tx.from,
      ...(tx.to ? { to: tx.to } : {}),
      ...(tx.data ? { data: tx.data } : {}),
      ...(tx.value === undefined ? {} : { value: `0x${tx.value.toString(16)}` }),
      // A given gas limit skips the estimate, so a call that reverts is still mined.
      ...(tx.gas === undefined ? {} : { gas: `0x${tx.gas.toString(16)}` }),
    },
  ]);
  return hash;
}

/** Signs with `key` and sends the raw transaction, as a script outside privnet would. */
async function rawSend(to: Address, data: Hex) {
  const nonce = await devnet.request<Hex>("eth_getTransactionCount", [deployer.address, "pending"]);
  const signed = await deployer.signTransaction({
    chainId: privnet.id,
    to,
    data,
    nonce: Number(nonce),
    gas: 200_000n,
    maxFeePerGas: parseGwei("50"),
    maxPriorityFeePerGas: parseGwei("1"),
  });
  return devnet.request<Hash>("eth_sendRawTransaction", [signed]);
}

/** The devnet behind a transport that shows each request to `look` first (which may refuse it by throwing). */
function devnetTransport(look: (method: string, params: unknown) => void) {
  const inner = http(devnet.rpcUrl)({ chain: devnet.chain, retryCount: 0 });
  return custom(
    {
      async request({ method, params }) {
        look(method, params);
        return inner.request({ method, params });
      },
    },
    { retryCount: 0 },
  );
}

/** System 1, which is no updater, asks the oracle to set `tokens` to $1: mined, and reverted. */
function refusedPriceUpdate(oracle: Address, tokens: Address[]) {
  return castSend({
    from: system1.address,
    to: oracle,
    data: encodeFunctionData({
      abi: priceOracleAbi,
      functionName: "updatePrices",
      args: [tokens, tokens.map(() => 10n ** 18n)],
    }),
    gas: 300_000n,
  });
}

async function indexed(platform: Platform, hash: Hash) {
  // Mined at once by anvil, yet its receipt may show a moment later: wait for it on the chain.
  const receipt = await platform.client.waitForTransactionReceipt({ hash, pollingInterval: 50 });
  await platform.explorer.waitForBlock(receipt.blockNumber);
  return platform.explorer.transaction(hash);
}

describe("the explorer", () => {
  test("indexes transactions sent outside privnet: an ETH transfer, a decoded call, a token transfer, a revert with its reason", async () => {
    const platform = await start({ contracts: true });
    const { addresses } = await platform.contracts.get();

    const transfer = await indexed(
      platform,
      await castSend({ from: system1.address, to: system2.address, value: parseEther("1.5") }),
    );
    expect(transfer.transaction).toMatchObject({
      from: system1.address,
      fromLabel: { name: "System 1", source: "system" },
      toLabel: { name: "System 2", source: "system" },
      kind: "transfer",
      status: "success",
      value: parseEther("1.5"),
      summary: "1.5 ETH → System 2",
      sentByPrivnet: false,
      method: null,
    });
    expect(transfer.transaction.fee).toBe(
      transfer.transaction.gasUsed * transfer.transaction.effectiveGasPrice,
    );

    // The deployer (not an anvil account: a raw signed transaction) moves 12.5 PRIV to System 1.
    const moved = await indexed(
      platform,
      await rawSend(
        addresses.platformToken,
        encodeFunctionData({
          abi: erc20Abi,
          functionName: "transfer",
          args: [system1.address, parseEther("12.5")],
        }),
      ),
    );
    expect(moved.transaction).toMatchObject({
      fromLabel: { name: "Platform deployer", source: "platform" },
      toLabel: { name: "PRIV", source: "contract" },
      kind: "call",
      selector: "0xa9059cbb",
      method: {
        contract: "PRIV",
        name: "transfer",
        signature: "transfer(address,uint256)",
        args: [
          { name: "to", type: "address", value: system1.address },
          { name: "value", type: "uint256", value: parseEther("12.5") },
        ],
      },
      tokenTransfers: [
        {
          standard: "erc20",
          token: addresses.platformToken,
          symbol: "PRIV",
          decimals: 18,
          from: deployer.address,
          to: system1.address,
          toLabel: { name: "System 1", source: "system" },
          amount: parseEther("12.5"),
          tokenId: null,
        },
      ],
      summary: "transfer 12.5 PRIV → System 1",
    });
    expect(moved.logs).toHaveLength(1);
    expect(moved.logs[0]?.event).toMatchObject({ contract: "PRIV", name: "Transfer" });
    expect(moved.trace).toMatchObject({ type: "CALL", method: { name: "transfer" }, error: null });

    // System 1 is no updater: the oracle refuses, and the reason is shown.
    const refused = await indexed(
      platform,
      await refusedPriceUpdate(addresses.priceOracle, [addresses.usdc, addresses.dai]),
    );
    expect(refused.transaction).toMatchObject({
      status: "reverted",
      method: { contract: "PriceOracle", name: "updatePrices" },
      summary: "PriceOracle.updatePrices (2 tokens) (reverted)",
      sentByPrivnet: false,
    });
    expect(refused.revertReason).toBe("Caller is not an updater");
    expect(refused.trace?.error).toMatch(/revert/i);

    // The platform's own deployment is named, and marked as privnet's.
    const { transactions } = await platform.explorer.address(deployer.address);
    const deployments = transactions.filter((transaction) => transaction.kind === "deploy");
    expect(deployments.length).toBeGreaterThan(0);
    expect(deployments.every((transaction) => transaction.sentByPrivnet)).toBe(true);
    expect(deployments.map((transaction) => transaction.summary)).toContain("deploy LendingPool");
  });

  test("on a node without debug_traceTransaction: no trace, and the revert reason still comes (from a replay)", async () => {
    // The same anvil behind a transport that answers the debug namespace as geth does with it
    // closed (and most hosted RPCs): method not found.
    const traced: string[] = [];
    const transport = devnetTransport((method) => {
      if (!method.startsWith("debug_")) return;
      traced.push(method);
      throw new MethodNotFoundRpcError(new Error(`the method ${method} does not exist/is not available`));
    });
    const platform = await createPlatform({ transport, pollingInterval: 50, contracts: true });
    platforms.push(platform);
    const { addresses } = await platform.contracts.get();
    const refused = await indexed(
      platform,
      await refusedPriceUpdate(addresses.priceOracle, [addresses.usdc]),
    );
    expect(traced).toContain("debug_traceTransaction");
    expect(refused.trace).toBeNull();
    expect(refused.transaction).toMatchObject({
      status: "reverted",
      method: { contract: "PriceOracle", name: "updatePrices" },
    });
    expect(refused.revertReason).toBe("Caller is not an updater");
  });

  test("a block's receipts are read once for the watcher and the index together", async () => {
    const receiptReads: string[] = [];
    const transport = devnetTransport((method, params) => {
      if (method === "eth_getBlockReceipts") receiptReads.push((params as [string])[0]);
    });
    const platform = await createPlatform({ transport, pollingInterval: 50 });
    platforms.push(platform);
    const sent = await platform.sender.sendFromWallet({ fromWalletId: 2, to: system1.address, amount: "1" });
    const confirmed = await platform.transactions.wait(sent.id);
    await platform.explorer.waitForBlock(confirmed.blockNumber ?? 0n);
    expect((await platform.explorer.transaction(sent.hash)).transaction.status).toBe("success");
    // Both settled and indexed it; the node was asked for its receipts once.
    expect(receiptReads.filter((block) => BigInt(block) === confirmed.blockNumber)).toHaveLength(1);
  });

  test("a block of the platform's sends is indexed from its receipts; other senders' bodies are read by hash, or the whole block when many", async () => {
    const fullReads: bigint[] = [];
    const transport = devnetTransport((method, params) => {
      const [block, full] = (params ?? []) as [Hex, boolean];
      if (method === "eth_getBlockByNumber" && full === true && block.startsWith("0x"))
        fullReads.push(BigInt(block));
    });
    const storage = memoryStorage();
    const platform = await createPlatform({ transport, storage, pollingInterval: 50 });
    platforms.push(platform);
    const stored = async (hash: Hash) => storage.explorer?.getTransaction(hash);
    await devnet.request("evm_setAutomine", [false]);
    try {
      // One block: three sends of the platform's, two of a script's.
      const ours = [];
      for (const amount of ["1", "2", "3"])
        ours.push(await platform.sender.sendFromWallet({ fromWalletId: 2, to: system1.address, amount }));
      const theirs = [
        await castSend({ from: system1.address, to: system2.address, value: 7n }),
        await castSend({
          from: system1.address,
          to: system2.address,
          data: "0xdeadbeef00",
          value: 8n,
          gas: 100_000n,
        }),
      ];
      await devnet.request("evm_mine", []);
      const mixed = await platform.client.getBlockNumber({ cacheTime: 0 });
      await platform.explorer.waitForBlock(mixed);
      // What the chain says of each: the index's fields (from the kept bodies) must match.
      const onChain = await Promise.all(
        ours.map((sent) => platform.client.getTransaction({ hash: sent.hash })),
      );
      for (const [position, sent] of ours.entries()) {
        const chain = onChain[position];
        expect(await stored(sent.hash)).toMatchObject({
          blockNumber: mixed,
          index: chain?.transactionIndex,
          kind: "transfer",
          value: parseEther(String(position + 1)),
          nonce: chain?.nonce,
          input: null,
        });
        expect((await platform.explorer.transaction(sent.hash)).transaction.sentByPrivnet).toBe(true);
      }
      const script = await Promise.all(theirs.map((hash) => platform.explorer.transaction(hash)));
      expect(
        script.map(({ transaction }) => [transaction.blockNumber, transaction.value, transaction.kind]),
      ).toEqual([
        [mixed, 7n, "transfer"],
        [mixed, 8n, "call"],
      ]);
      expect(await stored(theirs[1] as Hash)).toMatchObject({
        selector: "0xdeadbeef",
        input: "0xdeadbeef00",
      });
      expect((await stored(theirs[1] as Hash))?.nonce).toBe(
        ((await stored(theirs[0] as Hash))?.nonce ?? -1) + 1,
      );
      // Two bodies unknown: asked for by hash, the block itself was not read again.
      expect(fullReads).not.toContain(mixed);

      // More than a few unknown: the whole block once.
      const many: Hash[] = [];
      for (let value = 1n; value <= 40n; value++)
        many.push(await castSend({ from: system2.address, to: system1.address, value }));
      await devnet.request("evm_mine", []);
      const crowded = await platform.client.getBlockNumber({ cacheTime: 0 });
      await platform.explorer.waitForBlock(crowded);
      const values = await Promise.all(
        many.map(async (hash) => (await platform.explorer.transaction(hash)).transaction),
      );
      expect(values.map((transaction) => [transaction.blockNumber, transaction.value])).toEqual(
        many.map((_, position) => [crowded, BigInt(position + 1)]),
      );
      expect(fullReads.filter((block) => block === crowded)).toHaveLength(1);
    } finally {
      await devnet.request("evm_setAutomine", [true]);
    }
  });

  test("search finds a transaction hash, a block hash and number, an address and a label", async () => {
    const platform = await start();
    const hash = await castSend({ from: system1.address, to: system2.address, value: 1n });
    const details = await indexed(platform, hash);
    const block = details.transaction.blockNumber as bigint;
    expect(await platform.explorer.search(hash)).toEqual([{ type: "transaction", value: hash, label: null }]);
    const { block: shown } = await platform.explorer.block(block);
    expect(await platform.explorer.search(shown.hash)).toEqual([
      { type: "block", value: String(block), label: null },
    ]);
    expect(await platform.explorer.search(String(block))).toContainEqual({
      type: "block",
      value: String(block),
      label: null,
    });
    expect(await platform.explorer.search(system2.address.toLowerCase())).toEqual([
      { type: "address", value: system2.address, label: "System 2" },
    ]);
    await platform.labels.set(system2.address, "Bob's faucet");
    expect(await platform.explorer.search("BOB'S")).toEqual([
      { type: "address", value: system2.address, label: "Bob's faucet" },
    ]);
    expect(await platform.explorer.search(`0x${"ab".repeat(32)}`)).toEqual([]);
  });

  test("follows the chain back: blocks reverted away leave the index, new ones take their place", async () => {
    const platform = await start();
    const first = await indexed(
      platform,
      await castSend({ from: system1.address, to: system2.address, value: 1n }),
    );
    const snapshot = await devnet.request<string>("evm_snapshot");
    const lost = await indexed(
      platform,
      await castSend({ from: system1.address, to: system2.address, value: 2n }),
    );
    await devnet.request("evm_revert", [snapshot]);
    // A different transaction at the same height.
    const replacing = await castSend({ from: system2.address, to: system1.address, value: 3n });
    // The index learns of the change with the next block, whose parent it does not hold.
    await indexed(platform, await castSend({ from: system2.address, to: system1.address, value: 4n }));
    const kept = await platform.explorer.transaction(replacing);
    expect(kept.transaction.blockNumber).toBe(lost.transaction.blockNumber);
    await expect(platform.explorer.transaction(lost.transaction.hash)).rejects.toMatchObject({
      code: "TRANSACTION_NOT_FOUND",
    });
    const { block } = await platform.explorer.block(kept.transaction.blockNumber as bigint);
    expect(block.hash).toBe(kept.transaction.blockHash);
    expect(
      (await platform.explorer.block(first.transaction.blockNumber as bigint)).transactions[0]?.hash,
    ).toBe(first.transaction.hash);
    expect(platform.explorer.status()?.rewinds).toBeGreaterThanOrEqual(1);
  });

  test("follows a reset: a new genesis empties the index, which starts again from the new chain", async () => {
    const platform = await start();
    await indexed(platform, await castSend({ from: system1.address, to: system2.address, value: 1n }));
    const old = await indexed(
      platform,
      await castSend({ from: system1.address, to: system2.address, value: 2n }),
    );
    await devnet.reset();
    const fresh = await castSend({ from: system2.address, to: system1.address, value: 3n });
    const shown = await indexed(platform, fresh);
    expect(shown.transaction.hash).toBe(fresh);
    await expect(platform.explorer.transaction(old.transaction.hash)).rejects.toMatchObject({
      code: "TRANSACTION_NOT_FOUND",
    });
    const { blocks } = await platform.explorer.blocks({ limit: 100 });
    expect(blocks.every((block) => block.number <= (shown.transaction.blockNumber as bigint))).toBe(true);
    expect(platform.explorer.status()?.rewinds).toBeGreaterThanOrEqual(1);
  });

  test("retention keeps the newest blocks only", async () => {
    const platform = await start({ explorer: { retention: { blocks: 3 } } });
    for (let i = 0; i < 6; i++) await castSend({ from: system1.address, to: system2.address, value: 1n });
    const head = await devnet.request<Hex>("eth_blockNumber");
    await platform.explorer.waitForBlock(BigInt(head));
    const { blocks, indexedTo } = await platform.explorer.blocks({ limit: 10 });
    // The index may already hold a block mined after the head was read (the worker's devnet is
    // shared): the rule is about the newest blocks it holds, whichever those are.
    expect(indexedTo).toBeGreaterThanOrEqual(BigInt(head));
    expect(blocks.map((block) => block.number)).toEqual([indexedTo, indexedTo - 1n, indexedTo - 2n]);
  });

  test("labels: a user's own on top, removed again; registered ABIs decode and read", async () => {
    const platform = await start({ contracts: true });
    const { addresses } = await platform.contracts.get();
    expect(await platform.labels.get(addresses.priceOracle)).toEqual({
      name: "PriceOracle",
      source: "contract",
    });
    await platform.labels.set(addresses.priceOracle, "The oracle");
    expect(await platform.labels.get(addresses.priceOracle)).toEqual({ name: "The oracle", source: "user" });
    expect(await platform.labels.remove(addresses.priceOracle)).toBe(true);
    expect(await platform.labels.get(addresses.priceOracle)).toEqual({
      name: "PriceOracle",
      source: "contract",
    });
    await expect(platform.labels.set(addresses.priceOracle, "x".repeat(65))).rejects.toMatchObject({
      code: "INVALID_LABEL",
    });

    await expect(
      platform.contracts.register({ name: "Nothing", address: system1.address, abi: erc20Abi }),
    ).rejects.toMatchObject({ code: "NO_CONTRACT_CODE" });
    await expect(
      platform.contracts.register({
        name: "Broken",
        address: addresses.usdc,
        abi: [{ type: "function", name: 7 }],
      }),
    ).rejects.toMatchObject({ code: "INVALID_ABI" });
    const registered = await platform.contracts.register({
      name: "My USDC",
      address: addresses.usdc,
      abi: erc20Abi,
    });
    expect(registered).toMatchObject({ name: "My USDC", address: addresses.usdc });
    expect(await platform.labels.get(addresses.usdc)).toEqual({ name: "My USDC", source: "contract" });
    expect(await platform.contracts.read(addresses.usdc, "decimals")).toBe(6);
    expect(await platform.contracts.read(addresses.usdc, "balanceOf", [system1.address])).toBe(0n);
    await expect(
      platform.contracts.read(addresses.usdc, "transfer", [system1.address, "1"]),
    ).rejects.toMatchObject({
      code: "INVALID_CONTRACT_CALL",
    });
    await expect(platform.contracts.read(addresses.usdc, "balanceOf", ["nope"])).rejects.toMatchObject({
      code: "INVALID_CONTRACT_CALL",
    });
    await expect(
      platform.contracts.read(addresses.priceOracle, "getPrice", [system1.address]),
    ).rejects.toMatchObject({
      code: "CONTRACT_READ_REVERTED",
      message: expect.stringContaining("Price not available"),
    });
  });
});
