import type { WorkerDevnet } from "@privnet/devnet/vitest";
import { expect, test } from "vitest";
import { formatUsd } from "../src/format/formatUsd.js";
import { describePanel } from "./fixtures/describePanel.js";

describePanel("prices and network", ({ open, devnet }) => {
  test("the four seeded prices, fresh, each with a chart that grows with every update of the price stream", async () => {
    const { page, goto, requests, stack } = await open();
    await goto("prices");
    const table = page.getByRole("table", { name: "Oracle prices" });
    const prices = (await (await fetch(`${stack.adminUrl}/oracle/prices`)).json()) as {
      prices: Record<string, { price: string; lastUpdated: number }>;
    };
    const symbols = ["ETH", "PRIV", "USDC", "DAI"];
    expect(Object.keys(prices.prices)).toEqual(symbols);
    for (const symbol of symbols) {
      const row = table.getByRole("row", { name: new RegExp(`^${symbol} `) });
      await row.waitFor();
      expect(await row.getByRole("cell").first().textContent()).toBe(
        formatUsd(prices.prices[symbol]?.price ?? ""),
      );
      expect(await row.getByText("Fresh").count()).toBe(1);
      await row
        .getByRole("img", { name: `${symbol}: one update, ${prices.prices[symbol]?.price} USD` })
        .waitFor();
    }
    await page.getByText("Live: the chart follows the oracle's price stream.").waitFor();

    // Both pushes below land in blocks stamped with the chain head's time, pinned the moment it is
    // set: USDC and DAI, whose prices never move, are then written again with the same price at
    // the same time as the update before. Each push is still an update. The pin follows the chain,
    // not the seeded push's time, because a block can land after that push (as the one mined here
    // does) and the devnet's blocks never go back in time.
    await devnet.request("evm_mine");
    let pinned = 0;
    for (const updates of [2, 3]) {
      pinned = await pinNextBlockToHead(devnet);
      await page.getByRole("button", { name: "Push prices now" }).click();
      for (const symbol of symbols) {
        await table.getByRole("img", { name: new RegExp(`^${symbol}: ${updates} updates, from `) }).waitFor();
      }
    }
    const pushed = (await (await fetch(`${stack.adminUrl}/oracle/prices`)).json()) as typeof prices;
    expect(pushed.prices.USDC).toMatchObject({ price: prices.prices.USDC?.price, lastUpdated: pinned });
    expect(requests.some((url) => url === `${stack.adminUrl}/oracle/prices/stream`)).toBe(true);
  });

  test("network info and the server's status", async () => {
    const { page, goto } = await open();
    await goto("prices");
    const network = page.getByRole("region", { name: "Network" });
    await network.getByText("3151908").waitFor();
    expect(await network.getByText(/gwei$/).count()).toBe(1);
    const server = page.getByRole("region", { name: "Server" });
    await server.getByRole("table", { name: "Disks" }).waitFor();
    expect(await server.getByText(/^\d+d \d+h \d+m$/).count()).toBe(1);
  });
});

/**
 * Gives the next block the latest block's timestamp, read just before: a block that lands between
 * the read and the pin makes anvil refuse it (lower than the new head's), and the pin is taken
 * again from the new head.
 */
async function pinNextBlockToHead(devnet: WorkerDevnet): Promise<number> {
  for (;;) {
    const head = await devnet.request<{ timestamp: string }>("eth_getBlockByNumber", ["latest", false]);
    const timestamp = Number(BigInt(head.timestamp));
    try {
      await devnet.request("evm_setNextBlockTimestamp", [timestamp]);
      return timestamp;
    } catch (error) {
      if (!/lower than previous block's timestamp/.test(String(error))) throw error;
    }
  }
}
