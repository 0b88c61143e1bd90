import { type Devnet, startDevnet } from "@privnet/devnet";
import { type Address, concat, type Hex, keccak256, numberToHex, parseEther, stringToHex, toHex } from "viem";
import { mnemonicToAccount, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { z } from "zod";
import { KEY_INDEXES } from "../../chain/keyIndexes.js";
import { SYSTEM_MNEMONIC } from "../../chain/systemAccounts.js";
import type { BotEvent } from "../../context/BotEvent.js";
import { isPrivnetError } from "../../errors/PrivnetError.js";
import type { Platform } from "../../platform/createPlatform.js";
import { readWholeHistory } from "../../storage/readWholeHistory.js";
import { defineBot } from "../defineBot.js";
import { openBotPlatform } from "../fixtures/openBotPlatform.js";

// One devnet for the file, a block every second (top-ups and reclaims land in real blocks).
let devnet: Devnet;
beforeAll(async () => {
  devnet = await startDevnet({ port: 0, blockTime: 1 });
});
afterAll(async () => {
  await devnet?.stop();
});

/** The rule docs/bots.md gives, written out independently of the code. */
function expectedChildAddress(rootKey: Hex, seed: string, index: number): Address {
  const key = keccak256(concat([rootKey, keccak256(stringToHex(seed)), numberToHex(index, { size: 4 })]));
  return privateKeyToAccount(key).address;
}

function botKey(index: number): Hex {
  const key = mnemonicToAccount(SYSTEM_MNEMONIC, { addressIndex: index }).getHdKey().privateKey;
  if (!key) throw new Error("no key");
  return toHex(key);
}

/** Resolves once `bot` has `count` confirmed transactions (bot events, no polling). */
function confirmations(platform: Platform, bot: string, count: number) {
  return new Promise<void>((resolve) => {
    let seen = 0;
    platform.events.on("bot", (event) => {
      if (event.bot === bot && event.type === "transaction" && event.transaction?.status === "confirmed") {
        if (++seen === count) resolve();
      }
    });
  });
}

async function withPlatform(
  options: Parameters<typeof openBotPlatform>[1],
  body: (platform: Platform) => Promise<void>,
) {
  const platform = await openBotPlatform(devnet.rpcUrl, options);
  try {
    await body(platform);
  } finally {
    for (const name of platform.bots.names()) await platform.bots.stop(name);
    for (const name of platform.bots.names()) await platform.bots.settled(name);
    await platform.close();
  }
}

describe("wallet pool", () => {
  test("derived from the bot's key and seed, funded in a batch, every wallet sends, reclaim returns the rest", async () => {
    await withPlatform({ bots: { env: {}, minBalance: "0.5", topUp: "1" } }, async (platform) => {
      const client = platform.client;
      // Handed out in turn: 16 sends are 4 from each wallet.
      const sent = confirmations(platform, "transfer", 16);
      await platform.bots.start("transfer", {
        txPerBlock: 12,
        wallets: 4,
        walletSeed: "pool-test",
        amount: "0.001",
        recipients: "fresh",
      });
      await sent;

      const controls = await platform.bots.controls("transfer");
      const rootKey = botKey(KEY_INDEXES.bots.transfer);
      const expected = [0, 1, 2, 3].map((index) => expectedChildAddress(rootKey, "pool-test", index));
      expect(controls.wallets?.addresses).toEqual(expected);
      expect(controls.wallets?.seed).toBe("pool-test");
      // The explorer names each pool wallet after its bot and index.
      for (const [index, address] of expected.entries())
        expect((await platform.explorer.address(address)).label).toEqual({
          name: `transfer bot wallet ${index}`,
          source: "bot",
        });

      // Reclaim is refused while the bot sends.
      await expect(platform.bots.reclaim("transfer")).rejects.toSatisfy((error) =>
        isPrivnetError(error, "INVALID_BOT_CONFIG"),
      );
      await platform.bots.stop("transfer");
      await platform.bots.settled("transfer");

      // Every wallet sent (its nonce moved on chain); the bot's own key sent nothing.
      const { address: root, stats } = await platform.bots.get("transfer");
      for (const address of expected)
        expect(await client.getTransactionCount({ address })).toBeGreaterThan(0);
      expect(await client.getTransactionCount({ address: root })).toBe(0);
      expect(stats).toMatchObject({ failed: 0, pending: 0 });

      // Funded by the funder: each wallet topped up once, all four in one batch.
      const history = await readWholeHistory(platform.storage);
      const topUps = history.filter(
        (record) =>
          record.source === "bot-funding" &&
          expected.some((address) => address.toLowerCase() === record.to?.toLowerCase()),
      );
      expect(new Set(topUps.map((record) => record.to?.toLowerCase())).size).toBe(4);
      expect(topUps.every((record) => record.status === "confirmed")).toBe(true);
      // One batch of four (the wallets' balances stayed above their wanted 0.5 ETH after it).
      expect(topUps.length).toBe(4);
      expect(controls.wallets).toMatchObject({ topUps: 4, batches: 1 });
      const funder = topUps[0]?.from as Address;

      const before = await Promise.all(expected.map((address) => client.getBalance({ address })));
      const funderBefore = await client.getBalance({ address: funder });
      const result = await platform.bots.reclaim("transfer");
      expect(result.funder).toBe(funder);
      expect(result.reclaimed.map((entry) => entry.address)).toEqual(expected);
      // Each wallet is left with at most a transfer's fee cap; the funder got what was sent.
      const block = await client.getBlock();
      const feeCap = 21_000n * ((block.baseFeePerGas ?? 0n) * 4n + parseEther("0.000000002"));
      const after = await Promise.all(expected.map((address) => client.getBalance({ address })));
      for (const [index, balance] of after.entries()) {
        expect(balance).toBeLessThan(feeCap);
        const amount = result.reclaimed[index]?.amount ?? 0n;
        expect(amount).toBeLessThanOrEqual(before[index] ?? 0n);
        expect((before[index] ?? 0n) - amount).toBeLessThan(feeCap);
      }
      expect(await client.getBalance({ address: funder })).toBe(funderBefore + result.total);
      expect(result.total).toBeGreaterThan(parseEther("3"));
    });
  });

  test("erc20 with a pool: the token's owner mints to each wallet, the wallets' transfers all succeed", async () => {
    await withPlatform({ bots: { env: {}, minBalance: "0.5", topUp: "1" } }, async (platform) => {
      // Its deployment and a mint to each wallet, then 3 transfers from each at least.
      const sent = confirmations(platform, "erc20", 1 + 3 + 9);
      await platform.bots.start("erc20", { txPerBlock: 6, wallets: 3, recipients: "fresh" });
      await sent;
      await platform.bots.stop("erc20");
      await platform.bots.settled("erc20");
      const { stats, contract } = await platform.bots.get("erc20");
      const { wallets } = await platform.bots.controls("erc20");
      expect(stats).toMatchObject({ failed: 0, pending: 0 });
      expect(stats.confirmed).toBeGreaterThan(6);
      expect(contract).not.toBeNull();
      for (const address of wallets?.addresses ?? []) {
        expect(await platform.client.getTransactionCount({ address })).toBeGreaterThan(0);
      }
      await platform.bots.reclaim("erc20");
    });
  });
});

describe("auto-restart", () => {
  test("a setup that keeps failing is retried with a doubling backoff, shown in the bot's controls", async () => {
    let attempts = 0;
    const flaky = defineBot({
      name: "flaky",
      schema: z.object({}),
      defaults: { interval: 200 },
      async setup() {
        attempts++;
        if (attempts <= 3) throw new Error(`setup attempt ${attempts} failed`);
      },
      async tick(ctx) {
        await ctx.send({ to: ctx.address, value: 0n });
      },
    });
    await withPlatform(
      { bots: { env: {}, custom: [flaky], restartBackoff: { initialMs: 300, maxMs: 1_000 } } },
      async (platform) => {
        const seen: Promise<{ failures: number; backoffMs: number | null; state: string }>[] = [];
        const errors: BotEvent[] = [];
        const sent = new Promise<void>((resolve) => {
          platform.events.on("bot", (event) => {
            if (event.bot !== "flaky") return;
            if (event.type === "error") {
              errors.push(event);
              seen.push(platform.bots.controls("flaky").then(({ restart }) => restart));
            }
            if (event.type === "transaction" && event.transaction?.status === "confirmed") resolve();
          });
        });
        await platform.bots.start("flaky");
        await sent;
        expect(errors.map((event) => event.error?.message)).toEqual([
          "setup attempt 1 failed",
          "setup attempt 2 failed",
          "setup attempt 3 failed",
        ]);
        expect(await Promise.all(seen)).toEqual([
          expect.objectContaining({ state: "backoff", failures: 1, backoffMs: 300 }),
          expect.objectContaining({ state: "backoff", failures: 2, backoffMs: 600 }),
          expect.objectContaining({ state: "backoff", failures: 3, backoffMs: 1_000 }),
        ]);
        const { restart } = await platform.bots.controls("flaky");
        expect(restart).toEqual({
          state: "ok",
          failures: 0,
          backoffMs: null,
          nextAttemptAt: null,
          restarts: 0,
        });
      },
    );
  });
});
