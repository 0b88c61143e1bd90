import { useDevnet } from "@privnet/devnet/vitest";
import { custom, getAddress, http, type Transport } from "viem";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import type { BotEvent } from "../context/BotEvent.js";
import { createPlatform, type Platform } from "../platform/createPlatform.js";
import { nextTransactionEvent } from "../transactions/fixtures/nextTransactionEvent.js";
import { nextBotEvents, transactionWith } from "./fixtures/nextBotEvents.js";

// The chain goes back under running bots and pending sends: `evm_revert` to a snapshot taken
// before any of their transactions, and `anvil_reset`. Nothing may reject unhandled (Vitest fails
// the run on one; the collector below also fails the test that caused it), and the bots must go
// on by themselves: funded again, their contracts deployed again, sending and confirming.
const devnet = useDevnet();
const recipient = getAddress("0x00000000000000000000000000000000000000bb");
const BOTS = ["transfer", "erc20", "nft"] as const;

let unhandled: unknown[] = [];
const collect = (reason: unknown) => unhandled.push(reason);
beforeEach(() => {
  unhandled = [];
  process.on("unhandledRejection", collect);
});
afterEach(() => {
  process.off("unhandledRejection", collect);
});

function open(transport: Transport = http(devnet.rpcUrl)) {
  // Quick to look at a pending transaction again, so a test never waits on the defaults' 30 s.
  return createPlatform({ transport, pollingInterval: 100, replaceAfter: 1_000, bots: { env: {} } });
}

/** Resolves with the bot's `deployed` event and then its `count` confirmed transactions after it. */
async function deploysAndConfirms(platform: Platform, bot: string, count: number) {
  const [deployed] = await nextBotEvents(platform, bot, (event) => event.type === "deployed");
  await nextBotEvents(platform, bot, transactionWith("confirmed"), count);
  return deployed?.address as `0x${string}`;
}

async function hasCode(platform: Platform, address: `0x${string}` | null | undefined) {
  if (!address) return false;
  const code = await platform.client.getCode({ address });
  return code !== undefined && code !== "0x";
}

/**
 * Starts the three bots and two sends that stay pending (automine off), takes the chain back with
 * `rewind` (`beforeMining` runs after it, still without blocks), then checks that the pending
 * sends settled as `stranded` says, that later sends confirm, and that each bot goes on: funded
 * and (erc20, nft) its contract deployed again, confirming new transactions.
 */
async function acrossRewind(options: {
  rewind: (snapshot: string) => Promise<void>;
  beforeMining?: (platform: Platform) => Promise<unknown>;
  stranded: "confirmed" | "failed";
}) {
  const snapshot = await devnet.request<string>("evm_snapshot");
  const platform = await open();
  try {
    const first = Promise.all([
      nextBotEvents(platform, "transfer", transactionWith("confirmed"), 2),
      deploysAndConfirms(platform, "erc20", 2),
      deploysAndConfirms(platform, "nft", 2),
    ]);
    for (const bot of BOTS) await platform.bots.start(bot, { interval: 50 });
    const [, token, collection] = await first;

    // Sends the watcher follows while the chain goes back: still in the pool, each bot's and two
    // of a wallet whose confirmed send before them the chain takes back too.
    const mined = await platform.sender.sendFromWallet({ fromWalletId: 2, to: recipient, amount: "1" });
    expect((await platform.transactions.wait(mined.id)).status).toBe("confirmed");
    await devnet.request("evm_setAutomine", [false]);
    const botsPending = Promise.all(
      BOTS.map((bot) => nextBotEvents(platform, bot, transactionWith("pending"))),
    );
    const pending = await Promise.all([
      platform.sender.sendFromWallet({ fromWalletId: 2, to: recipient, amount: "2" }),
      platform.sender.sendFromWallet({ fromWalletId: 2, to: recipient, amount: "3" }),
    ]);
    await botsPending;

    // Every bot deploys (erc20, nft) or is funded (transfer) again, then confirms again.
    const again = Promise.all([
      nextBotEvents(platform, "transfer", (event) => event.type === "funded").then(() =>
        nextBotEvents(platform, "transfer", transactionWith("confirmed"), 3),
      ),
      deploysAndConfirms(platform, "erc20", 3),
      deploysAndConfirms(platform, "nft", 3),
    ]);
    const waiting = options.beforeMining?.(platform);
    await options.rewind(snapshot);
    await waiting;
    await devnet.request("evm_setAutomine", [true]);

    const settled = await Promise.all(pending.map((entry) => platform.transactions.wait(entry.id)));
    expect(settled.map((entry) => entry.status)).toEqual([options.stranded, options.stranded]);
    const after = await platform.sender.sendFromWallet({ fromWalletId: 2, to: recipient, amount: "4" });
    expect((await platform.transactions.wait(after.id)).status).toBe("confirmed");

    // Deployed again (at the same addresses: the bots' keys are back at the same nonces).
    const [, newToken, newCollection] = await again;
    expect([newToken, newCollection]).toEqual([token, collection]);
    expect(await hasCode(platform, newToken)).toBe(true);
    expect(await hasCode(platform, newCollection)).toBe(true);
    const status = await platform.bots.status();
    for (const bot of BOTS) expect(status[bot]?.status).toBe("Running");

    for (const bot of BOTS) await platform.bots.stop(bot);
    // Nothing stays pending for ever: the bots' transactions all settle.
    await Promise.all(BOTS.map((bot) => platform.bots.settled(bot)));
    expect(platform.transactions.watcherStatus().following).toBe(0);
  } finally {
    await devnet.request("evm_setAutomine", [true]);
    await platform.close();
  }
  expect(unhandled).toEqual([]);
}

