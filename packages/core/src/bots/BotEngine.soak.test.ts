import { type Devnet, startDevnet } from "@privnet/devnet";
import { type Address, getAddress, http } from "viem";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createPlatform, type Platform } from "../platform/createPlatform.js";
import type { TransactionEntry } from "../transactions/TransactionEntry.js";
import { readWholeHistory } from "./fixtures/readWholeHistory.js";

/**
 * SOAK: all three bots at short intervals plus concurrent sends from a system wallet, on a devnet
 * with real 2 s blocks, for PRIVNET_SOAK_BLOCKS blocks (default 60 ≈ 2 minutes). Bounded by
 * blocks, not by a timer: the run ends when the chain has produced that many.
 */
const SOAK_BLOCKS = BigInt(process.env.PRIVNET_SOAK_BLOCKS || 60);
const SYSTEM_SENDERS = 4;
const recipient = getAddress("0x00000000000000000000000000000000005000a5");
const bots = ["transfer", "erc20", "nft"] as const;

let devnet: Devnet;
beforeAll(async () => {
  devnet = await startDevnet({ port: 0, blockTime: 2 });
}, 60_000);
afterAll(() => devnet?.stop());

/** Resolves once the chain's head reached `target`, driven by the client's block watcher. */
function untilBlock(platform: Platform, target: bigint) {
  return new Promise<void>((resolve) => {
    const unwatch = platform.client.watchBlockNumber({
      emitOnBegin: true,
      onBlockNumber: (head) => {
        if (head < target) return;
        unwatch();
        resolve();
      },
    });
  });
}

describe(`SOAK: three bots + system-wallet sends for ${SOAK_BLOCKS} blocks of 2 s`, () => {
  test(
    "zero nonce errors, every sent transaction confirmed, counters equal to the history",
    async () => {
      const platform = await createPlatform({
        transport: http(devnet.rpcUrl),
        pollingInterval: 250,
        bots: { env: {} },
      });
      try {
        await platform.wallets.create({ name: "soak-recipient" });
        const system = (await platform.wallets.list()).find((w) => w.address === devnet.accounts[5]?.address);
        if (!system) throw new Error("system wallet 5 is missing");

        const start = await platform.client.getBlockNumber();
        await platform.bots.start("transfer", { interval: 100 });
        await platform.bots.start("erc20", { interval: 250 });
        await platform.bots.start("nft", { interval: 250, recipients: "fresh" });

        // Concurrent API-like traffic from a system wallet: each sender sends, waits, sends again.
        let soaking = true;
        const systemSends: TransactionEntry[] = [];
        const systemErrors: unknown[] = [];
        const senders = Array.from({ length: SYSTEM_SENDERS }, async () => {
          while (soaking) {
            try {
              const sent = await platform.sender.sendFromWallet({
                fromWalletId: system.id,
                to: recipient,
                amount: "0.001",
              });
              systemSends.push(await platform.transactions.wait(sent.id));
            } catch (error) {
              systemErrors.push(error);
            }
          }
        });

        await untilBlock(platform, start + SOAK_BLOCKS);
        soaking = false;
        await Promise.all(senders);
        const status = await platform.bots.status();
        for (const bot of bots) await platform.bots.stop(bot);
        for (const bot of bots) await platform.bots.settled(bot);

        expect(systemErrors).toEqual([]);
        expect(systemSends.length).toBeGreaterThan(0);
        expect(systemSends.every((entry) => entry.status === "confirmed")).toBe(true);

        const history = await readWholeHistory(platform.storage);
        expect(history.filter((r) => r.status !== "confirmed")).toEqual([]);
        for (const bot of bots) {
          const { stats, address } = await platform.bots.get(bot);
          const records = history.filter((r) => r.source === bot);
          expect(stats.errors, `${bot}: ${JSON.stringify(stats.lastError)}`).toBe(0);
          expect(stats).toMatchObject({
            sent: records.length,
            confirmed: records.length,
            failed: 0,
            pending: 0,
          });
          expect(records.length).toBeGreaterThan(10);
          // Contiguous nonces from 0, all the chain has seen from the bot's key.
          const nonces = records.map((r) => r.nonce).sort((a, b) => a - b);
          expect(nonces).toEqual(nonces.map((_, i) => i));
          expect(await platform.client.getTransactionCount({ address: address as Address })).toBe(
            records.length,
          );
          // While running the rates were measured over real blocks.
          expect(status[bot]?.stats.txPerSecond.last20Blocks).toBeGreaterThan(0);
        }
        console.info(
          `SOAK ${SOAK_BLOCKS} blocks: ${bots.map((b) => `${b} ${history.filter((r) => r.source === b).length}`).join(", ")}, system sends ${systemSends.length}, all confirmed`,
        );
        // Nothing from the bots' keys but the bots' own transactions (no gap fillers were needed).
        expect(history.filter((r) => r.source === "nonce-gap-filler")).toEqual([]);
      } finally {
        await platform.close();
      }
    },
    Number(SOAK_BLOCKS) * 2_000 + 180_000,
  );
});
