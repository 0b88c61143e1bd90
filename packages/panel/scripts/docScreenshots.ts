/**
 * Regenerates the screenshots docs/panel.md shows (docs/images/panel-*.png): a throwaway devnet
 * and stack, a little activity (a new wallet, sends, the transfer bot, price pushes), then the
 * pages in chromium. The browser tests write every page at both widths elsewhere
 * (packages/panel/screenshots, git-ignored); these are the few the docs keep.
 *
 *   pnpm --filter @privnet/panel screenshots
 */
/// <reference lib="dom" />
import { mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { deriveAccounts, KEY_INDEXES, SYSTEM_MNEMONIC } from "@privnet/core";
import { startDevnet } from "@privnet/devnet";
import type { Page } from "playwright-core";
import { encodeFunctionData, erc20Abi, type Hex, parseUnits } from "viem";
import { launchChromium } from "../e2e/fixtures/chromium.js";
import { sendRaw } from "../e2e/fixtures/sendRaw.js";
import { startPanelStack } from "../e2e/fixtures/startPanelStack.js";
import { buildApp } from "./buildApp.js";

const out = fileURLToPath(new URL("../../../docs/images/", import.meta.url));
mkdirSync(out, { recursive: true });

await buildApp({ ifStale: true, log: (line) => console.log(line) });
const devnet = await startDevnet({ port: 0, blockTime: 1 });
const stack = await startPanelStack({ rpcUrl: devnet.rpcUrl });
const browser = await launchChromium();
try {
  const post = (path: string, body?: unknown) =>
    fetch(`${stack.adminUrl}${path}`, {
      method: "POST",
      ...(body ? { headers: { "content-type": "application/json" }, body: JSON.stringify(body) } : {}),
    });
  const alice = (await (await post("/wallets", { name: "alice" })).json()) as { id: number; address: string };
  for (const amount of ["2.5", "0.75", "1"])
    await post("/send", { fromWalletId: 2, toAddress: alice.address, amount });

  const shoot = async (page: Page, name: string) => {
    await page.screenshot({ path: `${out}panel-${name}.png`, fullPage: false });
    console.log(`docs/images/panel-${name}.png`);
  };
  const desktop = await browser.newPage({ viewport: { width: 1280, height: 800 } });

  await desktop.goto(`${stack.panelUrl}wallets`);
  const form = desktop.getByRole("region", { name: "Create a wallet" });
  await form.getByLabel("Name (optional)").fill("bob");
  await form.getByRole("button", { name: "Create wallet" }).click();
  await desktop.getByRole("alert").filter({ hasText: "Save this now." }).waitFor();
  await shoot(desktop, "wallets");

  await desktop.goto(`${stack.panelUrl}send?from=${alice.id}`);
  const send = desktop.getByRole("form", { name: "Send ETH" });
  await send.getByLabel("To address").fill(devnet.accounts[9]?.address ?? "");
  await send.getByLabel("Amount (ETH)").fill("0.5");
  await send.getByRole("button", { name: "Send" }).click();
  await desktop
    .getByRole("status")
    .filter({ hasText: /confirmed in block/ })
    .waitFor();
  await shoot(desktop, "send");

  await desktop.goto(`${stack.panelUrl}bots`);
  const overview = desktop.getByRole("table", { name: "Bots overview" });
  await overview.getByRole("button", { name: "Start erc20", exact: true }).click();
  const transferName = overview.getByRole("button", { name: "transfer", exact: true });
  await transferName.click();
  const transfer = desktop.getByRole("region", { name: "transfer bot" });
  await transfer.getByLabel("Interval (ms)").fill("500");
  await transfer.getByRole("button", { name: "Start transfer bot" }).click();
  await transferName.click(); // closed again: the shot shows the chart and the overview
  const legend = desktop.getByRole("list", { name: "Chart legend" });
  await legend
    .getByRole("listitem")
    .filter({ hasText: /^transfer$/ })
    .waitFor({ timeout: 60_000 });
  await legend
    .getByRole("listitem")
    .filter({ hasText: /^erc20$/ })
    .waitFor({ timeout: 60_000 });
  await desktop.waitForFunction(() => document.querySelectorAll(".event-log li").length >= 8, undefined, {
    polling: "raf",
    timeout: 60_000,
  });
  await desktop.evaluate(() => window.scrollTo(0, 0));
  await shoot(desktop, "bots");
  await overview.getByRole("button", { name: "Stop transfer", exact: true }).click();
  await overview.getByRole("button", { name: "Stop erc20", exact: true }).click();

  await desktop.goto(`${stack.panelUrl}prices`);
  await desktop.getByText("Live: the chart follows the oracle's price stream.").waitFor();
  // The chart shows the updates the page saw on the price stream: a few pushes to draw.
  for (let push = 0; push < 5; push++) await post("/oracle/update");
  await desktop.getByRole("img", { name: /^DAI: 6 updates/ }).waitFor();
  await shoot(desktop, "prices");

  const phone = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await phone.goto(`${stack.panelUrl}transactions`);
  await phone.getByRole("table", { name: "Transactions" }).waitFor();
  await shoot(phone, "transactions-phone");

  // The explorer: a token transfer sent to the node directly, as cast would.
  const contracts = (await (await fetch(`${stack.adminUrl}/contracts`)).json()) as {
    contracts: { name: string; address: `0x${string}` }[];
  };
  const priv = contracts.contracts.find((contract) => contract.name === "PRIV");
  const [owner] = deriveAccounts(SYSTEM_MNEMONIC, [KEY_INDEXES.contractsOwner]);
  if (!priv || !owner) throw new Error("no PRIV token or no contracts owner");
  const hash = await sendRaw(devnet, owner.privateKey as Hex, {
    to: priv.address,
    data: encodeFunctionData({
      abi: erc20Abi,
      functionName: "transfer",
      args: [alice.address as `0x${string}`, parseUnits("12.5", 18)],
    }),
  });

  await desktop.goto(`${stack.panelUrl}blocks`);
  await desktop.getByText("Live: new blocks appear as the chain grows.").waitFor();
  await desktop.getByRole("table", { name: "Blocks" }).waitFor();
  await shoot(desktop, "blocks");

  await desktop.goto(`${stack.panelUrl}tx/${hash}`);
  await desktop.getByRole("table", { name: "Token transfers" }).waitFor();
  await desktop.getByRole("region", { name: "Call trace" }).locator("details.call").first().waitFor();
  await shoot(desktop, "transaction");

  await desktop.goto(`${stack.panelUrl}contracts`);
  const card = desktop.getByRole("region", { name: "Contract PRIV", exact: true });
  await card.getByText(/^Read functions/).click();
  const balanceOf = card.getByRole("form", { name: "balanceOf(address)" });
  await balanceOf.getByRole("textbox").fill(alice.address);
  await balanceOf.getByRole("button", { name: "Read balanceOf" }).click();
  await balanceOf.locator("output").waitFor();
  await balanceOf.scrollIntoViewIfNeeded();
  await shoot(desktop, "contracts");
} finally {
  await browser.close();
  await stack.close();
  await devnet.stop();
}
