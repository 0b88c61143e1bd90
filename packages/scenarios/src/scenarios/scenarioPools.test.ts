// Every built-in scenario with a wallet pool (`wallets: 3`) against a real anvil: the pool's
// wallets send, what they send succeeds on chain, and the bot's own key does only what the owner
// of its contracts must (mints, giving tokens). The scenarios that have no use for a pool refuse
// one at start. One file, one worker devnet and one platform, a few transactions per scenario.

import { computeBlobProofs, type Platform, type TransactionRecord } from "@privnet/core";
import {
  deployTargetAbi,
  devMultiTokenAbi,
  setCodeDelegateAbi,
  storageSpamAbi,
  testTokenAbi,
} from "@privnet/core/contracts";
import { openBotPlatform, readWholeHistory } from "@privnet/core/testing";
import { useDevnet } from "@privnet/devnet/vitest";
import {
  type Abi,
  type AbiFunction,
  type Address,
  concat,
  decodeFunctionData,
  getAbiItem,
  hexToBigInt,
  isAddressEqual,
  toBlobs,
  toFunctionSelector,
} from "viem";
import { recoverAuthorizationAddress } from "viem/utils";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { builtinScenarios } from "../builtinScenarios.js";
import { untilBot } from "../defi/fixtures/untilBot.js";
import { loadUniswapV2Artifacts } from "../defi/uniswapV2Artifacts.js";
import { GAS_BURNER_OVERHEAD } from "./gasBurnerBot.js";

const devnet = useDevnet({ isolateTests: false });
let platform: Platform;

beforeAll(async () => {
  platform = await openBotPlatform(devnet.rpcUrl, { bots: { catalogues: [builtinScenarios] } });
  // The KZG tables the blob sends need are built once per process (seconds, in the KZG worker
  // thread): here, not in a test.
  await computeBlobProofs({ blobs: toBlobs({ data: "0x00" }) });
}, 120_000);

afterAll(async () => {
  for (const name of platform.bots.names()) await platform.bots.stop(name);
  for (const name of platform.bots.names()) await platform.bots.settled(name);
  await platform.close();
});

const POOL = 3;

type PoolRun = {
  /** The bot's own key. */
  root: Address;
  /** The pool's wallets. */
  wallets: Address[];
  /** The bot's settled records sent by the pool's wallets, in the order they were recorded. */
  fromPool: TransactionRecord[];
  /** The bot's settled records sent by its own key (setup's deployments, mints…). */
  fromRoot: TransactionRecord[];
};

const isIn = (addresses: readonly Address[], address: Address) =>
  addresses.some((one) => isAddressEqual(one, address));

/** The bot's settled records, split by sender. */
async function recordsOf(bot: string, root: Address, wallets: Address[]) {
  const records = (await readWholeHistory(platform.storage)).filter(
    (record) => record.source === bot && record.status !== "pending",
  );
  return {
    fromPool: records.filter((record) => isIn(wallets, record.from)),
    fromRoot: records.filter((record) => isAddressEqual(record.from, root)),
  };
}

/**
 * Runs `bot` with a pool of {@link POOL} wallets until `enough` holds of its pool's settled
 * records (asked again as each of its transactions settles), stops it and waits for the rest.
 */
async function runPooled(
  bot: string,
  overrides: Record<string, unknown>,
  enough: (run: PoolRun) => boolean | Promise<boolean>,
): Promise<PoolRun> {
  await platform.bots.start(bot, { ...overrides, wallets: POOL, walletSeed: `pools-${bot}` });
  const root = (await platform.bots.get(bot)).address;
  const wallets = (await platform.bots.controls(bot)).wallets?.addresses ?? [];
  expect(wallets).toHaveLength(POOL);
  // A scenario whose wallets cannot send fails here with its last error, not at the test's timeout.
  await untilBot(
    platform,
    bot,
    async () => enough({ root, wallets, ...(await recordsOf(bot, root, wallets)) }),
    100,
  );
  await platform.bots.stop(bot);
  await platform.bots.settled(bot);
  // A send the node took while its answer was lost is followed until it settles.
  const pending = (await readWholeHistory(platform.storage)).filter(
    (record) => record.source === bot && record.status === "pending",
  );
  await Promise.all(pending.map((record) => platform.transactions.wait(record.id)));
  return { root, wallets, ...(await recordsOf(bot, root, wallets)) };
}

