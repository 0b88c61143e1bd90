import type { Page } from "playwright-core";
import { expect, test } from "vitest";
import { DESKTOP, describePanel, PHONE } from "./fixtures/describePanel.js";

/** Each page, and what shows once its data is there. */
const pages: { name: string; path: string | ((sent: string) => string); ready(page: Page): Promise<void> }[] =
  [
    {
      name: "wallets",
      path: "wallets",
      ready: (page) => page.getByRole("heading", { name: "Stored wallets (21)" }).waitFor(),
    },
    {
      name: "wallet",
      path: "wallets/2",
      ready: (page) =>
        page
          .getByRole("table", { name: "Transactions of System 1" })
          .or(page.getByText("No transactions yet."))
          .waitFor(),
    },
    {
      name: "send",
      path: "send?from=2",
      ready: (page) => page.getByRole("option", { name: /^#21 System 20/ }).waitFor({ state: "attached" }),
    },
    {
      name: "transactions",
      path: "transactions",
      ready: (page) => page.getByRole("table", { name: "Transactions" }).waitFor(),
    },
    {
      name: "blocks",
      path: "blocks",
      ready: (page) => page.getByText("Live: new blocks appear as the chain grows.").waitFor(),
    },
    {
      name: "transaction",
      path: (sent) => `tx/${sent}`,
      ready: (page) =>
        page.getByRole("region", { name: "Call trace" }).locator("details.call").first().waitFor(),
    },
    {
      name: "address",
      path: "address/0x0000000000000000000000000000000000000b0b",
      ready: (page) => page.getByRole("table", { name: "Transactions" }).waitFor(),
    },
    {
      name: "contracts",
      path: "contracts",
      ready: (page) => page.getByRole("region", { name: "Contract PriceOracle", exact: true }).waitFor(),
    },
    {
      name: "bots",
      path: "bots",
      ready: async (page) => {
        await page.getByText("Live: counters follow the bots' event stream.").waitFor();
        await page.getByRole("row", { name: "transfer", exact: true }).waitFor();
      },
    },
    {
      name: "prices",
      path: "prices",
      // On a phone the chart column is dropped: the chart is there, not shown.
      ready: (page) =>
        page
          .getByRole("img", { name: /^DAI: one update/, includeHidden: true })
          .waitFor({ state: "attached" }),
    },
    {
      name: "faults",
      path: "faults",
      ready: async (page) => {
        await page.getByText("Live: the timeline follows the chain event stream.").waitFor();
        await page.getByRole("region", { name: "Reorganisation" }).waitFor();
      },
    },
    {
      name: "forks",
      path: "forks",
      // This stack has no fork pool (the forks test starts one): the page says so.
      ready: (page) => page.getByText("This server was started without a fork pool").waitFor(),
    },
  ];

/** Controls without an accessible name, described for the failure message. */
function unnamedControls(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const controls = document.querySelectorAll<HTMLElement>(
      "a[href], button, input, select, textarea, summary",
    );
    return Array.from(controls)
      .filter((element) => {
        const labelled =
          element.getAttribute("aria-label") ||
          element.getAttribute("aria-labelledby") ||
          ("labels" in element && (element as HTMLInputElement).labels?.length) ||
          element.closest("label");
        return !labelled && (element.textContent ?? "").trim() === "";
      })
      .map((element) => element.outerHTML.slice(0, 120));
  });
}

describePanel("every page", ({ open }) => {
  for (const viewport of [DESKTOP, PHONE]) {
    test(`at ${viewport.width} px: fits the width, names every control, loads nothing from elsewhere; screenshots`, async () => {
      const { page, goto, screenshot, requests, stack } = await open({ viewport, faults: true });
      // Something to show on the transactions pages.
      const sent = await fetch(`${stack.adminUrl}/send`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          fromWalletId: 2,
          toAddress: "0x0000000000000000000000000000000000000b0b",
          amount: "0.5",
        }),
      });
      const { hash } = (await sent.json()) as { hash: string };
      for (const { name, path, ready } of pages) {
        await goto(typeof path === "string" ? path : path(hash));
        await ready(page);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `${name} is wider than the window`).toBeLessThanOrEqual(0);
        expect(await unnamedControls(page), `${name} has controls without a name`).toEqual([]);
        await screenshot(name);
      }
      const foreign = requests.filter(
        (url) => !url.startsWith(`${stack.adminUrl}/`) && !url.startsWith("data:"),
      );
      expect(foreign).toEqual([]);
    });
  }

  test("the keyboard works: skip link, navigation, a form submitted with Enter", async () => {
    const { page, goto } = await open();
    await goto("wallets");
    await page.getByRole("heading", { name: "Stored wallets (21)" }).waitFor();
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Skip to content");
    await page.keyboard.press("Enter");
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("main");
    // Tab from the content start reaches the create form's name field.
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.getAttribute("id"))).toBe(
      await page
        .getByRole("region", { name: "Create a wallet" })
        .getByLabel("Name (optional)")
        .getAttribute("id"),
    );
    await page.keyboard.type("by keyboard");
    await page.keyboard.press("Enter");
    await page.getByRole("alert").filter({ hasText: "Save this now." }).waitFor();

    await page.getByRole("link", { name: "Bots" }).focus();
    await page.keyboard.press("Enter");
    await page.getByRole("heading", { level: 1, name: "Bots" }).waitFor();
    expect(await page.getByRole("link", { name: "Bots" }).getAttribute("aria-current")).toBe("page");
  });

  test("an unknown panel URL is a page that says so", async () => {
    const { page, goto } = await open();
    await goto("nowhere/at/all");
    await page.getByRole("heading", { level: 1, name: "No such page" }).waitFor();
    await page.getByRole("link", { name: "Go to the wallets" }).click();
    await page.getByRole("heading", { level: 1, name: "Wallets" }).waitFor();
  });
});
