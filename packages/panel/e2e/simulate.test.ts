import { encodeFunctionData, erc20Abi, getAddress, type Hash, type Hex } from "viem";
import { beforeAll, expect, test } from "vitest";
import { compilePlatformBuild } from "../../core/src/explorer/simulate/fixtures/compilePlatformBuild.js";
import { describePanel } from "./fixtures/describePanel.js";
import { sendRaw } from "./fixtures/sendRaw.js";
import type { PanelStack } from "./fixtures/startPanelStack.js";

const owner = getAddress("0x00000000000000000000000000000000000a11ce");
const spender = getAddress("0x0000000000000000000000000000000000000b0b");
const receiver = getAddress("0x0000000000000000000000000000000000000ca1");

describePanel(
  "simulations",
  ({ open, sharedStack, devnet }) => {
    let stack: PanelStack;
    let usdc: `0x${string}`;

    beforeAll(async () => {
      stack = await sharedStack();
      await stack.platform.contracts.loadArtifacts({
        source: "platform",
        files: (await compilePlatformBuild()).files,
      });
      usdc = (await stack.platform.contracts.get()).addresses.usdc;
    }, 180_000);

    test("a bundle from keyless addresses, chosen from the ABI, explained call by call; saved and opened by its link", async () => {
      const { page, goto } = await open({ stack });
      await goto("simulate");
      await page.getByRole("heading", { level: 1, name: "Simulate" }).waitFor();
      const call0 = page.getByRole("group", { name: "Call 0" });
      await call0.getByLabel("From", { exact: true }).fill(owner);
      await call0.getByLabel("To", { exact: true }).fill(usdc);
      await call0.getByLabel("Function").selectOption("approve(address,uint256)");
      await call0.getByLabel("spender (address)", { exact: true }).fill(spender);
      await call0.getByLabel("value (uint256)", { exact: true }).fill("500");
      await page.getByRole("button", { name: "Add a call" }).click();
      const call1 = page.getByRole("group", { name: "Call 1" });
      await call1.getByLabel("From", { exact: true }).fill(spender);
      await call1.getByLabel("To", { exact: true }).fill(usdc);
      await call1.getByLabel("Function").selectOption("transferFrom(address,address,uint256)");
      await call1.getByLabel("from (address)", { exact: true }).fill(owner);
      await call1.getByLabel("to (address)", { exact: true }).fill(receiver);
      await call1.getByLabel("value (uint256)", { exact: true }).fill("300");
      await page
        .getByLabel("Overrides (JSON, optional)")
        .fill(JSON.stringify({ [usdc]: { storage: { [`_balances[${owner}]`]: "1000000" } } }));
      await page.getByLabel("Save it, to open again by its link").check();
      await page.getByRole("button", { name: "Simulate", exact: true }).click();

      const result = page.getByRole("region", { name: "Simulation result" });
      await result.getByRole("heading", { name: /^Call 1: / }).waitFor();
      const storageRows = async () =>
        (await result.getByRole("table", { name: "Storage changes" }).allTextContents()).join("\n");
      expect(await storageRows()).toContain(`_allowances[${owner}][${spender}]`);
      expect(await storageRows()).toContain(`_balances[${receiver}]`);
      expect(await result.getByRole("region", { name: "Logs (1)" }).allTextContents()).toEqual([
        expect.stringContaining("Approval"),
        expect.stringContaining("Transfer"),
      ]);

      await result.getByRole("link", { name: "Saved: open it again" }).click();
      await page.getByRole("heading", { level: 1, name: "Simulation" }).waitFor();
      const saved = page.getByRole("region", { name: "Simulation result" });
      await saved.getByRole("heading", { name: /^Call 1: / }).waitFor();
      expect(await saved.getByRole("heading", { name: /^Call \d: / }).count()).toBe(2);
      expect(page.url()).toMatch(/\/panel\/simulations\/[0-9a-f-]{36}$/);
    }, 120_000);

    test("a failed transaction re-run with another argument from its page, shown beside the original", async () => {
      const key = devnet.accounts[17]?.privateKey as Hex;
      // Account 17 holds no USDC: sending 5 reverts; sending none goes through.
      const hash: Hash = await sendRaw(devnet, key, {
        to: usdc,
        data: encodeFunctionData({ abi: erc20Abi, functionName: "transfer", args: [receiver, 5n] }),
        gas: 100_000n,
      });
      const { page, goto } = await open({ stack });
      await goto(`tx/${hash}`);
      const form = page.getByRole("form", { name: "Re-run with changes" });
      await form.waitFor();
      expect(await form.getByLabel("Function").inputValue()).toBe("transfer(address,uint256)");
      expect(await form.getByLabel("to (address)", { exact: true }).inputValue()).toBe(receiver);
      await form.getByLabel("value (uint256)", { exact: true }).fill("0");
      await form.getByRole("button", { name: "Re-run" }).click();

      const result = page.getByRole("region", { name: "Re-run result" });
      const original = result.getByRole("region", { name: "Original" });
      const rerun = result.getByRole("region", { name: "Re-run" });
      await rerun.waitFor();
      expect(await original.textContent()).toContain("reverted");
      expect(await original.textContent()).toContain("ERC20InsufficientBalance");
      expect(await rerun.textContent()).toContain("success");
    }, 120_000);
  },
  { isolateTests: false },
);