/** At least `count` settled sends from the pool, from more than one of its wallets. */
const sendsFromPool =
  (count: number) =>
  ({ fromPool }: PoolRun) =>
    fromPool.length >= count && senders(fromPool) > 1;

const senders = (records: readonly TransactionRecord[]) =>
  new Set(records.map((record) => record.from.toLowerCase())).size;

/** Each record's receipt, checked to be a success. */
async function succeeded(records: readonly TransactionRecord[]) {
  return Promise.all(
    records.map(async (record) => {
      const receipt = await platform.client.getTransactionReceipt({ hash: record.hash });
      expect(receipt.status, `${record.hash} (${record.from})`).toBe("success");
      expect(record.status).toBe("confirmed");
      return receipt;
    }),
  );
}

async function contractOf(bot: string): Promise<Address> {
  const { contract } = await platform.bots.get(bot);
  if (!contract) throw new Error(`the ${bot} bot has no contract`);
  return contract;
}

/** The bot ran without an error and without a failed transaction. */
async function expectClean(bot: string) {
  const { stats } = await platform.bots.get(bot);
  expect(stats).toMatchObject({ failed: 0, pending: 0, errors: 0 });
}

describe("scenarios with a wallet pool (wallets: 3)", () => {
  test("erc1155: the wallets transfer from reserves the owner minted them; mints come from the owner", async () => {
    const run = await runPooled(
      "erc1155",
      { interval: 0, maxPending: 3, ids: 4, batchSize: 2, recipients: "fresh" },
      ({ fromPool }) => fromPool.length >= 4 && senders(fromPool) > 1,
    );
    const token = await contractOf("erc1155");
    await succeeded([...run.fromPool, ...run.fromRoot]);
    for (const record of run.fromPool) {
      const { input } = await platform.client.getTransaction({ hash: record.hash });
      const call = decodeFunctionData({ abi: devMultiTokenAbi, data: input });
      // A wallet only transfers, its own tokens.
      expect(["safeTransferFrom", "safeBatchTransferFrom"]).toContain(call.functionName);
      expect(isAddressEqual(call.args[0] as Address, record.from)).toBe(true);
    }
    // Every mint (the wallets' reserves, the mint turns) is the owner's.
    for (const record of run.fromRoot.filter((record) => record.kind !== "deploy")) {
      const { input } = await platform.client.getTransaction({ hash: record.hash });
      expect(decodeFunctionData({ abi: devMultiTokenAbi, data: input }).functionName).toBe("mintBatch");
      expect(isAddressEqual(record.to, token)).toBe(true);
    }
    await expectClean("erc1155");
  });

  test("call, gas-burner, storage-spam: the wallets call the bot's contract, each call does its work", async () => {
    const call = await runPooled("call", { interval: 0, maxPending: 3 }, sendsFromPool(4));
    // Its GasBurner (the call bot shows no contract in its status): setup's deployment, by the bot.
    const burner = call.fromRoot.find((record) => record.kind === "deploy")?.to;
    if (!burner) throw new Error("the call bot deployed no GasBurner");
    for (const record of call.fromPool) expect(isAddressEqual(record.to, burner)).toBe(true);
    await succeeded(call.fromPool);
    await expectClean("call");

    const burn = await runPooled(
      "gas-burner",
      { interval: 0, maxPending: 3, gasPerCall: 100_000 },
      sendsFromPool(4),
    );
    for (const receipt of await succeeded(burn.fromPool)) {
      expect(receipt.gasUsed).toBeGreaterThanOrEqual(100_000n);
      expect(receipt.gasUsed).toBeLessThan(100_000n + GAS_BURNER_OVERHEAD);
    }
    await expectClean("gas-burner");

    const spam = await runPooled(
      "storage-spam",
      { interval: 0, maxPending: 3, slotsPerTransaction: 5 },
      sendsFromPool(4),
    );
    await succeeded(spam.fromPool);
    const written = await platform.client.readContract({
      address: await contractOf("storage-spam"),
      abi: storageSpamAbi,
      functionName: "written",
    });
    expect(written).toBe(5n * BigInt(spam.fromPool.length));
    await expectClean("storage-spam");
  });

  test("deploy, create2: each wallet deploys at its own nonce and through the factory", async () => {
    const deploy = await runPooled("deploy", { interval: 0, maxPending: 3 }, sendsFromPool(4));
    await succeeded(deploy.fromPool);
    for (const record of deploy.fromPool) {
      expect(record.kind).toBe("deploy");
      // DeployTarget remembers who deployed it: the wallet.
      const deployer = await platform.client.readContract({
        address: record.to,
        abi: deployTargetAbi,
        functionName: "deployer",
      });
      expect(isAddressEqual(deployer, record.from)).toBe(true);
    }
    await expectClean("deploy");

    const create2 = await runPooled(
      "create2",
      { interval: 0, maxPending: 3 },
      ({ fromPool }) => senders(fromPool.filter((record) => record.kind === "deploy")) > 1,
    );
    await succeeded(create2.fromPool);
    // The first wallet to deploy put the factory on the chain (a transfer to its deployer, then its
    // pre-signed deployment): the rest are the wallets' deployments through it.
    const deployments = create2.fromPool.filter((record) => record.kind === "deploy");
    expect(senders(deployments)).toBeGreaterThan(1);
    for (const record of deployments) {
      expect(await platform.client.getCode({ address: record.to })).not.toBeUndefined();
    }
    await expectClean("create2");
  });

  test("blob, set-code, tx-fuzz: the wallets send type-3, type-4 and fuzzed transactions", async () => {
    // One small blob each: the proofs are computed on the event loop, seconds for many.
    const blob = await runPooled(
      "blob",
      { interval: 0, maxPending: 3, blobs: { min: 1, max: 1 }, bytesPerBlob: 256 },
      sendsFromPool(3),
    );
    for (const receipt of await succeeded(blob.fromPool)) expect(receipt.type).toBe("eip4844");
    await expectClean("blob");

    const setCode = await runPooled(
      "set-code",
      { interval: 0, maxPending: 1, authorizations: 1 },
      sendsFromPool(4),
    );
    const delegate = await contractOf("set-code");
    await succeeded(setCode.fromPool);
    let delegations = 0;
    for (const record of setCode.fromPool) {
      const transaction = await platform.client.getTransaction({ hash: record.hash });
      for (const authorization of transaction.authorizationList ?? []) {
        delegations++;
        const account = await recoverAuthorizationAddress({ authorization });
        expect(await platform.client.getCode({ address: account })).toBe(
          concat(["0xef0100", delegate]).toLowerCase(),
        );
        expect(
          await platform.client.readContract({
            address: account,
            abi: setCodeDelegateAbi,
            functionName: "pings",
          }),
        ).toBeGreaterThanOrEqual(1n);
      }
    }
    expect(delegations).toBeGreaterThan(0);
    await expectClean("set-code");

    // Fuzzed transactions may revert (random input to a precompile, random init code): each is
    // mined, and the record says how it ended.
    // Blobs from pool wallets are the blob bot's above: here the other types, for the time.
    const fuzz = await runPooled(
      "tx-fuzz",
      { interval: 0, maxPending: 3, types: ["eip1559", "set-code"] },
      sendsFromPool(6),
    );
    for (const record of fuzz.fromPool) {
      const receipt = await platform.client.getTransactionReceipt({ hash: record.hash });
      expect(record.status).toBe(receipt.status === "success" ? "confirmed" : "failed");
      // To an account without code (a fresh address, the wallet itself) it cannot revert: it
      // succeeds when the wallet pays for it.
      if (!receipt.contractAddress && hexToBigInt(record.to) > 0x11n) expect(receipt.status).toBe("success");
    }
    expect((await platform.bots.get("tx-fuzz")).stats.errors).toBe(0);
  });

  test("tx-fuzz-invalid: each wallet signs its own; nonce-too-low uses a nonce that wallet spent", async () => {
    const bot = "tx-fuzz-invalid";
    await platform.bots.start(bot, {
      interval: 10,
      kinds: ["nonce-too-low"],
      wallets: POOL,
      walletSeed: "pools-invalid",
    });
    const wallets = (await platform.bots.controls(bot)).wallets?.addresses ?? [];
    // The wallets take turns: after six, each signed two (a nonce it had not used would be taken).
    await vi.waitFor(
      async () => {
        const { stats } = await platform.bots.get(bot);
        expect(stats.counters?.refused).toBeGreaterThanOrEqual(6);
      },
      { timeout: 20_000, interval: 50 },
    );
    await platform.bots.stop(bot);
    await platform.bots.settled(bot);
    const { stats, address: root } = await platform.bots.get(bot);
    expect(stats.counters?.findings).toBeUndefined();
    expect(stats.errors).toBe(0);
    expect(stats.counters?.["refused:nonce-too-low"]).toBe(stats.counters?.refused);
    // Each wallet spent its first nonce on a transfer to itself; the bot's own key sent nothing.
    const { fromPool, fromRoot } = await recordsOf(bot, root, wallets);
    expect(fromRoot).toEqual([]);
    expect(fromPool.map((record) => record.to.toLowerCase()).sort()).toEqual(
      wallets.map((wallet) => wallet.toLowerCase()).sort(),
    );
    await succeeded(fromPool);
    for (const wallet of wallets) {
      expect(await platform.client.getTransactionCount({ address: wallet })).toBe(1);
    }
  });

  test("uniswap-v2: the wallets swap and add liquidity with tokens the bot gave them", async () => {
    const { router: routerArtifact } = await loadUniswapV2Artifacts();
    const abi = routerArtifact.abi as Abi;
    const tokenSpends = new Set(
      ["swapExactTokensForETH", "swapExactTokensForTokens", "addLiquidity", "addLiquidityETH"].map((name) =>
        toFunctionSelector(getAbiItem({ abi, name }) as AbiFunction),
      ),
    );
    const tradesOf = (records: readonly TransactionRecord[], router: Address) =>
      records.filter((record) => isAddressEqual(record.to, router));
    const run = await runPooled(
      "uniswap-v2",
      {
        interval: 0,
        maxPending: 3,
        tokens: [
          { symbol: "pA", decimals: 6, perEth: "2000" },
          { symbol: "pB", decimals: 18, perEth: "1000" },
        ],
        ethPerPool: "2",
        weights: { swap: 60, add: 30, remove: 10 },
      },
      // Trades from more than one wallet, one at least paying in tokens (a token swap or an add).
      async ({ fromPool }) => {
        const { contract: router } = await platform.bots.get("uniswap-v2");
        if (!router) return false;
        const trades = tradesOf(fromPool, router);
        return (
          trades.length >= 6 &&
          senders(trades) > 1 &&
          trades.some((record) => record.selector !== null && tokenSpends.has(record.selector))
        );
      },
    );
    const router = await contractOf("uniswap-v2");
    // Every send of the wallets succeeded: their approvals, swaps, adds and removals.
    await succeeded(run.fromPool);
    const trades = tradesOf(run.fromPool, router);
    expect(trades.some((record) => record.selector !== null && tokenSpends.has(record.selector))).toBe(true);
    // The tokens they pay with came from the bot's own key, to the wallets that traded.
    const given = new Set<string>();
    for (const record of run.fromRoot.filter((record) => record.selector === "0xa9059cbb")) {
      const { input } = await platform.client.getTransaction({ hash: record.hash });
      const [to] = decodeFunctionData({ abi: testTokenAbi, data: input }).args as [Address, bigint];
      expect(isIn(run.wallets, to)).toBe(true);
      given.add(to.toLowerCase());
    }
    for (const trade of trades) expect(given.has(trade.from.toLowerCase())).toBe(true);
    await succeeded(run.fromRoot);
    await expectClean("uniswap-v2");
  });

  test("lending and liquidation-keeper refuse a pool: at start (INVALID_BOT_CONFIG), as an instance, in a traffic document", async () => {
    for (const bot of ["lending", "liquidation-keeper"]) {
      await expect(platform.bots.start(bot, { wallets: POOL })).rejects.toMatchObject({
        code: "INVALID_BOT_CONFIG",
        message: expect.stringContaining(`wallets: the ${bot} bot does not send from a wallet pool`),
      });
      expect((await platform.bots.get(bot)).status).toBe("Stopped");
      // An instance with a pool, and a traffic document giving one, are refused before anything is made.
      await expect(
        platform.bots.createInstance({ scenario: bot, name: `${bot}-pooled`, config: { wallets: POOL } }),
      ).rejects.toMatchObject({ code: "INVALID_BOT_CONFIG" });
      expect(platform.bots.names()).not.toContain(`${bot}-pooled`);
      const document = {
        version: 1,
        bots: [{ scenario: bot, name: `${bot}-doc`, config: { wallets: POOL } }],
      };
      expect((await platform.bots.validateTraffic(document)).issues).toEqual([
        {
          path: "bots.0.config.wallets",
          message: expect.stringContaining(`the ${bot} scenario does not send from a wallet pool`),
        },
      ]);
      await expect(platform.bots.importTraffic(document)).rejects.toMatchObject({
        code: "INVALID_TRAFFIC_DOCUMENT",
      });
      expect(platform.bots.names()).not.toContain(`${bot}-doc`);
    }
  });
});
