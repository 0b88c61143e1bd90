import { expect, test } from "vitest";
import { describePanel } from "./fixtures/describePanel.js";
import { waitForNumber } from "./fixtures/waitForNumber.js";

describePanel("bots", ({ open }) => {
  test("start the transfer bot with overrides, watch its counters move from the event stream, stop it", async () => {
    const { page, goto, requests, stack } = await open();
    await goto("bots");
    const overview = page.getByRole("table", { name: "Bots overview" });
    const openRow = (bot: string) => overview.getByRole("button", { name: bot, exact: true }).click();
    const card = page.getByRole("region", { name: "transfer bot" });
    await page.getByText("Live: counters follow the bots' event stream.").waitFor();
    // The nft bot takes no amount: its form does not offer one.
    await openRow("nft");
    const nftOptions = page.getByRole("form", { name: "Start options of the nft bot" });
    await nftOptions.waitFor();
    expect(await nftOptions.getByLabel("Amount").count()).toBe(0);
    expect(await nftOptions.getByLabel("Interval (ms)").count()).toBe(1);
    // One row open at a time: the transfer bot's settings replace the nft bot's.
    await openRow("transfer");
    await card.waitFor();
    expect(await nftOptions.count()).toBe(0);
    const counter = (name: string) =>
      card
        .getByRole("table", { name: "Counters of the transfer bot" })
        .getByRole("row", { name: new RegExp(`^${name}`) })
        .getByRole("cell");
    expect(await counter("Confirmed").textContent()).toBe("0");
    expect(await card.getByText("Stopped", { exact: true }).count()).toBe(1);

    const options = card.getByRole("form", { name: "Start options of the transfer bot" });
    await options.getByLabel("Interval (ms)").fill("100");
    await options.getByLabel("Random amount").check();
    await options.getByLabel("Random minimum").fill("0.001");
    await options.getByLabel("Random maximum").fill("0.002");
    const statusReads = () => requests.filter((url) => url.endsWith("/bots/status")).length;
    await card.getByRole("button", { name: "Start transfer bot" }).click();
    await card.getByText("Running", { exact: true }).waitFor();
    // Its row says so too, and offers to stop it.
    const row = overview.getByRole("row", { name: "transfer", exact: true });
    await row.getByRole("button", { name: "Stop transfer", exact: true }).waitFor();
    const readsWhenStarted = statusReads();
    // Counted from what the page showed then: confirmations that came before (a fast chain) were
    // read with the status that showed "Running", and would prove no read since.
    const confirmedWhenStarted = Number(await counter("Confirmed").textContent());

    const confirmed = await waitForNumber(counter("Confirmed"), confirmedWhenStarted + 3);
    expect(Number(await counter("Sent").textContent())).toBeGreaterThanOrEqual(confirmed);
    // The counters moved because events arrived: the page reads the status after event bursts,
    // and the log lists the bot's transactions.
    expect(requests.some((url) => url.endsWith("/bots/events"))).toBe(true);
    // A read already in flight at "Running" may have brought those confirmations: the bot goes on
    // sending, so wait for the page's next read after an event burst rather than assume it came.
    if (statusReads() <= readsWhenStarted)
      await page.waitForRequest((request) => request.url().endsWith("/bots/status"));
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

  test("a bot held by the fee cap says so on its card, and counts no error", async () => {
    // A cap below the devnet's base fee and the 1 gwei tip: the bot sends nothing and waits.
    const { page, goto, stack } = await open({ botsFeeCapGwei: "0.5" });
    await goto("bots");
    await page
      .getByRole("table", { name: "Bots overview" })
      .getByRole("button", { name: "transfer", exact: true })
      .click();
    const card = page.getByRole("region", { name: "transfer bot" });
    expect(await card.getByRole("status").filter({ hasText: "Waiting:" }).count()).toBe(0);
    await card.getByRole("button", { name: "Start transfer bot" }).click();
    await card.getByText("Running", { exact: true }).waitFor();
    await card
      .getByRole("status")
      .getByText(
        /^Waiting: The base fee \(.+ gwei\) and the tip \(1 gwei\) are above the bots' fee cap \(0\.5 gwei per gas\)/,
      )
      .waitFor();
    const { stats } = await stack.platform.bots.get("transfer");
    expect(stats).toMatchObject({ sent: 0, errors: 0 });
    await card.getByRole("button", { name: "Stop transfer bot" }).click();
    await card.getByText("Stopped", { exact: true }).waitFor();
  });

  test("a start the bot refuses shows the API's message and the bot stays stopped", async () => {
    const { page, goto } = await open();
    await goto("bots");
    await page
      .getByRole("table", { name: "Bots overview" })
      .getByRole("button", { name: "erc20", exact: true })
      .click();
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

describePanel("bot scenarios and traffic documents", ({ open }) => {
  test("a form generated from the transfer scenario's schema adds an instance whose live counters move", async () => {
    const { page, goto, stack } = await open();
    await goto("bots");
    await page.getByText("Live: counters follow the bots' event stream.").waitFor();
    const overview = page.getByRole("table", { name: "Bots overview" });
    const openRow = (bot: string) => overview.getByRole("button", { name: bot, exact: true }).click();
    // Each bot's row opens its scenario's form.
    for (const name of ["transfer", "erc20", "nft"]) {
      await openRow(name);
      await overview.getByRole("region", { name: `${name} scenario` }).waitFor();
    }
    // Fields come from the schema: the nft scenario has no amount, the transfer one does.
    const nftForm = page.getByRole("form", { name: "New nft instance" });
    await nftForm.getByText("Config").click();
    expect(await nftForm.getByLabel("amount").count()).toBe(0);
    await openRow("transfer");
    const form = page.getByRole("form", { name: "New transfer instance" });
    await form.getByText("Config").click();
    await form.getByLabel("Instance name").fill("burst");
    await form.getByLabel("txPerBlock").fill("3");
    await form.getByLabel("recipients").selectOption("fresh");
    expect(await form.getByLabel("amount").count()).toBe(1);
    await form.getByRole("button", { name: "Create and start" }).click();

    // The instance gets a row of its own, which opens its card.
    await openRow("burst");
    const card = page.getByRole("region", { name: "burst bot" });
    await card.getByText("Running", { exact: true }).waitFor();
    const confirmed = card
      .getByRole("table", { name: "Counters of the burst bot" })
      .getByRole("row", { name: /^Confirmed/ })
      .getByRole("cell");
    await waitForNumber(confirmed, 3);
    await card.getByText("Controls").click();
    // The configured target, in its own field: the measured rate beside it reads "… tx/block" too
    // (1.83 tx/block ends in "3 tx/block"), so neither a substring nor another field may match.
    const throughput = card
      .getByLabel("Controls of the burst bot")
      .locator(".field")
      .filter({ has: page.getByRole("term").getByText("Throughput", { exact: true }) })
      .getByRole("definition");
    await throughput.filter({ hasText: /^3 tx\/block$/ }).waitFor();

    const status = (await (await fetch(`${stack.adminUrl}/bots/status`)).json()) as Record<
      string,
      { status: string; config: Record<string, unknown> }
    >;
    expect(status.burst).toMatchObject({ status: "Running", config: { txPerBlock: 3, recipients: "fresh" } });

    // Export the set-up, then import a broken one: refused with every problem by path.
    const traffic = page.getByRole("region", { name: "Traffic document" });
    await traffic.getByRole("button", { name: "Export" }).click();
    const text = traffic.getByLabel("Document (JSON)");
    await page.waitForFunction(
      (element) => (element as HTMLTextAreaElement | null)?.value.includes('"burst"') ?? false,
      await text.elementHandle(),
    );
    await text.fill(
      JSON.stringify({
        version: 1,
        bots: [
          { scenario: "transfer", name: "burst", config: { amount: "lots" } },
          { scenario: "warp", name: "other" },
        ],
      }),
    );
    await traffic.getByRole("button", { name: "Import" }).click();
    const alert = traffic.getByRole("alert");
    await alert.waitFor();
    expect(await alert.textContent()).toMatch(
      /bots\.0\.config\.amount.*bots\.1\.scenario.*\(INVALID_TRAFFIC_DOCUMENT\)/,
    );
    expect(await card.getByText("Running", { exact: true }).count()).toBe(1);
    await fetch(`${stack.adminUrl}/bots/burst/stop`, { method: "POST" });
  });
});
