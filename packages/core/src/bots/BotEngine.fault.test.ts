import { type Devnet, startDevnet } from "@privnet/devnet";
import { createWalletClient, type Hash, http, parseGwei } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { deriveAccounts } from "../chain/deriveAccounts.js";
import { SYSTEM_MNEMONIC } from "../chain/systemAccounts.js";
import { createPlatform, type Platform } from "../platform/createPlatform.js";
import type { StoredNonceState } from "../sender/NonceManager.js";
import { readWholeHistory } from "../storage/readWholeHistory.js";
import { nextBotEvents, transactionWith } from "./fixtures/nextBotEvents.js";

// Faults need transactions to sit in the pool for a while: a chain of its own with 2 s blocks.
let devnet: Devnet;
beforeAll(async () => {
  devnet = await startDevnet({ port: 0, blockTime: 2 });
}, 60_000);
afterAll(() => devnet?.stop());

const [botKey] = deriveAccounts(SYSTEM_MNEMONIC, [100]);

/** The bot key's transaction count before a test: the tests share one chain. */
function nonceOfBot(platform: Platform) {
  return platform.client.getTransactionCount({
    address: botKey?.address as `0x${string}`,
    blockTag: "pending",
  });
}

function open() {
  return createPlatform({
    transport: http(devnet.rpcUrl),
    pollingInterval: 200,
    // Quick to notice a transaction the node lost, slow to give up on it.
    replaceAfter: 1_000,
    dropAfter: 60_000,
    bots: { env: {} },
  });
}

/**
 * Stops the bot, waits for its transactions, checks its counters against the history, and checks
 * that the chain has no gap: every nonce of the bot's key from `startNonce` (the tests share one
 * chain) up to its count was used by a confirmed bot transaction or by one of `outsideNonces`.
 */
async function stopAndAudit(platform: Platform, startNonce: number, outsideNonces: number[] = []) {
  await platform.bots.stop("transfer");
  await platform.bots.settled("transfer");
  const { stats } = await platform.bots.get("transfer");
  const records = (await readWholeHistory(platform.storage)).filter((r) => r.source === "transfer");
  const confirmed = records.filter((r) => r.status === "confirmed");
  expect(stats).toMatchObject({
    sent: records.length,
    confirmed: confirmed.length,
    failed: records.length - confirmed.length,
    pending: 0,
  });
  const onChain = await platform.client.getTransactionCount({ address: botKey?.address as `0x${string}` });
  const used = new Set([...confirmed.map((r) => r.nonce), ...outsideNonces]);
  expect(used.size).toBe(onChain - startNonce);
  for (let nonce = startNonce; nonce < onChain; nonce++) expect(used.has(nonce), `nonce ${nonce}`).toBe(true);
  return { stats, records };
}

describe("bot fault recovery (own devnet, 2 s blocks)", () => {
  test("a bot transaction dropped from the node's pool (resubmitted, or its nonce reused): the bot carries on by itself", async () => {
    const platform = await open();
    const startNonce = await nonceOfBot(platform);
    try {
      const firstPending = nextBotEvents(platform, "transfer", transactionWith("pending"));
      await platform.bots.start("transfer", { interval: 200 });
      const [event] = await firstPending;
      const hash = event?.transaction?.hash as Hash;
      await platformRequest(platform, "anvil_dropTransaction", [hash]);
      expect(await platform.client.getTransaction({ hash }).catch(() => undefined)).toBeUndefined();

      // Either the watcher resubmits it (later nonces were waiting behind it) or the nonce
      // manager sees the node holds none of the bot's transactions and reuses the nonce — then the
      // dropped one is failed ("its nonce was used"). Both ways nothing stalls.
      const droppedId = event?.transaction?.id;
      const dropped = await platform.transactions.wait(droppedId ?? -1);
      expect(["confirmed", "failed"]).toContain(dropped.status);
      await nextBotEvents(platform, "transfer", transactionWith("confirmed"), 5);
      const { stats, records } = await stopAndAudit(platform, startNonce);
      expect(stats.errors).toBe(0);
      expect(stats.confirmed).toBeGreaterThan(5);
      expect(records.filter((r) => r.status === "failed").map((r) => r.id)).toEqual(
        dropped.status === "failed" ? [droppedId] : [],
      );
    } finally {
      await platform.close();
    }
  }, 120_000);

  test("another sender takes the bot's next nonce: the bot resyncs and continues", async () => {
    const platform = await open();
    const startNonce = await nonceOfBot(platform);
    try {
      await platform.bots.start("transfer", { interval: 200 });
      await nextBotEvents(platform, "transfer", transactionWith("confirmed"));
      // The bot's own key, used outside the platform at the nonce the bot would take next, with a
      // far higher fee: the node keeps it and refuses the bot's transaction at that nonce.
      const intruder = createWalletClient({
        account: privateKeyToAccount(botKey?.privateKey ?? "0x"),
        chain: devnet.chain,
        transport: http(devnet.rpcUrl),
      });
      const nonce = await platform.client.getTransactionCount({
        address: botKey?.address as `0x${string}`,
        blockTag: "pending",
      });
      const intruding = await intruder.sendTransaction({
        to: intruder.account.address,
        value: 0n,
        nonce,
        gas: 21_000n,
        maxFeePerGas: parseGwei("100"),
        maxPriorityFeePerGas: parseGwei("50"),
      });
      await nextBotEvents(platform, "transfer", transactionWith("confirmed"), 5);
      const receipt = await platform.client.waitForTransactionReceipt({ hash: intruding });
      expect(receipt.status).toBe("success");
      const { stats, records } = await stopAndAudit(platform, startNonce, [nonce]);
      // The conflict was absorbed by the nonce manager: no error reached the bot. A bot
      // transaction already in the pool at that nonce was replaced by the intruder's: failed.
      expect(stats.errors).toBe(0);
      const failed = records.filter((r) => r.status === "failed");
      expect(failed.every((r) => r.nonce === nonce)).toBe(true);
    } finally {
      await platform.close();
    }
  }, 120_000);

  test("a forced nonce gap (stored counter ahead of the chain) is closed on the next send", async () => {
    const platform = await open();
    const startNonce = await nonceOfBot(platform);
    try {
      await platform.bots.start("transfer", { interval: 200 });
      await nextBotEvents(platform, "transfer", transactionWith("confirmed"));
      await platform.bots.stop("transfer");
      await platform.bots.settled("transfer");
      const key = `nonce:${botKey?.address.toLowerCase()}`;
      const stored = await platform.storage.state.get<StoredNonceState>(key);
      expect(stored).toBeDefined();
      await platform.storage.state.set<StoredNonceState>(key, {
        ...(stored as StoredNonceState),
        next: (stored?.next ?? 0) + 7,
      });
      await platform.bots.start("transfer", { interval: 200 });
      await nextBotEvents(platform, "transfer", transactionWith("confirmed"), 3);
      const { stats } = await stopAndAudit(platform, startNonce);
      expect(stats).toMatchObject({ errors: 0, failed: 0 });
    } finally {
      await platform.close();
    }
  }, 120_000);
});

function platformRequest(platform: Platform, method: string, params: unknown[]) {
  return platform.client.request({ method: method as "eth_chainId", params: params as never });
}
