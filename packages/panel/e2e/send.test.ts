import { getAddress } from "viem";
import { expect, test } from "vitest";
import { describePanel } from "./fixtures/describePanel.js";

const recipient = getAddress("0x00000000000000000000000000000000000bEEF1");

type HistoryEntry = { tx_hash: string; status: string; amount: string; block_number: number | null };

async function history(adminUrl: string): Promise<HistoryEntry[]> {
  return (await (await fetch(`${adminUrl}/transactions`)).json()) as HistoryEntry[];
}

describePanel("send", ({ open, devnet }) => {
  test("the form checks address and amount with the API's own rules before anything is sent", async () => {
    const { page, goto, stack } = await open();
    await goto("send?from=3");
    const form = page.getByRole("form", { name: "Send ETH" });
    await form.getByLabel("From wallet").waitFor();
    // A mixed-case address with one letter's case flipped: its EIP-55 checksum no longer matches.
    const badChecksum = recipient.replace(/[a-fA-F](?=[^x]*$)/, (letter) =>
      letter === letter.toLowerCase() ? letter.toUpperCase() : letter.toLowerCase(),
    );
    expect(badChecksum).not.toBe(recipient);
    const before = await history(stack.adminUrl);
    await form.getByLabel("To address").fill(badChecksum);
    await form.getByLabel("Amount (ETH)").fill("0.1234567890123456789");
    await form.getByRole("button", { name: "Send" }).click();
    expect(await form.getByLabel("To address").getAttribute("aria-invalid")).toBe("true");
    expect(await form.getByText(/checksum \(EIP-55\) does not match/).count()).toBe(1);
    expect(await form.getByText("ETH has 18 decimals; the amount has more.", { exact: false }).count()).toBe(
      1,
    );
    await form.getByLabel("Amount (ETH)").fill("-1");
    await form.getByLabel("Amount (ETH)").blur();
    await form.getByText('The amount "-1" is not valid: it is negative.').waitFor();
    expect(await history(stack.adminUrl)).toEqual(before);
  });

  test("send from a stored wallet: the hash and 'pending', then 'confirmed' by itself once mined", async () => {
    const { page, goto, stack } = await open();
    // Blocks only when the test mines one, so that the pending state is there to see.
    await devnet.request("evm_setAutomine", [false]);
    try {
      await goto("send");
      const form = page.getByRole("form", { name: "Send ETH" });
      await form.getByLabel("From wallet").selectOption({ label: "#3 System 2 (1,000,000,000 ETH)" });
      await form.getByLabel("To address").fill(recipient);
      await form.getByLabel("Amount (ETH)").fill("0.25");
      await form.getByRole("button", { name: "Send" }).click();

      const result = page.getByRole("region", { name: "Send result" });
      const status = result.getByRole("status");
      await status.filter({ hasText: "pending" }).waitFor();
      const [entry] = await history(stack.adminUrl);
      expect(entry).toMatchObject({ status: "pending", amount: "0.25", block_number: null });
      expect(await result.getByText(entry?.tx_hash ?? "?", { exact: true }).count()).toBe(1);

      await devnet.request("evm_mine");
      await status.filter({ hasText: /confirmed in block \d+/ }).waitFor();
      const [mined] = await history(stack.adminUrl);
      expect(mined).toMatchObject({ tx_hash: entry?.tx_hash, status: "confirmed" });
      expect(await status.textContent()).toBe(`confirmed in block ${mined?.block_number}`);
    } finally {
      await devnet.request("evm_setAutomine", [true]);
    }
  });

  test("send with a private key: answered once mined, confirmed with its block; the key is not stored", async () => {
    const { page, goto, stack } = await open();
    const account = devnet.accounts[7];
    if (!account) throw new Error("no account 7");
    await goto("send");
    const form = page.getByRole("form", { name: "Send ETH" });
    await form.getByLabel("A private key").check();
    await form.getByLabel("Private key", { exact: true }).fill(account.privateKey);
    await form.getByLabel("To address").fill(recipient.toLowerCase());
    await form.getByLabel("Amount (ETH)").fill("1");
    await form.getByRole("button", { name: "Send" }).click();
    const status = page.getByRole("region", { name: "Send result" }).getByRole("status");
    await status.filter({ hasText: /confirmed in block \d+/ }).waitFor();
    const balance = (await (await fetch(`${stack.adminUrl}/balance/${recipient}`)).json()) as {
      balance: string;
    };
    expect(balance.balance).toBe("1");
    const kept = await page.evaluate(() => JSON.stringify({ ...localStorage, ...sessionStorage }));
    expect(kept).not.toContain(account.privateKey.slice(2));
  });

  test("a refused send shows the API's message", async () => {
    const { page, goto, stack } = await open();
    const created = (await (
      await fetch(`${stack.adminUrl}/wallets`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ name: "empty" }),
      })
    ).json()) as { id: number };
    const before = await history(stack.adminUrl);
    await goto(`send?from=${created.id}`);
    const form = page.getByRole("form", { name: "Send ETH" });
    await form.getByLabel("To address").fill(recipient);
    await form.getByLabel("Amount (ETH)").fill("5");
    await form.getByRole("button", { name: "Send" }).click();
    const alert = form.getByRole("alert");
    await alert.waitFor();
    expect(await alert.textContent()).toMatch(
      /The send failed\..*has 0 ETH available.*\(INSUFFICIENT_FUNDS\)/,
    );
    expect(await history(stack.adminUrl)).toEqual(before);
  });
});
