/**
 * `throughput_tracking_error`: how closely a bot holds a throughput set in transactions per block.
 * A devnet with the seed's parameters (2 s blocks, 60M gas), a platform as `privnet up` makes it
 * (sqlite storage, a fresh file; default bot funding), and the transfer bot started with
 * `{ txPerBlock: 500 }`. After 3 blocks of warm-up (its first top-up, the first release), the next
 * B blocks (default 30) are counted from the chain: the bot's transactions in each.
 *
 * Figures: `throughput_tracking_error` = |mean measured − target| / target (target ≤ 0.1), and
 * `throughput_tx_per_block` = the mean measured against the target as its baseline (ratio 1 is
 * exact). The spread per block (min, max, standard deviation) is printed too.
 *
 *   pnpm bench:throughput                 # 500 tx/block over 30 blocks
 *   pnpm bench:throughput --target 200 --blocks 10
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { createPlatform } from "@privnet/core";
import { startDevnet } from "@privnet/devnet";
import { sqliteStorage } from "@privnet/storage-sqlite";
import { createPublicClient, http } from "viem";
import { figure, recordFigures } from "./harness/index.js";

const { values: args } = parseArgs({
  options: {
    blocks: { type: "string", default: "30" },
    target: { type: "string", default: "500" },
  },
});
const blocks = Number(args.blocks);
const target = Number(args.target);
const WARM_UP_BLOCKS = 3n;

const dataDir = mkdtempSync(join(tmpdir(), "privnet-bench-throughput-"));
const devnet = await startDevnet({ port: 0 });
try {
  const client = createPublicClient({
    chain: devnet.chain,
    transport: http(devnet.rpcUrl),
    pollingInterval: 200,
  });
  const platform = await createPlatform({
    transport: http(devnet.rpcUrl),
    storage: sqliteStorage({ path: join(dataDir, "privnet.db") }),
    // As `privnet up` asks an embedded devnet: 20 times a block.
    pollingInterval: 100,
    bots: { env: {} },
  });
  try {
    const bot = (await platform.bots.get("transfer")).address.toLowerCase();
    const start = await client.getBlockNumber({ cacheTime: 0 });
    await platform.bots.start("transfer", { txPerBlock: target, amount: "0.0001", recipients: "fresh" });
    const from = start + 1n + WARM_UP_BLOCKS;
    const counts: number[] = [];
    let number = from;
    while (counts.length < blocks) {
      const block = await client
        .getBlock({ blockNumber: number, includeTransactions: true })
        .catch(() => undefined);
      if (!block) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        continue;
      }
      const count = block.transactions.filter((transaction) => transaction.from.toLowerCase() === bot).length;
      counts.push(count);
      console.log(
        `block ${block.number}: ${count} of the bot's transactions (${block.transactions.length} in all)`,
      );
      number++;
    }
    await platform.bots.stop("transfer");
    const { stats } = await platform.bots.get("transfer");
    const mean = counts.reduce((sum, count) => sum + count, 0) / counts.length;
    const deviation = Math.sqrt(counts.reduce((sum, count) => sum + (count - mean) ** 2, 0) / counts.length);
    const error = Math.abs(mean - target) / target;
    console.log(
      `target ${target} tx/block; measured mean ${mean.toFixed(1)}, min ${Math.min(...counts)}, max ${Math.max(...counts)}, standard deviation ${deviation.toFixed(1)}; bot sent ${stats.sent}, failed ${stats.failed}, errors ${stats.errors}`,
    );
    const work = `transfer bot at { txPerBlock: ${target} }, 2 s blocks, 60M gas, sqlite storage: its transactions per block over ${counts.length} blocks (${from}–${from + BigInt(counts.length) - 1n}) after ${WARM_UP_BLOCKS} of warm-up`;
    recordFigures({
      throughput_tracking_error: figure(error, 1, "ratio", `|mean − target| / target; ${work}`),
      throughput_tx_per_block: figure(mean, target, "tx/block", `mean measured vs the target; ${work}`),
    });
  } finally {
    await platform.close();
  }
} finally {
  await devnet.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
