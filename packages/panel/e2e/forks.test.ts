import { createForkPool } from "@privnet/devnet";
import { createPublicClient, http } from "viem";
import { expect, test } from "vitest";
import { describePanel } from "./fixtures/describePanel.js";
import { startPanelStack } from "./fixtures/startPanelStack.js";

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describePanel("forks", ({ open, devnet }) => {
  test("a fork started from the page is listed with its URL, block and time left, answers there, and its delete stops it", async () => {
    await using pool = createForkPool({ parentUrl: devnet.rpcUrl });
    await pool.start();
    const stack = await startPanelStack({ rpcUrl: devnet.rpcUrl, forks: pool });
    try {
      const { page, goto, screenshot } = await open({ stack });
      await goto("forks");
      await page.getByText("No fork is running.").waitFor();
      await page.getByLabel("Time to live (minutes)").fill("30");
      await page.getByLabel("Name (optional)").fill("panel fork");
      await page.getByRole("button", { name: "Start a fork" }).click();
      await page
        .getByRole("status")
        .getByText(/panel fork answers at/)
        .waitFor();

      const [fork] = pool.list();
      expect(fork?.name).toBe("panel fork");
      const row = page.getByRole("table", { name: "Running forks" }).getByRole("row", { name: /panel fork/ });
      await row.getByText(fork!.rpcUrl).waitFor();
      expect(await row.getByRole("cell").nth(2).textContent()).toBe(String(fork!.block));
      expect(await row.getByRole("cell").nth(3).textContent()).toMatch(/^(29|30) min/);
      await row.getByRole("button", { name: "Copy the URL of panel fork" }).waitFor();
      await screenshot("forks-running");
      const client = createPublicClient({ transport: http(fork!.rpcUrl) });
      expect(await client.getBlockNumber({ cacheTime: 0 })).toBe(fork!.block);

      await row.getByRole("button", { name: "Delete panel fork" }).click();
      await page.getByText("No fork is running.").waitFor();
      expect(pool.list()).toEqual([]);
      expect(isRunning(fork!.pid)).toBe(false);
    } finally {
      await stack.close();
    }
  });
});
