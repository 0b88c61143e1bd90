import { expect, test } from "vitest";
import { describePanel } from "./fixtures/describePanel.js";
import { waitForNumber } from "./fixtures/waitForNumber.js";

describePanel("bots", ({ open }) => {
  test("start the transfer bot with overrides, watch its counters move from the event stream, stop it", async () => {
    const { page, goto, requests, stack } = await open();
    await goto("bots");
    const card = page.getByRole("region", { name: "transfer bot" });
    await page.getByText("Live: counters follow the bots' event stream.").waitFor();
    const counter = (name: string) =>
      card
        .getByRole("table", { name: "Counters of the transfer bot" })
        .getByRole("row", { name: new RegExp(`^${name}`) })
        .getByRole("cell");
    expect(await counter("Confirmed").textContent()).toBe("0");
    expect(await card.getByText("Stopped", { exact: true }).count()).toBe(1);
    // The nft bot takes no amount: its form does not offer one.
    expect(
      await page.getByRole("form", { name: "Start options of the nft bot" }).getByLabel("Amount").count(),
    ).toBe(0);

    const options = card.getByRole("form", { name: "Start options of the transfer bot" });
    await options.getByLabel("Interval (ms)").fill("100");
    await options.getByLabel("Random amount").check();
    await options.getByLabel("Random minimum").fill("0.001");
    await options.getByLabel("Random maximum").fill("0.002");
    const statusReads = () => requests.filter((url) => url.endsWith("/bots/status")).length;
    await card.getByRole("button", { name: "Start transfer bot" }).click();
    await card.getByText("Running", { exact: true }).waitFor();
    const readsWhenStarted = statusReads();

    const confirmed = await waitForNumber(counter("Confirmed"), 3);
    expect(Number(await counter("Sent").textContent())).toBeGreaterThanOrEqual(confirmed);
    // The counters moved because events arrived: the page reads the status after event bursts,
    // and the log lists the bot's transactions.
    expect(requests.some((url) => url.endsWith("/bots/events"))).toBe(true);
    expect(statusReads()).toBeGreaterThan(readsWhenStarted);
    const log = page.getByRole("list", { name: "Recent events" });
    expect(await log.getByRole("listitem").filter({ hasText: "transfer" }).count()).toBeGreaterThan(0);

    await card.getByRole("button", { name: "Stop transfer bot" }).click();
    await card.getByText("Stopped", { exact: true }).waitFor();
    const status = (await (await fetch(`${stack.adminUrl}/bots/status`)).json()) as Record<
      string,
      { status: string; config: { interval: number } }
    >;
    expect(status.transfer?.status).toBe("Stopped");
    await card.getByText("Config").click();
    expect(
      await card
        .getByRole("term")
        .filter({ hasText: /^interval$/ })
        .isVisible(),
    ).toBe(true);
  });

  test("a start the bot refuses shows the API's message and the bot stays stopped", async () => {
    const { page, goto } = await open();
    await goto("bots");
    const card = page.getByRole("region", { name: "erc20 bot" });
    const options = card.getByRole("form", { name: "Start options of the erc20 bot" });
    await options.getByLabel("Random amount").check();
    await options.getByLabel("Random minimum").fill("5");
    await options.getByLabel("Random maximum").fill("1");
    await card.getByRole("button", { name: "Start erc20 bot" }).click();
    const alert = card.getByRole("alert");
    await alert.waitFor();
    expect(await alert.textContent()).toMatch(
      /The erc20 bot did not start\..*min must not be above max.*\(INVALID_BOT_CONFIG\)/,
    );
    expect(await card.getByText("Stopped", { exact: true }).count()).toBe(1);
  });
});
