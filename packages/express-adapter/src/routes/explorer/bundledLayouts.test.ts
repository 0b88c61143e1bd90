import type { BotEvent, Platform } from "@privnet/core";
import { useDevnet } from "@privnet/devnet/vitest";
import type { Hash } from "viem";
import { describe, expect, test } from "vitest";
import { call, serveAdmin, startPlatform } from "../../testing/adminTestServer.js";

// privnet's own contracts carry their storage layouts in the bindings: the explorer names their
// slots by variable as it does for a user's contracts with artifacts.
const devnet = useDevnet();

type StorageChange = {
  contract: string | null;
  slot: string;
  variables: { name: string; type: string; before: string; after: string }[];
};

async function storageChanges(platform: Platform, url: string, hash: Hash): Promise<StorageChange[]> {
  const receipt = await platform.client.waitForTransactionReceipt({ hash, pollingInterval: 50 });
  await platform.explorer.waitForBlock(receipt.blockNumber);
  const answer = await call(`${url}/chain/transactions/${hash}`);
  expect(answer.status).toBe(200);
  return (answer.body as { stateChanges: { storage: StorageChange[] } }).stateChanges.storage;
}

/** The hash of the bot's next confirmed transaction after its setup (a transfer, not a deployment). */
function nextConfirmedTransfer(platform: Platform, bot: string): Promise<Hash> {
  return new Promise((resolve) => {
    const listener = (event: BotEvent) => {
      if (event.bot !== bot || event.transaction?.status !== "confirmed") return;
      if (event.transaction.kind === "deploy") return;
      platform.events.off("bot", listener);
      resolve(event.transaction.hash);
    };
    platform.events.on("bot", listener);
  });
}

describe("the explorer names the slots of privnet's own contracts", () => {
  test("an erc20 bot transfer: the token's balances by holder", async () => {
    const platform = await startPlatform(devnet.rpcUrl, { pollingInterval: 50, bots: { env: {} } });
    const { url } = await serveAdmin(platform);
    const transfer = nextConfirmedTransfer(platform, "erc20");
    await platform.bots.start("erc20", { interval: 100 });
    const hash = await transfer;
    await platform.bots.stop("erc20");

    const storage = await storageChanges(platform, url, hash);
    expect(storage.length).toBeGreaterThanOrEqual(2);
    for (const change of storage) {
      expect(change.contract).toBe("BOT");
      expect(change.variables).toEqual([
        {
          name: expect.stringMatching(/^_balances\[0x[0-9a-fA-F]{40}\]$/),
          type: "uint256",
          before: expect.stringMatching(/^\d+$/),
          after: expect.stringMatching(/^\d+$/),
        },
      ]);
    }
  });

  test("an oracle price push: each token's price, time and round, and the round's record", async () => {
    const platform = await startPlatform(devnet.rpcUrl, {
      pollingInterval: 50,
      contracts: true,
      bots: { env: {} },
    });
    const { url } = await serveAdmin(platform);
    const { hash } = await platform.oracle.push();

    const storage = await storageChanges(platform, url, hash);
    const names = storage.flatMap((change) => change.variables.map((variable) => variable.name));
    expect(storage.every((change) => change.contract === "PriceOracle" && change.variables.length > 0)).toBe(
      true,
    );
    expect(names).toEqual(
      expect.arrayContaining([expect.stringMatching(/^_prices\[0x[0-9a-fA-F]{40}\]\.round$/)]),
    );
    expect(names).toEqual(
      expect.arrayContaining([expect.stringMatching(/^_rounds\[0x[0-9a-fA-F]{40}\]\[\d+\]\.price$/)]),
    );
  });
});
