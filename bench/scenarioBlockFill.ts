/**
 * `scenario_block_fill_<scenario>`: how full the gas-bound traffic scenarios keep the chain's
 * blocks, as `bot_block_fill` measures the transfer bot. For each scenario, a fresh devnet with the
 * seed's parameters (2 s blocks, 60M gas) and a platform as `privnet up` makes it (sqlite storage,
 * a fresh file; default bot funding), the scenario started with only `{ "interval": 0 }` (its
 * defaults otherwise). Its setup deploys its contract; the first block with one of its calls is a
 * partial one (the ticks began mid-block); the next B blocks (default 20) are measured: mean
 * gasUsed as a ratio to the gas limit.
 *
 *   pnpm bench:scenario-fill                                  # erc1155, gas-burner, storage-spam, call
 *   pnpm bench:scenario-fill --scenarios gas-burner --blocks 10
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { type BotEvent, createPlatform } from "@privnet/core";
import { startDevnet } from "@privnet/devnet";
import { builtinScenarios } from "@privnet/scenarios";
import { sqliteStorage } from "@privnet/storage-sqlite";
import { createPublicClient, http } from "viem";
import { type Figure, figure, recordAsMeasured } from "./harness/index.js";

const { values: args } = parseArgs({
  options: {
    blocks: { type: "string", default: "20" },
    scenarios: { type: "string", default: "erc1155,gas-burner,storage-spam,call" },
  },
});
const blocks = Number(args.blocks);
const scenarios = args.scenarios.split(",").map((name) => name.trim());

// Each figure is written as soon as it is measured: a later part that fails loses none.
const figures = recordAsMeasured();
for (const scenario of scenarios) {
  figures[`scenario_block_fill_${scenario.replaceAll("-", "_")}`] = await measure(scenario);
}

async function measure(scenario: string): Promise<Figure> {
  console.log(`\n--- ${scenario} ---`);
  const dataDir = mkdtempSync(join(tmpdir(), "privnet-bench-scenario-"));
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
      bots: { env: {}, catalogues: [builtinScenarios] },
    });
    try {
      const errors = new Map<string, number>();
      platform.events.on("bot", (event: BotEvent) => {
        if (event.bot === scenario && event.type === "error") {
          const code = event.error?.code ?? event.error?.message ?? "UNKNOWN";
          errors.set(code, (errors.get(code) ?? 0) + 1);
        }
      });
      const botAddress = (await platform.bots.get(scenario)).address.toLowerCase();
      const startBlock = await client.getBlockNumber({ cacheTime: 0 });
      await platform.bots.start(scenario, { interval: 0 });

      // Blocks as they come: the first with one of the bot's calls (not its deployment), then `blocks` more.
      let number = startBlock + 1n;
      let first: bigint | undefined;
      const measured: { number: bigint; gasUsed: bigint; gasLimit: bigint; count: number }[] = [];
      let runningConfig: Record<string, unknown> = {};
      while (measured.length < blocks) {
        const block = await client.getBlock({ blockNumber: number }).catch(() => undefined);
        if (!block) {
          await new Promise((resolve) => setTimeout(resolve, 200));
          continue;
        }
        number++;
        if (first === undefined) {
          const full = await client.getBlock({ blockNumber: block.number, includeTransactions: true });
          if (
            full.transactions.some(
              (transaction) => transaction.from.toLowerCase() === botAddress && transaction.to !== null,
            )
          )
            first = block.number;
          continue;
        }
        if (measured.length === 0) runningConfig = (await platform.bots.get(scenario)).config;
        measured.push({
          number: block.number,
          gasUsed: block.gasUsed,
          gasLimit: block.gasLimit,
          count: block.transactions.length,
        });
        console.log(
          `block ${block.number}: ${block.transactions.length} transactions, ${((Number(block.gasUsed) / Number(block.gasLimit)) * 100).toFixed(1)} % full`,
        );
      }
      await platform.bots.stop(scenario);
      const { stats } = await platform.bots.get(scenario);
      const gasUsed = measured.reduce((sum, block) => sum + Number(block.gasUsed), 0) / measured.length;
      const gasLimit = Number(measured[0]?.gasLimit ?? 0n);
      const perBlock = measured.reduce((sum, block) => sum + block.count, 0) / measured.length;
      console.log(
        `${scenario}: maxPending ${runningConfig.maxPending}, sent ${stats.sent}, confirmed ${stats.confirmed}, failed ${stats.failed}, errors ${stats.errors} (${[...errors].map(([code, count]) => `${code} ${count}`).join(", ") || "none"})`,
      );
      return figure(
        gasUsed,
        gasLimit,
        "gas",
        `${scenario} scenario started with only { interval: 0 } (maxPending ${runningConfig.maxPending} while running), 2 s blocks, ${gasLimit / 1e6}M gas, sqlite storage: mean gasUsed over ${measured.length} blocks (blocks ${measured[0]?.number}–${measured.at(-1)?.number}, after the first partial one, ${perBlock.toFixed(0)} transactions a block) vs the gas limit; errors: ${stats.errors}`,
      );
    } finally {
      await platform.close();
    }
  } finally {
    await devnet.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
