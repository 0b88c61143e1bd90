import { startDevnet } from "@privnet/devnet";
import { expect, test } from "vitest";
import { describePanel } from "./fixtures/describePanel.js";
import { startPanelStack } from "./fixtures/startPanelStack.js";

describePanel("faults", ({ open, devnet }) => {
  test("a reorganisation asked from the page, confirmed, shows its answer and its blocks in the timeline", async () => {
    const { page, goto, stack } = await open({ faults: true });
    // Blocks above the stack's set-up, for the reorganisation to replace.
    await devnet.request("evm_mine");
    await devnet.request("evm_mine");
    await goto("faults");
    await page.getByText("Live: the timeline follows the chain event stream.").waitFor();
    await page.getByText("No fault yet.").waitFor();
    const card = page.getByRole("region", { name: "Reorganisation" });
    await card.getByLabel("Depth (blocks)").fill("2");
    await card.getByRole("button", { name: "Reorganise" }).click();
    const dialog = page.getByRole("dialog", { name: "Replace the last 2 blocks?" });
    await dialog.getByRole("button", { name: "Reorganise" }).click();
    await card.getByText(/2 blocks replaced/).waitFor();

    // The timeline names each replaced block with its old and new hash, as the chain has it now.
    const entry = page.getByRole("list", { name: "Timeline" }).getByRole("listitem").first();
    await entry.getByText("Reorganisation, depth 2:").waitFor();
    const [history] = (
      (await (await fetch(`${stack.adminUrl}/chain/faults`)).json()) as {
        events: {
          type: string;
          at: string;
          replaced: { number: number; oldHash: string; newHash: string }[];
        }[];
      }
    ).events;
    expect(history?.type).toBe("reorged");
    const rows = entry.getByRole("table", { name: `Blocks replaced at ${history?.at}` }).getByRole("row");
    expect(await rows.count()).toBe(3);
    for (const [index, block] of (history?.replaced ?? []).entries()) {
      const cells = rows.nth(index + 1).getByRole("cell");
      expect(await cells.nth(0).textContent()).toBe(String(block.number));
      expect(await cells.nth(1).getAttribute("title")).toBe(block.oldHash);
      expect(await cells.nth(2).getAttribute("title")).toBe(block.newHash);
      const onChain = await stack.platform.client.getBlock({ blockNumber: BigInt(block.number) });
      expect(onChain.hash).toBe(block.newHash);
      expect(block.oldHash).not.toBe(block.newHash);
    }
  });

  test("a fault asked elsewhere appears in the timeline through the event stream", async () => {
    const { page, goto } = await open({ faults: true });
    await goto("faults");
    await page.getByText("Live: the timeline follows the chain event stream.").waitFor();
    await page.getByText("No fault yet.").waitFor();
    await devnet.faults.dropPool();
    await page.getByRole("list", { name: "Timeline" }).getByText("Pool dropped:").waitFor();
  });

  test("an admin call on the chain's port with the admin token shows in the timeline: the audit trail", async () => {
    const policed = await startDevnet({ port: 0, blockTime: 0, chainPolicy: { adminToken: "team-token" } });
    try {
      const stack = await startPanelStack({
        rpcUrl: policed.rpcUrl,
        faults: policed.faults,
        headers: policed.serviceHeaders,
      });
      try {
        const { page, goto } = await open({ stack });
        await goto("faults");
        await page.getByText("Live: the timeline follows the chain event stream.").waitFor();
        await page.getByText("No fault yet.").waitFor();
        const mined = await fetch(`${policed.rpcUrl}/team-token`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "evm_mine", params: [] }),
        });
        expect(((await mined.json()) as { result: unknown }).result).toBe("0x0");
        const entry = page.getByRole("list", { name: "Timeline" }).getByText("Admin call:");
        await entry.waitFor();
        const text = await page
          .getByRole("list", { name: "Timeline" })
          .getByRole("listitem")
          .first()
          .textContent();
        expect(text).toMatch(/Admin call: evm_mine from 127\.0\.0\.1 with the admin token, at block \d+/);
        expect(text).not.toContain("team-token");
      } finally {
        await stack.close();
      }
    } finally {
      await policed.stop();
    }
  });

  test("on a stack without faults (--rpc-url) the page says they need the embedded devnet", async () => {
    const { page, goto } = await open();
    await goto("faults");
    await page
      .getByRole("alert")
      .getByText(/Faults need the embedded devnet/)
      .waitFor();
    expect(await page.getByRole("region", { name: "Reorganisation" }).count()).toBe(0);
  });
});
