import type { Locator, Page } from "playwright-core";
import { getAddress } from "viem";
import { beforeAll, expect, test } from "vitest";
import { formatUsd } from "../src/format/formatUsd.js";
import { DESKTOP, describePanel, PHONE } from "./fixtures/describePanel.js";
import type { PanelStack } from "./fixtures/startPanelStack.js";

const recipient = getAddress("0x0000000000000000000000000000000000d15b1a");

/** Whether the element is drawn wholly inside the window's width (not cut off, not scrolled away). */
async function insideWidth(locator: Locator, page: Page): Promise<boolean> {
  const box = await locator.boundingBox();
  const width = page.viewportSize()?.width ?? 0;
  return box !== null && box.width > 0 && box.x >= 0 && box.x + box.width <= width;
}

/** How far the box scrolls sideways: 0 when everything in it is shown. */
function sidewaysOverflow(locator: Locator): Promise<number> {
  return locator.evaluate((element) => element.scrollWidth - element.clientWidth);
}

describePanel(
  "amounts, times, prices and narrow screens",
  ({ open, sharedStack }) => {
    let stack: PanelStack;
    let sentFrom: { name: string; balance: string };
    beforeAll(async () => {
      stack = await sharedStack();
      const response = await fetch(`${stack.adminUrl}/send`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ fromWalletId: 2, toAddress: recipient, amount: "0.5" }),
      });
      expect(response.status).toBe(200);
      // The send answers `pending`: the balance below must be read after it is mined.
      const { hash } = (await response.json()) as { hash: string };
      const sent = (await stack.platform.transactions.list({ source: "api" })).find(
        (entry) => entry.hash === hash,
      );
      if (!sent) throw new Error(`${hash} is not in the history`);
      expect((await stack.platform.transactions.wait(sent.id)).status).toBe("confirmed");
      const wallets = (await (await fetch(`${stack.adminUrl}/wallets`)).json()) as {
        id: number;
        name: string;
        balance: string;
      }[];
      const wallet = wallets.find((entry) => entry.id === 2);
      if (!wallet) throw new Error("no wallet 2");
      sentFrom = wallet;
    });

    for (const viewport of [DESKTOP, PHONE]) {
      test(`at ${viewport.width} px the wallet list shows names and grouped balances, exact on hover and copy`, async () => {
        const { page, goto, context } = await open({ stack, viewport });
        await context.grantPermissions(["clipboard-read", "clipboard-write"]);
        await goto("wallets");
        const table = page.getByRole("table", { name: /^Stored wallets/ });
        // 0.5 ETH and the gas went: the balance is cut to four decimals, never rounded up.
        expect(sentFrom.balance).toMatch(/^999999999\.4999\d+$/);
        const row = table
          .getByRole("row")
          .filter({ has: page.getByRole("link", { name: sentFrom.name, exact: true }) });
        const balance = row.getByRole("cell").filter({ hasText: "999,999,999.4999" });
        await balance.waitFor();
        expect((await balance.textContent())?.trim()).toBe("999,999,999.4999");
        const amount = balance.locator(".amount");
        expect(await amount.getAttribute("title")).toBe(sentFrom.balance);
        // An untouched system wallet: a billion, grouped.
        const untouched = table
          .getByRole("row")
          .filter({ has: page.getByRole("link", { name: "System 2", exact: true }) });
        expect((await untouched.locator("td.num").textContent())?.trim()).toBe("1,000,000,000");

        // Selecting the amount and copying it copies the exact value.
        await amount.evaluate((element) => {
          const range = document.createRange();
          range.selectNodeContents(element);
          const selection = window.getSelection();
          selection?.removeAllRanges();
          selection?.addRange(range);
          document.execCommand("copy");
        });
        expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(sentFrom.balance);

        // The columns a person needs are in view, and nothing hides in a sideways scroller.
        expect(await insideWidth(row.getByRole("link", { name: sentFrom.name }), page)).toBe(true);
        expect(await insideWidth(balance, page)).toBe(true);
        expect(
          await sidewaysOverflow(page.locator(".table-scroll").filter({ has: table })),
        ).toBeLessThanOrEqual(0);
        // On a phone the id and the actions go, and the address folds under the name.
        const idHeader = table.getByRole("columnheader", { name: "Id" });
        expect(await idHeader.isVisible()).toBe(viewport === DESKTOP);
      });

      test(`at ${viewport.width} px the history shows what, amount and status in view, times with their zone`, async () => {
        const { page, goto } = await open({ stack, viewport, timezoneId: "Europe/Berlin" });
        await goto(`transactions`);
        const table = page.getByRole("table", { name: "Transactions" });
        const row = table.getByRole("row").filter({ hasText: "0.5" }).first();
        await row.waitFor();
        const what = row.getByRole("cell").nth(1);
        const amount = row.getByRole("cell").filter({ hasText: /^0\.5$/ });
        const status = row.getByRole("cell").filter({ hasText: "confirmed" });
        for (const cell of [what, amount, status]) expect(await insideWidth(cell, page)).toBe(true);
        expect(
          await sidewaysOverflow(page.locator(".table-scroll").filter({ has: table })),
        ).toBeLessThanOrEqual(0);
        // Berlin is an hour or two ahead of UTC: the time says which.
        const time = row.locator("time").filter({ visible: true }).first();
        expect(await time.textContent()).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d GMT\+[12]$/);
      });

      test(`at ${viewport.width} px prices are in dollars and the server's disk table is not cut off`, async () => {
        const { page, goto } = await open({ stack, viewport });
        await goto("prices");
        const prices = (await (await fetch(`${stack.adminUrl}/oracle/prices`)).json()) as {
          prices: Record<string, { price: string }>;
        };
        const table = page.getByRole("table", { name: "Oracle prices" });
        for (const [symbol, { price }] of Object.entries(prices.prices)) {
          const cell = table
            .getByRole("row", { name: new RegExp(`^${symbol} `) })
            .getByRole("cell")
            .first();
          await cell.waitFor();
          const shown = (await cell.textContent())?.trim();
          expect(shown).toMatch(/^\$\d{1,3}(,\d{3})*\.\d{2,4}$/);
          expect(shown).toBe(formatUsd(price));
          expect(await insideWidth(cell, page)).toBe(true);
        }
        const disks = page.getByRole("table", { name: "Disks" });
        await disks.waitFor();
        expect(
          await sidewaysOverflow(page.locator(".table-scroll").filter({ has: disks })),
        ).toBeLessThanOrEqual(0);
        const lastHeader = disks.getByRole("columnheader", { name: "Use", exact: true });
        expect(await insideWidth(lastHeader, page)).toBe(true);
      });
    }
  },
  { isolateTests: false },
);
