import { useDevnet } from "@privnet/devnet/vitest";
import { expect, test } from "vitest";
import type { TransactionRecord } from "../storage/StorageAdapter.js";
import { openBotPlatform } from "./fixtures/openBotPlatform.js";

const devnet = useDevnet();

test("stop answers while the bot's top-up waits for a block; settled waits for the top-up", async () => {
  const platform = await openBotPlatform(devnet.rpcUrl);
  // No block comes until the test mines one: the first top-up of the new bot key stays pending.
  await devnet.request("evm_setAutomine", [false]);
  try {
    const topUpSent = new Promise<TransactionRecord>((resolve) => {
      platform.events.on("transaction", (record) => {
        if (record.source === "bot-funding" && record.status === "pending") resolve(record);
      });
    });
    await platform.bots.start("transfer", { interval: 0 });
    const topUp = await topUpSent;

    // The bot's ticks wait for that top-up; the stop does not.
    expect(await platform.bots.stop("transfer")).toMatchObject({ status: "Stopped", changed: true });
    const { stats } = await platform.bots.get("transfer");
    expect(stats).toMatchObject({ sent: 0, pending: 0, errors: 0 });
    expect((await platform.storage.transactions.get(topUp.id))?.status).toBe("pending");

    // settled() still covers the top-up: it resolves once a block confirmed it.
    let settled = false;
    const settling = platform.bots.settled("transfer").then(() => {
      settled = true;
    });
    await platform.client.request({ method: "eth_blockNumber" }); // a round trip: settled() has begun waiting
    expect(settled).toBe(false);
    await devnet.request("evm_mine");
    await settling;
    expect((await platform.storage.transactions.get(topUp.id))?.status).toBe("confirmed");
    expect((await platform.bots.get("transfer")).stats).toMatchObject({ sent: 0, errors: 0 });
  } finally {
    await devnet.request("evm_setAutomine", [true]);
    await platform.close();
  }
});
