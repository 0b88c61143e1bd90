/**
 * The uniswap-v2 scenario at full speed, on a devnet with the seed's parameters (2 s blocks, 60M
 * gas) and a platform as `privnet up` makes it (sqlite storage, default bot funding). The scenario
 * sets up (deploys, seeds its pools) while the devnet mines at once, then runs at
 * `{ interval: 0 }`, swaps only, at the 2 s block time; B blocks (default 20) are measured after
 * the first with its transactions (a partial one).
 *
 * - `uniswap_block_fill`: mean gasUsed as a ratio to the gas limit (target ≥ 0.9).
 * - `uniswap_swaps_per_block`: the scenario's swaps per block against the chain's capacity for
 *   swaps: the gas limit over the median gas of one swap (measured from the run's receipts).
 *
 *   pnpm bench:uniswap                 # 20 blocks
 *   pnpm bench:uniswap --blocks 10
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { type BotEvent, createPlatform } from "@privnet/core";
import { startDevnet } from "@privnet/devnet";
import { builtinScenarios } from "@privnet/scenarios";
import { sqliteStorage } from "@privnet/storage-sqlite";
import { http } from "viem";
import { figure, median, recordFigures } from "./harness/index.js";

const { values: args } = parseArgs({ options: { blocks: { type: "string", default: "20" } } });
const blocks = Number(args.blocks);

const dataDir = mkdtempSync(join(tmpdir(), "privnet-bench-uniswap-"));
const devnet = await startDevnet({ port: 0, blockTime: 2, automineFirst: true });
try {
  const platform = await createPlatform({
    transport: http(devnet.rpcUrl),
    storage: sqliteStorage({ path: join(dataDir, "privnet.db") }),
    bots: { env: {}, catalogues: [builtinScenarios] },
  });
  try {
    const client = platform.client;
    const errors = new Map<string, number>();
    platform.events.on("bot", (event: BotEvent) => {
      if (event.type !== "error") return;
      const code = event.error?.code ?? event.error?.message ?? "UNKNOWN";
      errors.set(code, (errors.get(code) ?? 0) + 1);
    });
    // Set-up at once: contracts and pools, one swap every 10 ms until the pools are there.
    const deployed = new Promise<void>((resolve) => {
      const listener = (event: BotEvent) => {
        if (
          event.bot === "uniswap-v2" &&
          event.type === "transaction" &&
          event.transaction?.status === "confirmed"
        ) {
          void platform.bots.get("uniswap-v2").then(({ stats }) => {
            // Deployments (7), approvals (3 + 5), seeds (5), then swaps.
            if (stats.confirmed > 25) {
              platform.events.off("bot", listener);
              resolve();
            }
          });
        }
      };
      platform.events.on("bot", listener);
    });
    const weights = { swap: 1, add: 0, remove: 0 };
    await platform.bots.start("uniswap-v2", { interval: 10, weights });
    await deployed;
    await platform.bots.stop("uniswap-v2");
    await platform.bots.settled("uniswap-v2");
    await devnet.useBlockTime();

    const botAddress = (await platform.bots.get("uniswap-v2")).address.toLowerCase();
    const startBlock = await client.getBlockNumber({ cacheTime: 0 });
    await platform.bots.start("uniswap-v2", { interval: 0, weights });

    let number = startBlock + 1n;
    let first: bigint | undefined;
    const measured: { number: bigint; gasUsed: bigint; gasLimit: bigint; swaps: number }[] = [];
    const swapGas: bigint[] = [];
    let maxPending: unknown;
    while (measured.length < blocks) {
      const block = await client
        .getBlock({ blockNumber: number, includeTransactions: true })
        .catch(() => undefined);
      if (!block) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        continue;
      }
      number++;
      const swaps = block.transactions.filter((transaction) => transaction.from.toLowerCase() === botAddress);
      if (first === undefined) {
        if (swaps.length > 0) first = block.number;
        continue;
      }
      if (measured.length === 0) maxPending = (await platform.bots.get("uniswap-v2")).config.maxPending;
      measured.push({
        number: block.number,
        gasUsed: block.gasUsed,
        gasLimit: block.gasLimit,
        swaps: swaps.length,
      });
      // A sample of each block's swaps: their gas, from the receipts.
      const receipts = await Promise.all(
        swaps.slice(0, 20).map((swap) => client.getTransactionReceipt({ hash: swap.hash })),
      );
      for (const receipt of receipts) if (receipt.status === "success") swapGas.push(receipt.gasUsed);
      console.log(
        `block ${block.number}: ${swaps.length} swaps of ${block.transactions.length} transactions, ${((Number(block.gasUsed) / Number(block.gasLimit)) * 100).toFixed(1)} % full`,
      );
    }
    await platform.bots.stop("uniswap-v2");
    const { stats } = await platform.bots.get("uniswap-v2");
    const gasLimit = Number(measured[0]?.gasLimit ?? 0n);
    const gasUsed = measured.reduce((sum, block) => sum + Number(block.gasUsed), 0) / measured.length;
    const swapsPerBlock = measured.reduce((sum, block) => sum + block.swaps, 0) / measured.length;
    const gasPerSwap = median(swapGas.map(Number));
    const capacity = gasLimit / gasPerSwap;
    console.log(
      `bot: maxPending ${maxPending}, sent ${stats.sent}, confirmed ${stats.confirmed}, failed ${stats.failed}, errors ${stats.errors} (${[...errors].map(([code, count]) => `${code} ${count}`).join(", ") || "none"}); median gas per swap ${gasPerSwap}`,
    );
    const span = `blocks ${measured[0]?.number}–${measured.at(-1)?.number}, after the first partial one`;
    recordFigures({
      uniswap_block_fill: figure(
        gasUsed,
        gasLimit,
        "gas",
        `uniswap-v2 scenario (swaps only) at { interval: 0 }, 2 s blocks, ${gasLimit / 1e6}M gas, sqlite storage: mean gasUsed over ${measured.length} blocks (${span}) vs the gas limit`,
      ),
      uniswap_swaps_per_block: figure(
        swapsPerBlock,
        capacity,
        "swaps",
        `uniswap-v2 swaps per block over the same ${measured.length} blocks vs the chain's capacity for swaps: gas limit / median gas of a swap (${gasPerSwap}, from ${swapGas.length} receipts)`,
      ),
    });
  } finally {
    await platform.close();
  }
} finally {
  await devnet.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
