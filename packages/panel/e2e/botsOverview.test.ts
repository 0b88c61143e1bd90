import type { Locator } from "playwright-core";
import { beforeAll, expect, test } from "vitest";
import { describePanel, PHONE } from "./fixtures/describePanel.js";
import type { PanelStack } from "./fixtures/startPanelStack.js";

/** Waits, on every frame the page renders, until the cell's text passes `check`. */
async function waitForText(cell: Locator, check: string): Promise<string> {
  const element = await cell.elementHandle();
  if (!element) throw new Error(`${cell} is not on the page`);
  await cell
    .page()
    .waitForFunction(
      ([node, source]) => new RegExp(source).test(node.textContent ?? ""),
      [element, check] as const,
      { polling: "raf" },
    );
  return (await element.textContent()) ?? "";
}

/** A positive tx/s ("0.45"), or a positive share ("12.3 %", "< 0.1 %"). */
const POSITIVE_RATE = "^(?!0\\.00$)\\d+\\.\\d\\d$";
const POSITIVE_SHARE = "^(< 0\\.1|(?!0 )\\d+(\\.\\d)?) %$";

describePanel(
  "the bots overview and the gas chart",
  ({ open, sharedStack }) => {
    let stack: PanelStack;
    beforeAll(async () => {
      stack = await sharedStack();
    });

    test("start two bots from their rows, see them fill the blocks and the chart, open a row, stop one", async () => {
      const { page, goto } = await open({ stack });
      await goto("bots");
      const overview = page.getByRole("table", { name: "Bots overview" });
      const row = (bot: string) => overview.getByRole("row", { name: bot, exact: true });
      // One row per bot: the sixteen built-in scenarios.
      await row("transfer").waitFor();
      expect(await overview.getByRole("rowgroup").nth(1).getByRole("row").count()).toBe(16);
      const cell = (bot: string, column: number) => row(bot).getByRole("cell").nth(column);
      // Cells after the row header: status, tx/s, errors, gas share, start or stop.
      const [STATUS, TX_PER_SECOND, ERRORS, GAS_SHARE] = [0, 1, 2, 3];
      expect(await cell("erc20", STATUS).textContent()).toBe("Stopped");

      for (const bot of ["transfer", "erc20"]) {
        await row(bot)
          .getByRole("button", { name: `Start ${bot}`, exact: true })
          .click();
        await row(bot)
          .getByRole("button", { name: `Stop ${bot}`, exact: true })
          .waitFor();
      }
      for (const bot of ["transfer", "erc20"]) {
        expect(await waitForText(cell(bot, STATUS), "^Running$")).toBe("Running");
        expect(Number(await waitForText(cell(bot, TX_PER_SECOND), POSITIVE_RATE))).toBeGreaterThan(0);
        await waitForText(cell(bot, GAS_SHARE), POSITIVE_SHARE);
        expect(await cell(bot, ERRORS).textContent()).toBe("0");
      }
      // A bot that was not started has no share.
      expect(await cell("nft", GAS_SHARE).textContent()).toBe("0 %");

      // The chart has bars for both, in its data table and its bars' titles.
      const data = page.getByRole("table", { name: "Gas used per block, by bot (data)" });
      // A block's "By bot" cell lists each bot with its gas ("transfer 21,000, erc20 52,000"): the
      // bot's own entry, whatever the live figure, not a name that merely contains it.
      const byBot = (bot: string) =>
        data.getByRole("cell").filter({ hasText: new RegExp(`(^|, )${bot} [\\d,]+(, |$)`) });
      await byBot("transfer").first().waitFor();
      await byBot("erc20").first().waitFor();
      const legend = page.getByRole("list", { name: "Chart legend" });
      expect(
        await legend
          .getByRole("listitem")
          .filter({ hasText: /^transfer$/ })
          .count(),
      ).toBe(1);
      expect(
        await legend
          .getByRole("listitem")
          .filter({ hasText: /^erc20$/ })
          .count(),
      ).toBe(1);
      const bars = page.locator(".gas-chart svg rect title");
      const titles = await bars.allTextContents();
      expect(titles.some((title) => /^Block \d+: transfer [\d,]+ gas$/.test(title))).toBe(true);
      expect(titles.some((title) => /^Block \d+: erc20 [\d,]+ gas$/.test(title))).toBe(true);
      // The chart follows the chain without a reload: a newer block comes in.
      const newest = Number(await data.getByRole("rowheader").last().textContent());
      await page.waitForFunction(
        ([table, before]) => Number(table?.querySelector("tbody tr:last-child th")?.textContent) > before,
        [await data.elementHandle(), newest] as const,
      );

      // A row opens the bot's settings and controls.
      const name = row("transfer").getByRole("button", { name: "transfer", exact: true });
      expect(await name.getAttribute("aria-expanded")).toBe("false");
      await name.click();
      expect(await name.getAttribute("aria-expanded")).toBe("true");
      const card = page.getByRole("region", { name: "transfer bot" });
      await card.getByRole("form", { name: "Start options of the transfer bot" }).waitFor();
      await page.getByRole("form", { name: "New transfer instance" }).waitFor();
      await card.getByText("Controls").click();
      await card
        .getByRole("definition")
        .filter({ hasText: /^transfer$/ })
        .waitFor();

      // Stop one from its row: it stops, the other runs on.
      await row("erc20").getByRole("button", { name: "Stop erc20", exact: true }).click();
      await waitForText(cell("erc20", STATUS), "^Stopped$");
      const status = (await (await fetch(`${stack.adminUrl}/bots/status`)).json()) as Record<
        string,
        { status: string }
      >;
      expect(status.erc20?.status).toBe("Stopped");
      expect(status.transfer?.status).toBe("Running");
      expect(await cell("transfer", STATUS).textContent()).toBe("Running");
      await stack.platform.bots.stop("transfer");
      await waitForText(cell("transfer", STATUS), "^Stopped$");
    });

    test("the event log and the gas chart share one connection per event stream", async () => {
      const { page, goto } = await open({ stack });
      const streams: string[] = [];
      page.on("request", (request) => {
        const { pathname } = new URL(request.url());
        if (pathname.endsWith("/events") || pathname.endsWith("/stream")) streams.push(pathname);
      });
      await goto("bots");
      // Both components mount in one render: by the time the chart has drawn, each has joined.
      await page.getByRole("table", { name: "Gas used per block, by bot (data)" }).waitFor();
      await page.getByRole("heading", { name: "Recent events" }).waitFor();
      expect(streams.sort()).toEqual(["/bots/events", "/oracle/prices/stream"]);
    });

    test("at 390 px the overview and the chart fit the screen", async () => {
      const { page, goto } = await open({ stack, viewport: PHONE });
      await goto("bots");
      const overview = page.getByRole("table", { name: "Bots overview" });
      const start = overview
        .getByRole("row", { name: "liquidation-keeper", exact: true })
        .getByRole("button", { name: "Start liquidation-keeper", exact: true });
      await start.waitFor();
      // Nothing scrolls sideways: every column a person needs is there, the start button too.
      expect(
        await overview.evaluate((table) => table.parentElement?.scrollWidth ?? Infinity),
      ).toBeLessThanOrEqual(await overview.evaluate((table) => table.parentElement?.clientWidth ?? 0));
      const box = await start.boundingBox();
      expect(box && box.x + box.width).toBeLessThanOrEqual(PHONE.width);
      const chart = page.getByRole("img", { name: /^Gas used in blocks \d+ to \d+, stacked by bot$/ });
      const chartBox = await chart.boundingBox();
      expect(chartBox && chartBox.x >= 0 && chartBox.x + chartBox.width <= PHONE.width).toBe(true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        PHONE.width,
      );
    });
  },
  { isolateTests: false },
);