describe("bots and the transaction watcher when the chain goes back", () => {
  test("evm_revert to before their transactions: the bots carry on; pending sends land once the nonces the revert took are filled", async () => {
    // anvil keeps its pool across evm_revert (until its next block) but not the blocks: the
    // pending sends wait on a nonce that went with them, and land once the platform fills it.
    const wallet = devnet.accounts[1]?.address;
    await acrossRewind({
      rewind: async (snapshot) => {
        expect(await devnet.request<boolean>("evm_revert", [snapshot])).toBe(true);
      },
      beforeMining: (platform) =>
        nextTransactionEvent(
          platform,
          (record) => record.source === "nonce-gap-filler" && record.from === wallet,
        ),
      stranded: "confirmed",
    });
  }, 60_000);

  test("anvil_reset: the bots carry on on the new chain; pending sends fail", async () => {
    await acrossRewind({ rewind: () => devnet.reset(), stranded: "failed" });
  }, 60_000);

  test("a mint whose receipt the chain took back is the nft bot's error, not an unhandled rejection", async () => {
    const snapshot = await devnet.request<string>("evm_snapshot");
    // The node behind a transport that holds the first receipt lookup (the nft bot reading its
    // first mint's Transfer event) until the chain was reverted under it.
    const inner = http(devnet.rpcUrl)({ chain: devnet.chain, retryCount: 0 });
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let onHeld: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      onHeld = resolve;
    });
    let holding = true;
    const transport = custom({
      async request({ method, params }) {
        if (method === "eth_getTransactionReceipt" && holding) {
          holding = false;
          onHeld();
          await released;
        }
        return inner.request({ method, params });
      },
    });
    const platform = await open(transport);
    try {
      const receiptLost = nextBotEvents(
        platform,
        "nft",
        (event) => event.type === "error" && /receipt/i.test(event.error?.message ?? ""),
      );
      await platform.bots.start("nft", { interval: 50 });
      await held;
      const redeployed = deploysAndConfirms(platform, "nft", 3);
      expect(await devnet.request<boolean>("evm_revert", [snapshot])).toBe(true);
      release();

      const [reported] = (await receiptLost) as [BotEvent];
      expect(reported.error).toMatchObject({
        code: null,
        message: expect.stringMatching(/^Transaction receipt with hash "0x[0-9a-f]{64}" could not be found/),
      });
      const logs = await platform.bots.logs("nft");
      expect(logs.errors).toContainEqual(reported.error);
      // The bot goes on: its collection deployed again on the reverted chain, minting.
      expect(await hasCode(platform, await redeployed)).toBe(true);
      expect((await platform.bots.get("nft")).status).toBe("Running");
    } finally {
      await platform.close();
    }
    expect(unhandled).toEqual([]);
  }, 60_000);
});
