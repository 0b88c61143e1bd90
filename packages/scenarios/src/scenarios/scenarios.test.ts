// The traffic scenarios against a real anvil: each test runs one scenario for a few transactions,
// then reads the chain to check what it did there (balances, slots, code, blobs, receipts), not
// only that it sent. One file, one worker devnet, for the CI's time.
import { chmod, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  type BotEvent,
  CREATE2_FACTORY_ADDRESS,
  computeBlobProofs,
  type Platform,
  type StorageAdapter,
  type TransactionRecord,
} from "@privnet/core";
import {
  deployTargetAbi,
  deployTargetBytecode,
  devMultiTokenAbi,
  setCodeDelegateAbi,
  storageSpamAbi,
  testTokenAbi,
  testTokenBytecode,
} from "@privnet/core/contracts";
import { nextBotEvents, openBotPlatform, readWholeHistory } from "@privnet/core/testing";
import { resolveAnvilBinary, startDevnet } from "@privnet/devnet";
import { useDevnet } from "@privnet/devnet/vitest";
import {
  type Address,
  commitmentsToVersionedHashes,
  concat,
  decodeFunctionData,
  encodeAbiParameters,
  encodeDeployData,
  fromRlp,
  getAddress,
  getContractAddress,
  type Hex,
  hexToBigInt,
  isAddressEqual,
  keccak256,
  parseEther,
  size,
  slice,
  toBlobs,
} from "viem";
import { recoverAuthorizationAddress } from "viem/utils";
import { beforeAll, describe, expect, test, vi } from "vitest";
import { builtinScenarios } from "../builtinScenarios.js";
import { GAS_BURNER_OVERHEAD } from "./gasBurnerBot.js";
import { INVALID_TRANSACTION_KINDS } from "./txFuzzInvalidBot.js";

const devnet = useDevnet();

/** A storage that outlives the platform using it: a restart in one test. */
function keepOpen(storage: StorageAdapter): StorageAdapter {
  return { ...storage, close: async () => {} };
}
/** The platform's bots: the built-in scenarios, as `privnet up` runs them. */
const builtins = { bots: { catalogues: [builtinScenarios] } };
const open = () => openBotPlatform(devnet.rpcUrl, builtins);

const settledEvent = (event: BotEvent) =>
  event.type === "transaction" &&
  (event.transaction?.status === "confirmed" || event.transaction?.status === "failed");

/**
 * Runs `bot` until `count` of its transactions settled, stops it and waits for the rest: returns
 * its settled records in nonce order (setup's deployments included).
 */
async function runBot(platform: Platform, bot: string, overrides: Record<string, unknown>, count: number) {
  const settled = nextBotEvents(platform, bot, settledEvent, count);
  await platform.bots.start(bot, overrides);
  await settled;
  await platform.bots.stop(bot);
  await platform.bots.settled(bot);
  const sent = (await readWholeHistory(platform.storage)).filter((record) => record.source === bot);
  // A send the node took while the answer was lost (a slow event loop: blob proofs are heavy) was
  // an error to the bot, and is followed by the watcher until it settles: wait for it.
  await Promise.all(
    sent
      .filter((record) => record.status === "pending")
      .map((record) => platform.transactions.wait(record.id)),
  );
  const records = (await readWholeHistory(platform.storage)).filter((record) => record.source === bot);
  expect(records.filter((record) => record.status === "pending")).toEqual([]);
  return records.sort((a, b) => a.nonce - b.nonce);
}

/** The records that called `to` (not setup's deployment), with their call data read from the chain. */
async function callsTo(platform: Platform, records: TransactionRecord[], to: Address) {
  const calls = records.filter((record) => isAddressEqual(record.to, to) && record.kind !== "deploy");
  return Promise.all(
    calls.map(async (record) => ({
      record,
      transaction: await platform.client.getTransaction({ hash: record.hash }),
      receipt: await platform.client.getTransactionReceipt({ hash: record.hash }),
    })),
  );
}

async function contractOf(platform: Platform, bot: string): Promise<Address> {
  const { contract } = await platform.bots.get(bot);
  if (!contract) throw new Error(`the ${bot} bot has no contract`);
  return contract;
}

