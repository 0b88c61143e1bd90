import { createPlatform, type Platform } from "@privnet/core";
import { readWholeHistory } from "@privnet/core/testing";
import { type Devnet, startDevnet } from "@privnet/devnet";
import { type Address, getAddress, type Hash, http } from "viem";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createAdminServer } from "../../server/createAdminServer.js";

/**
 * SOAK: all three bots at short intervals plus concurrent `POST /send` traffic from a system
 * wallet through the admin API, on a devnet with real 2 s blocks, for PRIVNET_SOAK_BLOCKS blocks
 * (default 60 ≈ 2 minutes). Bounded by blocks, not by a timer: the run ends when the chain has
 * produced that many.
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

describe(`SOAK: three bots + POST /send traffic for ${SOAK_BLOCKS} blocks of 2 s`, () => {
  test(
    "zero nonce errors, every sent transaction confirmed, counters equal to the history",
    async () => {
      const platform = await createPlatform({
        transport: http(devnet.rpcUrl),
        pollingInterval: 250,
        bots: { env: {} },
      });
      const admin = await createAdminServer(platform, { port: 0, logger: false });
      try {
        await platform.wallets.create({ name: "soak-recipient" });
        const system = (await platform.wallets.list()).find((w) => w.address === devnet.accounts[5]?.address);
        if (!system) throw new Error("system wallet 5 is missing");

        const start = await platform.client.getBlockNumber();
        await platform.bots.start("transfer", { interval: 100 });
        await platform.bots.start("erc20", { interval: 250 });
        await platform.bots.start("nft", { interval: 250, recipients: "fresh" });

        // Concurrent API traffic from a system wallet: each client POSTs /send, waits for the
        // receipt, sends again.
        let soaking = true;
        const systemSends: Hash[] = [];
        const systemErrors: unknown[] = [];
        const senders = Array.from({ length: SYSTEM_SENDERS }, async () => {
          while (soaking) {
            try {
              const response = await fetch(`${admin.url}/send`, {
                method: "POST",
                headers: { "content-type": "application/json" },
                body: JSON.stringify({ fromWalletId: system.id, toAddress: recipient, amount: "0.001" }),
              });
              const body = (await response.json()) as { hash?: Hash; status?: string };
              if (response.status !== 200 || !body.hash)
                throw new Error(`POST /send: ${JSON.stringify(body)}`);
              expect(body.status).toBe("pending");
              await platform.client.waitForTransactionReceipt({ hash: body.hash, pollingInterval: 250 });
              systemSends.push(body.hash);
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

        const history = await readWholeHistory(platform.storage);
        // Every transaction of the run, the API's included, is in the history and confirmed.
        expect(history.filter((r) => r.status !== "confirmed")).toEqual([]);
        const apiHashes = history.filter((r) => r.source === "api").map((r) => r.hash);
        expect(apiHashes.sort()).toEqual([...systemSends].sort());
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
        await admin.close();
        await platform.close();
      }
    },
    Number(SOAK_BLOCKS) * 2_000 + 180_000,
  );
});
