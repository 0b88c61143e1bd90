import { createPlatform } from "@privnet/core";
import { useDevnet } from "@privnet/devnet/vitest";
import { type Address, createPublicClient, type Hash, type Hex, http, parseEther } from "viem";
import { expect, test } from "vitest";
import { describeWithPostgres } from "./fixtures/describeWithPostgres.js";
import { postgresStorage } from "./postgresStorage.js";

const devnet = useDevnet();

describeWithPostgres("the explorer on PostgreSQL", (databaseUrl) => {
  test("indexes the chain into the database, and a platform started again on it resumes where it stopped", async () => {
    const schema = `explorer_${Date.now().toString(36)}`;
    const from = devnet.accounts[1]?.address as Address;
    const to = devnet.accounts[2]?.address as Address;
    const send = async (value: bigint) => {
      const hash = await devnet.request<Hash>("eth_sendTransaction", [
        { from, to, value: `0x${value.toString(16)}` },
      ]);
      // Mined at once by anvil, yet its receipt may show a moment later: wait for it on the chain.
      const receipt = await reader.waitForTransactionReceipt({ hash, pollingInterval: 50 });
      return { hash, block: receipt.blockNumber };
    };
    const reader = createPublicClient({ transport: http(devnet.rpcUrl) });
    const start = () =>
      createPlatform({
        transport: http(devnet.rpcUrl),
        pollingInterval: 50,
        storage: postgresStorage({ connectionString: databaseUrl(), schema }),
      });

    // The index starts at the head a platform first finds.
    const startHead = BigInt(await devnet.request<Hex>("eth_blockNumber"));
    const first = await start();
    await first.explorer.waitForBlock(startHead);
    const one = await send(parseEther("1"));
    await first.explorer.waitForBlock(one.block);
    await first.close();
    // Mined while no platform runs: the next one catches up.
    const two = await send(parseEther("2"));
    const three = await send(parseEther("3"));

    const second = await start();
    try {
      await second.explorer.waitForBlock(three.block);
      const { transactions } = await second.explorer.address(to);
      expect(transactions.map((transaction) => [transaction.hash, transaction.summary])).toEqual([
        [three.hash, "3 ETH → System 2"],
        [two.hash, "2 ETH → System 2"],
        [one.hash, "1 ETH → System 2"],
      ]);
      const { blocks } = await second.explorer.blocks({ limit: 10 });
      expect(blocks.map((block) => block.number)).toEqual([three.block, two.block, one.block, startHead]);
    } finally {
      await second.close();
    }
  });
});