describe("traffic scenarios on chain", () => {
  // The KZG backend the sender computes blob proofs with builds its tables once per process
  // (seconds, in its worker thread): built here, before the tests that send blobs.
  beforeAll(() => computeBlobProofs({ blobs: toBlobs({ data: "0x00" }) }), 120_000);

  test("erc1155: batches minted, singles and batches transferred; every balance and supply matches what was sent", async () => {
    const platform = await open();
    try {
      const records = await runBot(
        platform,
        "erc1155",
        {
          interval: 0,
          maxPending: 4,
          ids: 5,
          batchSize: 3,
          amount: { min: 1, max: 50 },
          recipients: "fresh",
        },
        9,
      );
      const token = await contractOf(platform, "erc1155");
      const bot = (await platform.bots.get("erc1155")).address;
      // What the sends say each holder has, from their call data.
      const expected = new Map<string, bigint>();
      const supply = new Map<bigint, bigint>();
      const add = (holder: Address, id: bigint, amount: bigint) => {
        const key = `${getAddress(holder)}:${id}`;
        expected.set(key, (expected.get(key) ?? 0n) + amount);
      };
      const seen = new Set<string>();
      for (const { transaction, receipt } of await callsTo(platform, records, token)) {
        expect(receipt.status).toBe("success");
        const call = decodeFunctionData({ abi: devMultiTokenAbi, data: transaction.input });
        seen.add(call.functionName);
        if (call.functionName === "mintBatch") {
          const [to, ids, amounts] = call.args;
          for (const [index, id] of ids.entries()) {
            add(to, id, amounts[index] ?? 0n);
            supply.set(id, (supply.get(id) ?? 0n) + (amounts[index] ?? 0n));
          }
        } else if (call.functionName === "safeTransferFrom") {
          const [from, to, id, amount] = call.args;
          add(from, id, -amount);
          add(to, id, amount);
        } else if (call.functionName === "safeBatchTransferFrom") {
          const [from, to, ids, amounts] = call.args;
          for (const [index, id] of ids.entries()) {
            add(from, id, -(amounts[index] ?? 0n));
            add(to, id, amounts[index] ?? 0n);
          }
        }
      }
      expect([...seen].sort()).toEqual(["mintBatch", "safeBatchTransferFrom", "safeTransferFrom"]);
      const keys = [...expected.keys()];
      const balances = await platform.client.readContract({
        address: token,
        abi: devMultiTokenAbi,
        functionName: "balanceOfBatch",
        args: [
          keys.map((key) => key.split(":")[0] as Address),
          keys.map((key) => BigInt(key.split(":")[1] ?? 0)),
        ],
      });
      expect(Object.fromEntries(keys.map((key, index) => [key, balances[index]]))).toEqual(
        Object.fromEntries(expected),
      );
      // Recipients other than the bot hold something: the transfers went out.
      expect(keys.some((key) => !key.startsWith(bot) && (expected.get(key) ?? 0n) > 0n)).toBe(true);
      for (const [id, minted] of supply) {
        expect(
          await platform.client.readContract({
            address: token,
            abi: devMultiTokenAbi,
            functionName: "totalSupply",
            args: [id],
          }),
        ).toBe(minted);
      }
    } finally {
      await platform.close();
    }
  });

  test("call: calls the configured function with drawn arguments; a config that does not fit is refused at start", async () => {
    const platform = await open();
    try {
      const deployed = await platform.sender.sendTransaction({
        fromWalletId: 2,
        data: encodeDeployData({
          abi: testTokenAbi,
          bytecode: testTokenBytecode,
          args: ["Call Target", "CALL", 18, parseEther("1")],
        }),
      });
      await deployed.wait();
      const token = deployed.contractAddress as Address;
      const spenders = [
        "0x00000000000000000000000000000000000000aa",
        "0x00000000000000000000000000000000000000bb",
      ];
      const config = {
        address: token,
        abi: ["function approve(address spender, uint256 value) returns (bool)"],
        functionName: "approve",
        args: [{ oneOf: spenders }, { range: { min: "1000", max: "2000" } }],
      };

      const refused: Record<string, unknown>[] = [
        { ...config, functionName: "transferFrom" },
        { ...config, args: [{ oneOf: spenders }] },
        { ...config, args: [{ oneOf: spenders }, { range: { min: "1", max: "x" } }] },
        { ...config, value: "1" },
        { ...config, address: "0x00000000000000000000000000000000000000cc" },
      ];
      for (const overrides of refused) {
        await expect(platform.bots.start("call", overrides)).rejects.toMatchObject({
          code: "INVALID_BOT_CONFIG",
        });
      }
      expect((await platform.bots.get("call")).status).toBe("Stopped");

      const records = await runBot(platform, "call", { ...config, interval: 0, maxPending: 4 }, 6);
      const calls = await callsTo(platform, records, token);
      expect(calls.length).toBeGreaterThanOrEqual(6);
      const bot = (await platform.bots.get("call")).address;
      const last = new Map<string, bigint>();
      for (const { transaction, receipt } of calls) {
        expect(receipt.status).toBe("success");
        const { functionName, args } = decodeFunctionData({ abi: testTokenAbi, data: transaction.input });
        expect(functionName).toBe("approve");
        const [spender, value] = args as [Address, bigint];
        expect(spenders).toContain(spender.toLowerCase());
        expect(value).toBeGreaterThanOrEqual(1000n);
        expect(value).toBeLessThanOrEqual(2000n);
        last.set(spender.toLowerCase(), value);
      }
      // Each spender's allowance is the last value approved to it, in nonce order.
      for (const [spender, value] of last) {
        expect(
          await platform.client.readContract({
            address: token,
            abi: testTokenAbi,
            functionName: "allowance",
            args: [bot, spender as Address],
          }),
        ).toBe(value);
      }
    } finally {
      await platform.close();
    }
  });

  test("deploy: a new contract per transaction; with selfDestruct each is gone by the end of its transaction", async () => {
    const platform = await open();
    try {
      const bot = (await platform.bots.get("deploy")).address;
      const kept = await runBot(platform, "deploy", { interval: 0, maxPending: 3 }, 3);
      expect(kept.length).toBeGreaterThanOrEqual(3);
      for (const record of kept) {
        expect(record).toMatchObject({ status: "confirmed", kind: "deploy" });
        expect(
          await platform.client.readContract({
            address: record.to,
            abi: deployTargetAbi,
            functionName: "deployer",
          }),
        ).toBe(bot);
      }
      expect(new Set(kept.map((record) => record.to)).size).toBe(kept.length);

      await expect(
        platform.bots.start("deploy", { selfDestruct: true, bytecode: deployTargetBytecode }),
      ).rejects.toMatchObject({ code: "INVALID_BOT_CONFIG" });
      const all = await runBot(platform, "deploy", { interval: 0, maxPending: 3, selfDestruct: true }, 3);
      const destroyed = all.slice(kept.length);
      expect(destroyed.length).toBeGreaterThanOrEqual(3);
      for (const record of destroyed) {
        const receipt = await platform.client.getTransactionReceipt({ hash: record.hash });
        expect(receipt.status).toBe("success");
        expect(getAddress(receipt.contractAddress ?? "0x")).toBe(record.to);
        expect(await platform.client.getCode({ address: record.to })).toBeUndefined();
      }
    } finally {
      await platform.close();
    }
  });

  test("create2: each contract is at the address its salt and init code predict, through the factory", async () => {
    const platform = await open();
    try {
      const records = await runBot(platform, "create2", { interval: 0, maxPending: 3 }, 4);
      // Setup put the factory on the chain first (its own deployment, and the funding of its deployer).
      const deployments = records.filter(
        (record) => record.kind === "deploy" && record.to !== CREATE2_FACTORY_ADDRESS,
      );
      expect(deployments.length).toBeGreaterThanOrEqual(4);
      const initCode = encodeDeployData({
        abi: deployTargetAbi,
        bytecode: deployTargetBytecode,
        args: [false],
      });
      const salts = new Set<Hex>();
      for (const record of deployments) {
        const transaction = await platform.client.getTransaction({ hash: record.hash });
        expect(record.status).toBe("confirmed");
        expect(getAddress(transaction.to ?? "0x")).toBe(CREATE2_FACTORY_ADDRESS);
        const salt = slice(transaction.input, 0, 32);
        expect(slice(transaction.input, 32)).toBe(initCode);
        salts.add(salt);
        const predicted = getContractAddress({
          opcode: "CREATE2",
          from: CREATE2_FACTORY_ADDRESS,
          salt,
          bytecode: initCode,
        });
        expect(record.to).toBe(predicted);
        expect(
          await platform.client.readContract({
            address: predicted,
            abi: deployTargetAbi,
            functionName: "deployer",
          }),
        ).toBe(CREATE2_FACTORY_ADDRESS);
      }
      expect(salts.size).toBe(deployments.length);
    } finally {
      await platform.close();
    }
  });

  test("gas-burner: each call's receipt shows the configured gas burned beyond the transaction's base", async () => {
    const platform = await open();
    try {
      // More than a block holds: every call would be refused, so the start is.
      await expect(platform.bots.start("gas-burner", { gasPerCall: 60_000_000 })).rejects.toMatchObject({
        code: "INVALID_BOT_CONFIG",
        message: expect.stringContaining("more than a block holds"),
      });
      const gasPerCall = 300_000;
      const records = await runBot(platform, "gas-burner", { interval: 0, maxPending: 3, gasPerCall }, 5);
      const calls = await callsTo(platform, records, await contractOf(platform, "gas-burner"));
      expect(calls.length).toBeGreaterThanOrEqual(4);
      for (const { transaction, receipt } of calls) {
        expect(receipt.status).toBe("success");
        expect(transaction.gas).toBe(BigInt(gasPerCall) + GAS_BURNER_OVERHEAD);
        expect(receipt.gasUsed).toBeGreaterThanOrEqual(21_000n + BigInt(gasPerCall));
        expect(receipt.gasUsed).toBeLessThan(21_000n + BigInt(gasPerCall) + 2_500n);
      }
    } finally {
      await platform.close();
    }
  });

  test("storage-spam: every transaction wrote its count of fresh slots, readable with eth_getStorageAt", async () => {
    const platform = await open();
    try {
      const slotsPerTransaction = 40;
      const records = await runBot(
        platform,
        "storage-spam",
        { interval: 0, maxPending: 3, slotsPerTransaction },
        4,
      );
      const spam = await contractOf(platform, "storage-spam");
      const calls = await callsTo(platform, records, spam);
      expect(calls.every(({ receipt }) => receipt.status === "success")).toBe(true);
      const written = BigInt(calls.length * slotsPerTransaction);
      expect(
        await platform.client.readContract({ address: spam, abi: storageSpamAbi, functionName: "written" }),
      ).toBe(written);
      const slot = (index: bigint) =>
        keccak256(encodeAbiParameters([{ type: "uint256" }, { type: "uint256" }], [index, 1n]));
      const values = await Promise.all(
        Array.from({ length: Number(written) + 1 }, (_, index) =>
          platform.client.getStorageAt({ address: spam, slot: slot(BigInt(index)) }),
        ),
      );
      expect(values.slice(0, -1).every((value) => hexToBigInt(value ?? "0x0") !== 0n)).toBe(true);
      expect(hexToBigInt(values.at(-1) ?? "0x0")).toBe(0n);
    } finally {
      await platform.close();
    }
  });

  test("blob: type-3 transactions whose versioned hashes, in their blocks, are those of the blobs sent", async () => {
    const platform = await open();
    try {
      const records = await runBot(
        platform,
        "blob",
        { interval: 0, maxPending: 2, blobs: { min: 2, max: 3 } },
        2,
      );
      expect(records.length).toBeGreaterThanOrEqual(2);
      for (const record of records) {
        expect(record).toMatchObject({ status: "confirmed", kind: "blob" });
        const block = await platform.client.getBlock({
          blockNumber: record.blockNumber ?? 0n,
          includeTransactions: true,
        });
        const mined = block.transactions.find((transaction) => transaction.hash === record.hash);
        expect(mined?.type).toBe("eip4844");
        const hashes = mined?.blobVersionedHashes ?? [];
        expect(hashes.length).toBeGreaterThanOrEqual(2);
        expect(hashes.length).toBeLessThanOrEqual(3);
        expect(block.blobGasUsed).toBeGreaterThanOrEqual(BigInt(hashes.length) * 131_072n);
        // The node keeps the network form (body, blobs, commitments, proofs): the hashes in the
        // block are those of the commitments sent.
        const raw = (await platform.client.request({
          method: "eth_getRawTransactionByHash" as "eth_chainId",
          params: [record.hash] as never,
        })) as unknown as Hex;
        const [, blobs, commitments] = fromRlp(`0x${raw.slice(4)}`, "hex") as [unknown, Hex[], Hex[]];
        expect(blobs.map((blob) => size(blob))).toEqual(hashes.map(() => 131_072));
        expect(commitmentsToVersionedHashes({ commitments })).toEqual(hashes);
      }
    } finally {
      await platform.close();
    }
  });

  test("set-code: accounts carry the delegation code (0xef0100 ++ delegate) and count their pings in their own storage", async () => {
    const platform = await open();
    try {
      const records = await runBot(
        platform,
        "set-code",
        { interval: 0, maxPending: 1, authorizations: 2 },
        5,
      );
      const delegate = await contractOf(platform, "set-code");
      const delegated = new Set<Address>();
      let setCodeTransactions = 0;
      for (const record of records.filter((record) => record.kind !== "deploy")) {
        expect(record.status).toBe("confirmed");
        const transaction = await platform.client.getTransaction({ hash: record.hash });
        if (transaction.type !== "eip7702") continue;
        setCodeTransactions++;
        expect(transaction.authorizationList).toHaveLength(2);
        for (const authorization of transaction.authorizationList ?? []) {
          delegated.add(await recoverAuthorizationAddress({ authorization }));
        }
      }
      expect(setCodeTransactions).toBeGreaterThanOrEqual(2);
      let pings = 0n;
      for (const account of delegated) {
        expect(await platform.client.getCode({ address: account })).toBe(
          concat(["0xef0100", delegate]).toLowerCase(),
        );
        pings += await platform.client.readContract({
          address: account,
          abi: setCodeDelegateAbi,
          functionName: "pings",
        });
      }
      // One ping per transaction, each in the storage of the account it went to.
      expect(pings).toBe(BigInt(records.filter((record) => record.kind !== "deploy").length));
      expect(
        await platform.client.readContract({
          address: delegate,
          abi: setCodeDelegateAbi,
          functionName: "pings",
        }),
      ).toBe(0n);
    } finally {
      await platform.close();
    }
  });

  test("tx-fuzz: valid transactions of every type and recipient kind, all mined (some reverting)", async () => {
    const platform = await open();
    try {
      // Five types in turn, then the next recipient kind: 20 sends reach a deployment.
      const records = await runBot(platform, "tx-fuzz", { interval: 0, maxPending: 4 }, 20);
      expect(records.length).toBeGreaterThanOrEqual(20);
      const types = new Set<string>();
      const recipients = new Set<string>();
      for (const record of records) {
        const receipt = await platform.client.getTransactionReceipt({ hash: record.hash });
        expect(receipt.blockNumber).toBe(record.blockNumber);
        expect(record.status).toBe(receipt.status === "success" ? "confirmed" : "failed");
        types.add(receipt.type);
        if (receipt.contractAddress) recipients.add("create");
        else if (hexToBigInt(receipt.to ?? "0x0") <= 0x11n) recipients.add("precompile");
      }
      expect([...types].sort()).toEqual(["eip1559", "eip2930", "eip4844", "eip7702", "legacy"]);
      expect([...recipients].sort()).toEqual(["create", "precompile"]);
      const { stats } = await platform.bots.get("tx-fuzz");
      expect(stats.counters).toMatchObject({
        "type:eip1559": expect.any(Number),
        "recipient:precompile": expect.any(Number),
      });
    } finally {
      await platform.close();
    }
  });

  test("tx-fuzz-invalid: the node refuses each kind; none is recorded or spends a nonce", async () => {
    const platform = await open();
    // anvil takes a high-s signature (see the next test): every other kind it refuses.
    const kinds = INVALID_TRANSACTION_KINDS.filter((kind) => kind !== "high-s");
    try {
      await platform.bots.start("tx-fuzz-invalid", { interval: 10, kinds });
      // Every kind refused at least twice: two turns of the list.
      const refusedAll = async () => {
        const { stats } = await platform.bots.get("tx-fuzz-invalid");
        for (const kind of kinds) expect(stats.counters?.[`refused:${kind}`]).toBeGreaterThanOrEqual(2);
      };
      await vi.waitFor(refusedAll, { timeout: 20_000, interval: 50 });
      await platform.bots.stop("tx-fuzz-invalid");
      await platform.bots.settled("tx-fuzz-invalid");
      const { stats, address } = await platform.bots.get("tx-fuzz-invalid");
      expect(stats.counters?.findings).toBeUndefined();
      expect(stats.errors).toBe(0);
      expect(stats.counters?.refused).toBe(
        kinds.reduce((sum, kind) => sum + (stats.counters?.[`refused:${kind}`] ?? 0), 0),
      );
      // Only setup's transfer (for a used nonce) went through the pipeline and onto the chain.
      const records = (await readWholeHistory(platform.storage)).filter(
        (record) => record.source === "tx-fuzz-invalid",
      );
      expect(records).toHaveLength(1);
      expect(await platform.client.getTransactionCount({ address })).toBe(1);
      expect(await platform.client.getTransactionCount({ address, blockTag: "pending" })).toBe(1);
    } finally {
      await platform.close();
    }
  });

  test("tx-fuzz-invalid: a transaction the node takes is a finding, counted and reported with its hash", async () => {
    const platform = await open();
    try {
      // anvil 1.7.1 takes a signature whose s is in the upper half of the curve order, which
      // EIP-2 made invalid (geth refuses it): a finding on the embedded devnet.
      await platform.bots.start("tx-fuzz-invalid", { interval: 10, kinds: ["high-s"] });
      const found = async () => {
        const { stats } = await platform.bots.get("tx-fuzz-invalid");
        expect(stats.counters?.findings).toBeGreaterThanOrEqual(1);
      };
      await vi.waitFor(found, { timeout: 20_000, interval: 50 });
      await platform.bots.stop("tx-fuzz-invalid");
      const { stats } = await platform.bots.get("tx-fuzz-invalid");
      expect(stats.counters?.["accepted:high-s"]).toBe(stats.counters?.findings);
      expect(stats.counters?.refused).toBeUndefined();
      const { errors } = await platform.bots.logs("tx-fuzz-invalid");
      const hash = /as (0x[0-9a-f]{64})/.exec(errors[0]?.message ?? "")?.[1] as Hex;
      expect(errors[0]?.message).toContain("finding: the node accepted an invalid transaction (high-s)");
      // The node did take it: it is on the chain, from the bot, outside the history.
      const mined = await platform.client.waitForTransactionReceipt({ hash });
      expect(mined.from).toBe((await platform.bots.get("tx-fuzz-invalid")).address.toLowerCase());
      expect(await platform.transactions.list({ limit: 100 })).not.toContainEqual(
        expect.objectContaining({ hash }),
      );
    } finally {
      await platform.close();
    }
  });

  test("on a node before Cancun and Prague, blob, set-code and a blob-only tx-fuzz are refused at start with BOT_UNSUPPORTED", async () => {
    const dir = await mkdtemp(join(tmpdir(), "privnet-shanghai-"));
    const binary = join(dir, "anvil");
    await writeFile(binary, `#!/bin/sh\nexec "${resolveAnvilBinary()}" --hardfork shanghai "$@"\n`);
    await chmod(binary, 0o755);
    const shanghai = await startDevnet({ port: 0, binary, blockTime: 0 });
    const platform = await openBotPlatform(shanghai.rpcUrl, builtins);
    try {
      await expect(platform.bots.start("blob")).rejects.toMatchObject({
        code: "BOT_UNSUPPORTED",
        requirement: "Cancun (EIP-4844 blob transactions)",
        message: expect.stringContaining("The blob bot cannot run on this node"),
      });
      await expect(platform.bots.start("set-code")).rejects.toMatchObject({
        code: "BOT_UNSUPPORTED",
        requirement: "Prague (EIP-7702 set-code transactions)",
      });
      await expect(platform.bots.start("tx-fuzz", { types: ["blob"] })).rejects.toMatchObject({
        code: "BOT_UNSUPPORTED",
      });
      for (const bot of ["blob", "set-code", "tx-fuzz"]) {
        expect((await platform.bots.get(bot)).status).toBe("Stopped");
        expect(
          (await platform.storage.state.get<{ running: boolean }>(`bots:${bot}`))?.running ?? false,
        ).toBe(false);
      }
      // Nothing was sent: not even a top-up.
      expect(await readWholeHistory(platform.storage)).toHaveLength(0);

      // A blob bot stored as running (it ran on another node) does not resume here: the platform
      // opens, the bot stays stopped, the refusal is its error.
      await platform.storage.state.set("bots:blob", {
        running: true,
        config: null,
        data: {},
        counters: { sent: 0, confirmed: 0, failed: 0, errors: 0, lastError: null, pendingIds: [] },
      });
      const reopened = await openBotPlatform(shanghai.rpcUrl, {
        ...builtins,
        storage: keepOpen(platform.storage),
      });
      try {
        const { status, stats } = await reopened.bots.get("blob");
        expect(status).toBe("Stopped");
        expect(stats.lastError).toMatchObject({ code: "BOT_UNSUPPORTED" });
      } finally {
        await reopened.close();
      }
    } finally {
      await platform.close();
      await shanghai.stop();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
