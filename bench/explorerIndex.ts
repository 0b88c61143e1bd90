/**
 * The explorer's index under load (issue 27). A devnet with 2 s blocks at twice the seed's gas
 * limit (120M, `evm_setBlockGasLimit`), a platform as `privnet up` makes it (sqlite storage, a
 * fresh file; the explorer on), and the transfer bot started with `{ "interval": 0 }`, which fills
 * the blocks (~5,700 transfers each, ~2,857/s).
 *
 * - `index_lag_blocks`: the head's number minus the highest indexed block, sampled every 100 ms
 *   over B blocks (default 30) once the bot's transactions fill them: the most seen. Target ≤ 1
 *   (right after a block appears the index trails it by one until it has read and stored it).
 *   Baseline: 1 block, the bound itself, so the ratio reads as "fraction of the allowance used".
 * - `index_store_ms_per_block`: the indexer's time to read and store one full block, against the
 *   time the same node takes just to answer that block with its receipts (one JSON-RPC batch,
 *   measured in the same run): what storing costs on top of reading.
 * - `index_bytes_per_tx_sqlite` / `index_bytes_per_tx_postgres`: the explorer tables' size per
 *   indexed transaction (SQLite: `dbstat` pages; PostgreSQL: `pg_total_relation_size` with
 *   indexes, after the same blocks are written into a fresh schema), against the history's own
 *   size per record in the same store (the baseline: what privnet already keeps per sent
 *   transaction).
 *
 *   pnpm bench:explorer-index               # 30 blocks
 *   pnpm bench:explorer-index --blocks 10
 *   pnpm bench:explorer-index --gas-limit 60000000   # the seed's gas limit: index_lag_blocks_60m_gas (every figure of the run gets the suffix)
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { createPlatform, type IndexedBlockData } from "@privnet/core";
import { readChainBlocks } from "@privnet/core/internal";
import { startDevnet } from "@privnet/devnet";
import { postgresStorage } from "@privnet/storage-postgres";
import { sqliteStorage } from "@privnet/storage-sqlite";
import pg from "pg";
import { createPublicClient, http, toHex } from "viem";
import { figure, recordAsMeasured } from "./harness/index.js";

const { values: args } = parseArgs({
  options: {
    blocks: { type: "string", default: "30" },
    // 60000000: the seed's gas limit, for `index_lag_blocks_1x` (the figure keeps twice it).
    "gas-limit": { type: "string", default: "120000000" },
  },
});
const blocks = Number(args.blocks);
const GAS_LIMIT = BigInt(args["gas-limit"]);
const suffix = GAS_LIMIT === 120_000_000n ? "" : `_${Number(GAS_LIMIT / 1_000_000n)}m_gas`;
const postgresUrl = process.env.PRIVNET_TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const POSTGRES_SCHEMA = "privnet_bench_explorer";

const dataDir = mkdtempSync(join(tmpdir(), "privnet-bench-explorer-"));
const dbPath = join(dataDir, "privnet.db");
const devnet = await startDevnet({ port: 0 });
// Each figure is written as soon as it is measured: a later part that fails loses none.
const figures = recordAsMeasured();
try {
  await fetch(devnet.rpcUrl, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "evm_setBlockGasLimit",
      params: [toHex(GAS_LIMIT)],
    }),
  });
  const client = createPublicClient({ chain: devnet.chain, transport: http(devnet.rpcUrl) });
  const platform = await createPlatform({
    transport: http(devnet.rpcUrl),
    storage: sqliteStorage({ path: dbPath }),
    bots: { env: {} },
  });
  let fullest = { number: 0n, count: 0 };
  try {
    await platform.bots.start("transfer", { interval: 0 });
    // Measure from the block after the first that carries the bot's transactions (the bot
    // started mid-block), as bot_block_fill does.
    const botAddress = (await platform.bots.get("transfer")).address.toLowerCase();
    for (let number = (await client.getBlockNumber({ cacheTime: 0 })) + 1n; ; ) {
      const block = await client
        .getBlock({ blockNumber: number, includeTransactions: true })
        .catch(() => undefined);
      if (!block) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        continue;
      }
      number++;
      if (block.transactions.some((transaction) => transaction.from.toLowerCase() === botAddress)) break;
    }
    const start = await client.getBlockNumber({ cacheTime: 0 });
    const lags: number[] = [];
    let head = start;
    while (head < start + BigInt(blocks)) {
      const seen = head;
      head = await client.getBlockNumber({ cacheTime: 0 });
      if (head !== seen) {
        const block = await client.getBlock({ blockNumber: head });
        console.log(
          `block ${head}: ${block.transactions.length} transactions, ${((Number(block.gasUsed) / Number(block.gasLimit)) * 100).toFixed(1)} % full; indexed to ${platform.explorer.status()?.indexedTo}`,
        );
      }
      const indexedTo = platform.explorer.status()?.indexedTo ?? -1n;
      lags.push(Number(head - indexedTo));
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await platform.bots.stop("transfer");
    await platform.explorer.waitForBlock(head);
    const measuredBlocks = await platform.explorer.blocks({ limit: blocks });
    for (const block of measuredBlocks.blocks) {
      if (block.transactionCount > fullest.count)
        fullest = { number: block.number, count: block.transactionCount };
    }
    const transfers = measuredBlocks.blocks.reduce((sum, block) => sum + block.transactionCount, 0);
    const seconds = Number(
      (measuredBlocks.blocks[0]?.timestamp ?? 0) - (measuredBlocks.blocks.at(-1)?.timestamp ?? 0),
    );
    const maxLag = Math.max(...lags);
    const meanLag = lags.reduce((sum, lag) => sum + lag, 0) / lags.length;
    console.log(
      `${lags.length} samples over blocks ${start}–${head}: lag max ${maxLag}, mean ${meanLag.toFixed(2)}; ${transfers} transactions in the last ${measuredBlocks.blocks.length} blocks (${(transfers / Math.max(1, seconds)).toFixed(0)}/s); fullest block ${fullest.number}: ${fullest.count}`,
    );
    figures[`index_lag_blocks${suffix}`] = figure(
      maxLag,
      1,
      "blocks",
      `transfer bot at { interval: 0 }, 2 s blocks of ${Number(GAS_LIMIT / 1_000_000n)}M gas (~${(transfers / Math.max(1, measuredBlocks.blocks.length)).toFixed(0)} transfers each), sqlite storage: most blocks the index trailed the head, sampled every 100 ms over ${blocks} blocks (mean ${meanLag.toFixed(2)}); baseline: the bound of 1 block`,
    );
  } finally {
    await platform.close();
  }

  // Reading one full block (block + receipts, one batch) against reading and storing it.
  const store = sqliteStorage({ path: join(dataDir, "timing.db") });
  try {
    const reader = createPublicClient({
      transport: http(devnet.rpcUrl, { batch: { batchSize: 64, wait: 0 } }),
    });
    const runs = 5;
    let readMs = 0;
    let indexMs = 0;
    let data: IndexedBlockData[] = [];
    for (let run = 0; run < runs; run++) {
      const began = performance.now();
      await Promise.all([
        reader.request({ method: "eth_getBlockByNumber", params: [toHex(fullest.number), true] }),
        reader.request({
          method: "eth_getBlockReceipts" as "eth_blockNumber",
          params: [toHex(fullest.number)] as never,
        }),
      ]);
      readMs += performance.now() - began;
      const indexed = performance.now();
      data = await readChainBlocks(reader as never, [fullest.number]);
      await store.explorer?.putBlocks(data);
      indexMs += performance.now() - indexed;
    }
    figures[`index_store_ms_per_block${suffix}`] = figure(
      indexMs / runs,
      readMs / runs,
      "ms",
      `one block of ${fullest.count} transfers: read (block + receipts, one batch), decoded and stored in sqlite (synchronous=FULL), mean of ${runs}; baseline: the same batch read alone`,
    );
  } finally {
    await store.close();
  }
} finally {
  await devnet.stop();
}

try {
  // Sizes: SQLite from the run's own file; PostgreSQL by writing the same blocks into a fresh schema.
  const { DatabaseSync } = await import("node:sqlite");
  const db = new DatabaseSync(dbPath, { readOnly: true });
  const bytes = (prefix: string) =>
    Number(
      (
        db
          .prepare("SELECT sum(pgsize) AS size FROM dbstat WHERE name LIKE ? OR name LIKE ?")
          .get(`${prefix}%`, `sqlite_autoindex_${prefix}%`) as { size: number | null }
      ).size ?? 0,
    );
  const count = (table: string) =>
    Number((db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n);
  const indexedCount = count("explorer_transactions");
  const historyCount = count("transactions");
  const explorerBytes = bytes("explorer_");
  const historyBytes = bytes("transactions");
  db.close();
  figures[`index_bytes_per_tx_sqlite${suffix}`] = figure(
    explorerBytes / indexedCount,
    historyBytes / historyCount,
    "B",
    `explorer tables with their indexes (dbstat pages) per indexed transaction (${indexedCount} transactions, mostly ETH transfers); baseline: the history's table and indexes per record (${historyCount} records) in the same file`,
  );

  const source = sqliteStorage({ path: dbPath });
  const admin = new pg.Pool({ connectionString: postgresUrl, max: 1 });
  try {
    await admin.query(`DROP SCHEMA IF EXISTS ${POSTGRES_SCHEMA} CASCADE`);
    const target = postgresStorage({ connectionString: postgresUrl, schema: POSTGRES_SCHEMA });
    try {
      const range = await source.explorer?.range();
      let before: bigint | undefined;
      for (;;) {
        const page = (await source.explorer?.listBlocks({ limit: 10, before })) ?? [];
        if (page.length === 0) break;
        const data = await Promise.all(
          page.map(async (block) => ({
            block,
            transactions: (
              (await source.explorer?.listTransactions({ limit: 10_000, blockNumber: block.number })) ?? []
            ).reverse(),
          })),
        );
        await target.explorer?.putBlocks(data);
        before = page.at(-1)?.number;
      }
      // The history too, for the baseline: the same records in the same kind of store.
      const history = await source.transactions.list({ limit: 100_000 });
      for (let i = 0; i < history.length; i += 5_000) {
        await target.transactions.insertMany(
          history.slice(i, i + 5_000).map(({ id: _id, ...record }) => record),
        );
      }
      await admin.query(`VACUUM ANALYZE ${POSTGRES_SCHEMA}.explorer_transactions`);
      const size = async (tables: string[]) => {
        const { rows } = await admin.query<{ size: string }>(
          `SELECT sum(pg_total_relation_size(format('%I.%I', $1::text, t))) AS size FROM unnest($2::text[]) AS t`,
          [POSTGRES_SCHEMA, tables],
        );
        return Number(rows[0]?.size ?? 0);
      };
      const postgresExplorer = await size([
        "explorer_blocks",
        "explorer_transactions",
        "explorer_token_transfers",
      ]);
      const postgresHistory = await size(["transactions"]);
      const copied = (await target.explorer?.range())?.transactions ?? 0;
      figures[`index_bytes_per_tx_postgres${suffix}`] = figure(
        postgresExplorer / copied,
        postgresHistory / Math.max(1, history.length),
        "B",
        `explorer tables with their indexes (pg_total_relation_size) per indexed transaction (${copied} transactions of blocks ${range?.lowest}–${range?.highest}, written with putBlocks); baseline: the history's table per record (${history.length} records) in the same schema`,
      );
    } finally {
      await target.close();
      await admin.query(`DROP SCHEMA IF EXISTS ${POSTGRES_SCHEMA} CASCADE`);
    }
  } catch (error) {
    console.log(`PostgreSQL not measured: ${(error as Error).message}`);
  } finally {
    await admin.end();
    await source.close();
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
