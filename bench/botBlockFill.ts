/**
 * `bot_block_fill`: how full the transfer bot keeps the chain's blocks. A devnet with the seed's
 * parameters (2 s blocks, 60M gas), a platform as `privnet up` makes it (sqlite storage, a fresh
 * file; default bot funding), and the transfer bot started with only `{ "interval": 0 }`. The
 * first block with the bot's transactions is a partial one (the bot started mid-block); the next
 * B blocks (default 30) are measured: mean gasUsed as a ratio to the gas limit.
 *
 * It also counts the bot's errors by code over the run: INSUFFICIENT_FUNDS must stay at 0.
 *
 * With `--gas-limit 120000000` (`bot_block_fill_2x`, issue 25) the devnet's blocks take twice the
 * seed's gas (`evm_setBlockGasLimit`): 2,857 transfers/s at 2 s blocks, still below what anvil
 * ingests in JSON-RPC batches here.
 *
 *   pnpm bench:block-fill                 # 30 blocks
 *   pnpm bench:block-fill --blocks 10
 *   pnpm bench:block-fill --gas-limit 120000000
 *   pnpm bench:block-fill --explorer off   # without the explorer's index (on by default, as `privnet up`)
 *   pnpm bench:block-fill --max-in-flight 256   # the sender's window (default: the platform's, 64)
 *   pnpm bench:block-fill --adaptive-window     # the opt-in window that follows the node's latency
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { type BotEvent, createPlatform } from "@privnet/core";
import { startDevnet } from "@privnet/devnet";
import { sqliteStorage } from "@privnet/storage-sqlite";
import { createPublicClient, http } from "viem";
import { figure, recordFigures } from "./harness/index.js";

const { values: args } = parseArgs({
  options: {
    blocks: { type: "string", default: "30" },
    // memory: to see how much of the gap the storage's writes are (the figure uses sqlite).
    storage: { type: "string", default: "sqlite" },
    "gas-limit": { type: "string" },
    // off: to see what the explorer's index costs the bot (the figure keeps it on, as `privnet up`).
    explorer: { type: "string", default: "on" },
    // the sender's window, to compare with the platform's default (the figure keeps the default)
    "max-in-flight": { type: "string" },
    // the opt-in adaptive window (the figure keeps the default, a fixed window)
    "adaptive-window": { type: "boolean", default: false },
  },
});
const blocks = Number(args.blocks);
const inMemory = args.storage === "memory";

const dataDir = mkdtempSync(join(tmpdir(), "privnet-bench-fill-"));
const gasLimitOption = args["gas-limit"] === undefined ? undefined : BigInt(args["gas-limit"]);
const devnet = await startDevnet({ port: 0 });
try {
  if (gasLimitOption !== undefined) {
    await fetch(devnet.rpcUrl, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "evm_setBlockGasLimit",
        params: [`0x${gasLimitOption.toString(16)}`],
      }),
    });
  }
  const client = createPublicClient({
    chain: devnet.chain,
    transport: http(devnet.rpcUrl),
    pollingInterval: 200,
  });
  const platform = await createPlatform({
    transport: http(devnet.rpcUrl),
    ...(inMemory ? {} : { storage: sqliteStorage({ path: join(dataDir, "privnet.db") }) }),
    // Only the start request configures the bot: no TRANSFER_* from this shell.
    bots: { env: {} },
    ...(args.explorer === "off" ? { explorer: false } : {}),
    ...(args["max-in-flight"] === undefined ? {} : { maxInFlight: Number(args["max-in-flight"]) }),
    ...(args["adaptive-window"] ? { adaptiveWindow: true } : {}),
  });
  try {
    const errors = new Map<string, number>();
    let funded = 0;
    platform.events.on("bot", (event: BotEvent) => {
      if (event.type === "error") {
        const code = event.error?.code ?? "UNKNOWN";
        errors.set(code, (errors.get(code) ?? 0) + 1);
      }
      if (event.type === "funded") funded++;
    });
    const botAddress = (await platform.bots.get("transfer")).address.toLowerCase();
    const startBlock = await client.getBlockNumber({ cacheTime: 0 });
    await platform.bots.start("transfer", { interval: 0 });

    // Blocks as they come: the first with a bot transaction, then `blocks` more.
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
        if (full.transactions.some((transaction) => transaction.from.toLowerCase() === botAddress))
          first = block.number;
        continue;
      }
      if (measured.length === 0) runningConfig = (await platform.bots.get("transfer")).config;
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
    await platform.bots.stop("transfer");
    const { stats } = await platform.bots.get("transfer");
    const maxPending = runningConfig.maxPending;
    const gasUsed = measured.reduce((sum, block) => sum + Number(block.gasUsed), 0) / measured.length;
    const gasLimit = Number(measured[0]?.gasLimit ?? 0n);
    const insufficient = errors.get("INSUFFICIENT_FUNDS") ?? 0;
    console.log(
      `bot: maxPending ${maxPending}, sent ${stats.sent}, confirmed ${stats.confirmed}, failed ${stats.failed}, errors ${stats.errors} (${[...errors].map(([code, count]) => `${code} ${count}`).join(", ") || "none"}), top-ups ${funded}`,
    );
    const name = `bot_block_fill${gasLimitOption === undefined ? "" : "_2x"}${inMemory ? "_memory" : ""}${args.explorer === "off" ? "_no_explorer" : ""}${args["max-in-flight"] === undefined ? "" : `_window_${args["max-in-flight"]}`}${args["adaptive-window"] ? "_adaptive_window" : ""}`;
    recordFigures({
      [name]: figure(
        gasUsed,
        gasLimit,
        "gas",
        `transfer bot started with only { interval: 0 } (maxPending ${maxPending} while running), 2 s blocks, ${gasLimit / 1e6}M gas, ${inMemory ? "memory" : "sqlite"} storage: mean gasUsed over ${measured.length} blocks (blocks ${measured[0]?.number}–${measured.at(-1)?.number}, after the first partial one) vs the gas limit; INSUFFICIENT_FUNDS errors: ${insufficient}`,
      ),
    });
  } finally {
    await platform.close();
  }
} finally {
  await devnet.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
