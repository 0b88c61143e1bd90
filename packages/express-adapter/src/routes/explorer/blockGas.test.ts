import { deriveAccounts, type Platform, SYSTEM_MNEMONIC } from "@privnet/core";
import { useDevnet } from "@privnet/devnet/vitest";
import { type Address, type Hash, parseEther } from "viem";
import { describe, expect, test } from "vitest";
import { call, serveAdmin, startPlatform } from "../../testing/adminTestServer.js";

const devnet = useDevnet();
const [system1, system2] = deriveAccounts(SYSTEM_MNEMONIC, [1, 2]).map(
  (account) => (account as { address: Address }).address,
) as [Address, Address];

/** Resolves once `count` of the bot's transactions are confirmed (bot events, no polling). */
function confirmations(platform: Platform, bot: string, count: number) {
  return new Promise<bigint>((resolve) => {
    let seen = 0;
    platform.events.on("bot", (event) => {
      const { transaction } = event;
      if (event.bot === bot && event.type === "transaction" && transaction?.status === "confirmed") {
        if (++seen === count && transaction.blockNumber !== null) resolve(transaction.blockNumber);
      }
    });
  });
}

type BlockGasBody = {
  blocks: {
    number: number;
    gasUsed: string;
    gasLimit: string;
    transactionCount: number;
    bots: Record<string, string>;
    other: string;
  }[];
};

describe("GET /chain/block-gas", () => {
  test("splits each indexed block's gas by the bot that sent it, the rest as other", async () => {
    const platform = await startPlatform(devnet.rpcUrl, { pollingInterval: 50, bots: { env: {} } });
    const { url } = await serveAdmin(platform);
    const confirmed = confirmations(platform, "transfer", 3);
    await platform.bots.start("transfer", { interval: 0, recipients: "fresh" });
    await confirmed;
    await platform.bots.stop("transfer");
    await platform.bots.settled("transfer");
    // A transfer from outside privnet: gas no bot used.
    const hash = await devnet.request<Hash>("eth_sendTransaction", [
      { from: system1, to: system2, value: `0x${parseEther("1").toString(16)}` },
    ]);
    const receipt = await platform.client.waitForTransactionReceipt({ hash, pollingInterval: 50 });
    await platform.explorer.waitForBlock(receipt.blockNumber);

    const answer = await call(`${url}/chain/block-gas?blocks=120`);
    expect(answer.status).toBe(200);
    const { blocks } = answer.body as BlockGasBody;
    // Oldest first, ending at the newest indexed block.
    const numbers = blocks.map((block) => block.number);
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
    expect(numbers.at(-1)).toBeGreaterThanOrEqual(Number(receipt.blockNumber));
    // Every block's parts add up to its gas used.
    for (const block of blocks) {
      const parts = Object.values(block.bots).reduce((sum, used) => sum + BigInt(used), BigInt(block.other));
      expect(parts).toBe(BigInt(block.gasUsed));
    }
    // In each block, the transfer bot's gas is 21,000 for each of its plain transfers confirmed
    // there (the history says which; an automining chain may put them in more than 120 blocks).
    const history = await platform.transactions.list({ source: "transfer", limit: 1000 });
    const perBlock = new Map<number, number>();
    for (const entry of history) {
      if (entry.status !== "confirmed" || entry.blockNumber === null) continue;
      const number = Number(entry.blockNumber);
      perBlock.set(number, (perBlock.get(number) ?? 0) + 1);
    }
    expect(history.length).toBeGreaterThanOrEqual(3);
    const withTransfers = blocks.filter((block) => perBlock.has(block.number));
    expect(withTransfers.length).toBeGreaterThan(0);
    for (const block of blocks) {
      expect(BigInt(block.bots.transfer ?? "0"), `block ${block.number}`).toBe(
        21_000n * BigInt(perBlock.get(block.number) ?? 0),
      );
    }
    // The outside transfer is no bot's.
    const outside = blocks.find((block) => block.number === Number(receipt.blockNumber));
    expect(BigInt(outside?.other ?? "0")).toBeGreaterThanOrEqual(21_000n);

    const last = await call(`${url}/chain/block-gas?blocks=1`);
    expect((last.body as BlockGasBody).blocks).toHaveLength(1);
  });

  test("a bot's wallet pool counts as the bot's", async () => {
    const platform = await startPlatform(devnet.rpcUrl, { pollingInterval: 50, bots: { env: {} } });
    const { url } = await serveAdmin(platform);
    const confirmed = confirmations(platform, "transfer", 4);
    await platform.bots.start("transfer", { interval: 0, recipients: "fresh", wallets: 2 });
    const last = await confirmed;
    await platform.bots.stop("transfer");
    await platform.bots.settled("transfer");
    await platform.explorer.waitForBlock(last);
    const pool = (await platform.bots.controls("transfer")).wallets?.addresses ?? [];
    expect(pool).toHaveLength(2);
    const { address } = await platform.bots.get("transfer");
    const senders = new Set([address, ...pool].map((sender) => sender.toLowerCase()));

    const { blocks } = (await call(`${url}/chain/block-gas?blocks=120`)).body as BlockGasBody;
    let fromPool = 0;
    for (const block of blocks) {
      // What the explorer's block shows, sender by sender, is what the route split.
      const { transactions } = await platform.explorer.block(BigInt(block.number));
      const expected = transactions
        .filter((transaction) => senders.has(transaction.from.toLowerCase()))
        .reduce((sum, transaction) => sum + transaction.gasUsed, 0n);
      expect(BigInt(block.bots.transfer ?? "0"), `block ${block.number}`).toBe(expected);
      fromPool += transactions.filter((transaction) =>
        pool.some((wallet) => wallet.toLowerCase() === transaction.from.toLowerCase()),
      ).length;
    }
    expect(fromPool).toBeGreaterThan(0);
  });

  test("a malformed block count is refused with 400 and a JSON error", async () => {
    const platform = await startPlatform(devnet.rpcUrl, { pollingInterval: 50, bots: { env: {} } });
    const { url } = await serveAdmin(platform);
    for (const blocks of ["0", "121", "-1", "1.5", "abc", "%2030", "01"]) {
      const answer = await call(`${url}/chain/block-gas?blocks=${blocks}`);
      expect(answer, blocks).toMatchObject({ status: 400, body: { code: "VALIDATION_FAILED" } });
      expect(typeof (answer.body as { error: unknown }).error).toBe("string");
    }
    // The SDK refuses the same counts rather than clamping them.
    for (const blocks of [0, 121, -1, 1.5]) {
      await expect(platform.explorer.blockGas({ blocks }), String(blocks)).rejects.toMatchObject({
        code: "INVALID_QUERY",
      });
    }
  });
});
