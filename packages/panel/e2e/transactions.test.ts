import { getAddress } from "viem";
import { expect, test } from "vitest";
import { describePanel } from "./fixtures/describePanel.js";

const recipient = getAddress("0x0000000000000000000000000000000000007a11");

describePanel("transactions", ({ open }) => {
  test("the history pages with the API's cursor, newest first, with links to the wallets", async () => {
    const { page, goto, stack } = await open();
    // 30 sends, more than one page of 25.
    for (let index = 1; index <= 30; index++) {
      const response = await fetch(`${stack.adminUrl}/send`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          fromWalletId: 4,
          toAddress: recipient,
          amount: `0.00${String(index).padStart(2, "0")}`,
        }),
      });
      expect(response.status).toBe(200);
    }
    const all = (await (await fetch(`${stack.adminUrl}/transactions`)).json()) as {
      id: number;
      amount: string;
    }[];
    await goto("transactions");
    const table = page.getByRole("table", { name: "Transactions" });
    const firstRow = table.getByRole("row").nth(1);
    await firstRow.filter({ hasText: "0.003" }).waitFor();
    expect(await table.getByRole("row").count()).toBe(26);
    const pager = page.getByRole("navigation", { name: "Transactions: pages" });
    expect(await pager.getByRole("button", { name: "Newer" }).isDisabled()).toBe(true);

    await pager.getByRole("button", { name: "Older" }).click();
    await pager.getByText("Page 2").waitFor();
    // The history also holds the stack's own set-up (the contracts' deployment, its funding, the
    // oracle's first push): page 2 is the next 25 entries, whatever came before the sends.
    const rest = all.slice(25, 50);
    await table
      .getByRole("row")
      .nth(1)
      .filter({ hasText: String(rest[0]?.id) })
      .waitFor();
    expect(await table.getByRole("row").count()).toBe(rest.length + 1);
    expect(await pager.getByRole("button", { name: "Older" }).isDisabled()).toBe(all.length <= 50);

    await pager.getByRole("button", { name: "Newest" }).click();
    await pager.getByText("Page 1").waitFor();
    // The sender is a stored wallet: its name links to its page.
    await firstRow.getByRole("link", { name: /^Wallet System 3 / }).click();
    await page.getByRole("heading", { level: 1, name: "System 3" }).waitFor();
  });
});
