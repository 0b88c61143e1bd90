import { generatePrivateKey, mnemonicToAccount, privateKeyToAddress } from "viem/accounts";
import { expect, test } from "vitest";
import { describePanel } from "./fixtures/describePanel.js";

async function api<T>(
  adminUrl: string,
  path: string,
  init: RequestInit = {},
): Promise<{ status: number; body: T }> {
  const response = await fetch(`${adminUrl}${path}`, init);
  return { status: response.status, body: (await response.json()) as T };
}

type Wallet = { id: number; name: string; address: string; balance: string };

describePanel("wallets", ({ open }) => {
  test("create a wallet: mnemonic and key shown once with copy buttons and a warning, never stored, gone after a reload", async () => {
    const { page, goto, context, stack } = await open();
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await goto("wallets");
    const form = page.getByRole("region", { name: "Create a wallet" });
    await form.getByLabel("Name (optional)").fill("alice");
    await form.getByRole("button", { name: "Create wallet" }).click();

    const warning = page.getByRole("alert").filter({ hasText: "Save this now." });
    await warning.waitFor();
    expect(await warning.textContent()).toMatch(/shown this once/);
    const secrets = page.getByRole("region", { name: "New wallet's secrets" });
    const mnemonic = await secrets.getByRole("textbox", { name: "Mnemonic" }).inputValue();
    const privateKey = await secrets.getByRole("textbox", { name: "Private key" }).inputValue();
    expect(mnemonic.split(" ")).toHaveLength(12);
    // The words are the wallet's: the address derived from them is the stored one.
    const address = mnemonicToAccount(mnemonic).address;
    expect(privateKeyToAddress(privateKey as `0x${string}`)).toBe(address);
    const stored = await api<Wallet[]>(stack.adminUrl, "/wallets");
    expect(stored.body.at(-1)).toMatchObject({ name: "alice", address });

    await secrets.getByRole("button", { name: "Copy mnemonic" }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(mnemonic);
    await secrets.getByRole("button", { name: "Copy private key" }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(privateKey);
    // Nothing of it is kept by the browser.
    const kept = await page.evaluate(
      () => JSON.stringify({ ...localStorage, ...sessionStorage }) + document.cookie,
    );
    expect(kept).not.toContain(mnemonic.split(" ")[0] ?? "-");
    expect(kept).not.toContain(privateKey.slice(2));

    // Leaving the page inside the app forgets them too, as does a reload.
    await page.getByRole("link", { name: "Bots" }).click();
    await page.getByRole("heading", { level: 1, name: "Bots" }).waitFor();
    await page.getByRole("link", { name: "Wallets" }).click();
    await page.getByRole("link", { name: "alice" }).waitFor();
    expect(await page.getByText("Save this now.").count()).toBe(0);
    expect(await page.getByRole("textbox", { name: "Mnemonic" }).count()).toBe(0);

    await page.reload();
    await page.getByRole("link", { name: "alice" }).waitFor();
    expect(await page.content()).not.toContain(mnemonic);
    expect(await page.content()).not.toContain(privateKey.slice(2));
    expect(await page.getByText("Save this now.").count()).toBe(0);
  });

  test("import a wallet by private key (name optional); importing it again shows the API's message", async () => {
    const { page, goto, stack } = await open();
    await goto("wallets");
    const form = page.getByRole("region", { name: "Import a wallet" });
    const privateKey = generatePrivateKey();
    const address = privateKeyToAddress(privateKey);
    await form.getByLabel("Private key").fill(privateKey.slice(2));
    await form.getByRole("button", { name: "Import wallet" }).click();
    const imported = form.getByRole("status").filter({ hasText: "Imported" });
    await imported.waitFor();
    expect(await imported.textContent()).toContain(address);
    const stored = await api<Wallet[]>(stack.adminUrl, "/wallets");
    const wallet = stored.body.find((entry) => entry.address === address);
    expect(wallet).toMatchObject({
      name: `Wallet ${address.slice(0, 6)}…${address.slice(-4)}`,
      balance: "0",
    });
    const row = page.getByRole("row").filter({ hasText: wallet?.name ?? "?" });
    await row.waitFor();
    expect(await row.getByText("System").count()).toBe(0);

    await form.getByLabel("Private key").fill(privateKey);
    await form.getByLabel("Name (optional)").fill("again");
    await form.getByRole("button", { name: "Import wallet" }).click();
    const refused = form.getByRole("alert");
    await refused.waitFor();
    expect(await refused.textContent()).toMatch(/The wallet was not imported\..*already.*\(WALLET_EXISTS\)/);
  });

  test("delete asks first: cancel keeps the wallet, confirm deletes it", async () => {
    const { page, goto, stack } = await open();
    const created = await api<Wallet>(stack.adminUrl, "/wallets", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: "to delete" }),
    });
    await goto("wallets");
    const deleteButton = page.getByRole("button", { name: "Delete wallet to delete" });
    await deleteButton.click();
    const dialog = page.getByRole("dialog", { name: "Delete wallet to delete?" });
    await dialog.waitFor();
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "hidden" });
    expect((await api(stack.adminUrl, `/wallets/${created.body.id}`)).status).toBe(200);

    // Escape cancels too (the keyboard way).
    await deleteButton.click();
    await dialog.waitFor();
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
    expect((await api(stack.adminUrl, `/wallets/${created.body.id}`)).status).toBe(200);

    await deleteButton.click();
    await dialog.getByRole("button", { name: "Delete wallet" }).click();
    await deleteButton.waitFor({ state: "detached" });
    expect((await api(stack.adminUrl, `/wallets/${created.body.id}`)).status).toBe(404);
  });

  test("system wallets are marked; a deep link opens a wallet with its key on request and its own transactions", async () => {
    const { page, goto, stack } = await open();
    const wallets = await api<Wallet[]>(stack.adminUrl, "/wallets");
    expect(wallets.body).toHaveLength(21);
    const system = wallets.body[1] as Wallet;
    const recipient = wallets.body[2] as Wallet;
    const sent = await api<{ hash: string }>(stack.adminUrl, "/send", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ fromWalletId: system.id, toAddress: recipient.address, amount: "1.5" }),
    });
    expect(sent.status).toBe(200);

    await goto("wallets");
    const rows = page.getByRole("row").filter({ has: page.getByText("System", { exact: true }) });
    await rows.first().waitFor();
    expect(await rows.count()).toBe(21);

    await goto(`wallets/${system.id}`);
    await page.getByRole("heading", { level: 1, name: system.name }).waitFor();
    expect(await page.getByText(system.address, { exact: true }).count()).toBe(1);
    const details = await api<{ private_key: string }>(stack.adminUrl, `/wallets/${system.id}`);
    expect(await page.content()).not.toContain(details.body.private_key);
    const toggle = page.getByRole("button", { name: "Show private key" });
    expect(await toggle.getAttribute("aria-expanded")).toBe("false");
    await toggle.click();
    expect(await page.getByLabel("Private key", { exact: true }).textContent()).toBe(
      details.body.private_key,
    );
    await page.getByRole("button", { name: "Hide private key" }).click();
    expect(await page.content()).not.toContain(details.body.private_key);

    const history = page.getByRole("table", { name: `Transactions of ${system.name}` });
    const row = history.getByRole("row").filter({ hasText: "1.5" });
    await row.waitFor();
    // The recipient is a stored wallet: its name links to its page.
    await row.getByRole("link", { name: `Wallet ${recipient.name} (${recipient.address})` }).click();
    await page.getByRole("heading", { level: 1, name: recipient.name }).waitFor();
    expect(page.url()).toBe(`${stack.panelUrl}wallets/${recipient.id}`);
  });

  test("a wallet that does not exist is a readable message, not a blank page", async () => {
    const { page, goto } = await open();
    await goto("wallets/9999");
    const alert = page.getByRole("alert");
    await alert.waitFor();
    expect(await alert.textContent()).toMatch(/Wallet 9999 not found\..*\(WALLET_NOT_FOUND\)/);
  });
});
