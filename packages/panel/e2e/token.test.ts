import { expect, test } from "vitest";
import { describePanel } from "./fixtures/describePanel.js";

describePanel("admin token", ({ open }) => {
  test("the first 401 turns into the token prompt; the token is kept for the browser session only", async () => {
    const { page, goto, stack } = await open({ token: "s3cret-token" });
    await goto("wallets");
    const prompt = page.getByRole("dialog", { name: "Admin token" });
    await prompt.waitFor();
    expect(await prompt.textContent()).toContain("This admin API needs a token");
    // Escape does not dismiss it: without a token nothing works.
    await page.keyboard.press("Escape");
    expect(await prompt.isVisible()).toBe(true);

    await prompt.getByLabel("Token").fill("wrong");
    await prompt.getByRole("button", { name: "Use token" }).click();
    await prompt.getByText("The token was refused.").waitFor();

    await prompt.getByLabel("Token").fill("s3cret-token");
    await prompt.getByRole("button", { name: "Use token" }).click();
    await prompt.waitFor({ state: "hidden" });
    await page.getByRole("heading", { name: "Stored wallets (21)" }).waitFor();

    // The streams carry the token too.
    await page.getByRole("link", { name: "Bots" }).click();
    await page.getByText("Live: counters follow the bots' event stream.").waitFor();

    // A reload keeps the session's token: no prompt.
    await page.reload();
    await page.getByText("Live: counters follow the bots' event stream.").waitFor();
    expect(await prompt.isVisible()).toBe(false);

    // A page opened by its URL starts its first read before the app has loaded (public/early.js):
    // with the session's token, so it is answered, and the app takes that answer.
    const { transactions } = await stack.platform.client.getBlock({ blockNumber: 1n });
    const hash = transactions[0] as string;
    const reads: (string | undefined)[] = [];
    page.on("request", (request) => {
      if (request.url().endsWith(`/chain/transactions/${hash}`)) reads.push(request.headers().authorization);
    });
    await page.goto(`${stack.panelUrl}tx/${hash}`);
    await page.getByRole("heading", { name: "Transaction" }).waitFor();
    await page.getByText(hash).first().waitFor();
    expect(reads).toEqual(["Bearer s3cret-token"]);
    expect(await prompt.isVisible()).toBe(false);

    // Another session (a new browser context) asks again.
    const other = await open({ stack });
    await other.goto("prices");
    await other.page.getByRole("dialog", { name: "Admin token" }).waitFor();
  });
});
