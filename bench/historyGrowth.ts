/**
 * The admin API as the history grows (issue 48): `api_p99_growth`, p99 latency of the routes a
 * team reads on a standing chain with N history records against the same routes with 10,000, on
 * sqlite and on PostgreSQL, through the real HTTP server.
 *
 * One anvil; per storage two platforms, each with its admin server, its own store and the explorer
 * on: one store holds 10,000 records, the other N (100,000 by default, 1,000,000 with
 * `pnpm bench --long`). The records are synthetic and written straight through the storage
 * adapter in big batches (`transactions.insertMany` and the explorer's `putBlocks`, 100
 * transactions a block, in blocks anvil mined empty so that the index agrees with the chain):
 * legitimate for measuring the store, and minutes instead of the hours a million real sends take.
 * 7 in 10 come from the transfer bot's key, 2 in 10 from the erc20 bot's (a token transfer each),
 * 1 in 10 from a stored wallet through the API. The two stores are measured in alternating rounds,
 * so that the shared machine's load weighs on both alike.
 *
 * Routes: `GET /transactions` (first page; a cursor a tenth of the way from the oldest record;
 * one address; one bot's records from the deep cursor), `GET /chain/transactions/:hash` (random
 * filled hashes), `GET /chain/addresses/:address` (the two bots and a recipient),
 * `GET /bots/status`, `GET /chain/block-gas`. `api_p99_growth_sqlite` and
 * `api_p99_growth_postgres`: the p99 of every route's requests together on the N-record store
 * over the same on the 10,000-record one (each route's p99 and median are printed; a single
 * route's p99 of a few hundred requests on this shared machine is its two or three slowest,
 * which the load decides more than the store); `api_p99_growth` the higher of the two. The fill's
 * duration, the sqlite sizes and the retention's cost on the grown store are printed too.
 *
 * With `--keep <dir>` the stores are kept (sqlite files in `dir`, the PostgreSQL schemas), and a
 * later run with the same `--keep` and `--records` measures them again without filling them.
 *
 *   pnpm bench:history-growth                      # N = 100,000, 300 samples a route and store
 *   pnpm bench:history-growth --records 1000000    # what `pnpm bench --long` runs
 *   pnpm bench:history-growth --storage sqlite --samples 400
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { parseArgs } from "node:util";
import { createPlatform, type Platform, type StorageAdapter } from "@privnet/core";
import { startDevnet } from "@privnet/devnet";
import { createAdminServer } from "@privnet/express-adapter";
import { postgresStorage } from "@privnet/storage-postgres";
import { sqliteStorage } from "@privnet/storage-sqlite";
import pg from "pg";
import { type Address, type Hash, http, toHex } from "viem";
import { figure, median, recordAsMeasured } from "./harness/index.js";
import {
  type ChainBlock,
  fillSyntheticHistory,
  repointPostgresBlocks,
  repointSqliteBlocks,
  SYNTHETIC_PER_BLOCK,
  type SyntheticSenders,
  syntheticHash,
  syntheticRecipient,
} from "./harness/syntheticHistory.js";

const { values: args } = parseArgs({
  options: {
    records: { type: "string", default: "100000" },
    samples: { type: "string", default: "300" },
    storage: { type: "string", default: "sqlite,postgres" },
    keep: { type: "string" },
  },
});
const BASE = 10_000;
const records = Number(args.records);
const samples = Number(args.samples);
const kinds = args.storage.split(",").map((kind) => kind.trim());
if (!Number.isSafeInteger(records) || records < BASE || records % SYNTHETIC_PER_BLOCK !== 0)
  throw new Error(`--records must be a multiple of ${SYNTHETIC_PER_BLOCK} from ${BASE}`);
const postgresUrl = process.env.PRIVNET_TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
// With --keep: the sqlite files stay in that folder and the PostgreSQL schemas stay; a later run
// with the same --keep and --records reuses them (their blocks re-pointed at the new anvil's).
const dataDir = args.keep ?? mkdtempSync(join(tmpdir(), "privnet-bench-history-"));
mkdirSync(dataDir, { recursive: true });

const devnet = await startDevnet({ port: 0 });
const figures = recordAsMeasured();
const worst: number[] = [];
try {
  const blocks = await mineEmptyBlocks(records / SYNTHETIC_PER_BLOCK);
  for (const kind of kinds) worst.push(await measureStorage(kind, blocks));
  if (worst.length > 1)
    figures.api_p99_growth = figure(
      Math.max(...worst),
      1,
      "×",
      `the higher of api_p99_growth_${kinds.join(" and api_p99_growth_")} (${records.toLocaleString("en-US")} records against ${BASE.toLocaleString("en-US")})`,
    );
} finally {
  await devnet.stop();
  if (args.keep === undefined) rmSync(dataDir, { recursive: true, force: true });
}

/** Mines `count` empty blocks and answers them (number, hash, parent, time), read in batches. */
async function mineEmptyBlocks(count: number): Promise<ChainBlock[]> {
  const rpc = async (body: unknown) => {
    const response = await fetch(devnet.rpcUrl, {
      method: "POST",
      headers: { "content-type": "application/json", ...devnet.serviceHeaders },
      body: JSON.stringify(body),
    });
    return response.json() as Promise<unknown>;
  };
  const head = BigInt(
    ((await rpc({ jsonrpc: "2.0", id: 1, method: "eth_blockNumber" })) as { result: Hash }).result,
  );
  await rpc({ jsonrpc: "2.0", id: 1, method: "anvil_mine", params: [toHex(count)] });
  const blocks: ChainBlock[] = [];
  for (let start = 1; start <= count; start += 100) {
    const batch = [];
    for (let number = start; number < Math.min(count + 1, start + 100); number++)
      batch.push({
        jsonrpc: "2.0",
        id: number,
        method: "eth_getBlockByNumber",
        params: [toHex(head + BigInt(number)), false],
      });
    const answers = (await rpc(batch)) as {
      id: number;
      result: { hash: Hash; parentHash: Hash; timestamp: Hash };
    }[];
    for (const { result } of answers.sort((a, b) => a.id - b.id))
      blocks.push({
        number: head + BigInt(blocks.length + 1),
        hash: result.hash,
        parentHash: result.parentHash,
        timestamp: Number(result.timestamp),
      });
  }
  return blocks;
}

type Stack = {
  platform: Platform;
  url: string;
  close(): Promise<void>;
  senders: SyntheticSenders;
};

async function openStack(storage: StorageAdapter): Promise<Stack> {
  const platform = await createPlatform({
    transport: http(devnet.rpcUrl, { fetchOptions: { headers: devnet.serviceHeaders } }),
    storage,
    bots: { env: {} },
    explorer: { retention: { transactions: 10_000_000 } },
    // The bench's own retention measure runs below; the platform's stays off.
    history: { botRetention: false },
  });
  await platform.explorer.waitForBlock(await platform.network.blockNumber());
  const admin = await createAdminServer(platform, { port: 0, logger: false });
  const wallet = (await storage.wallets.list())[1]?.address as Address;
  const senders = {
    transfer: (await platform.bots.get("transfer")).address,
    erc20: (await platform.bots.get("erc20")).address,
    wallet,
    token: "0x00000000000000000000000000000000000070c3" as Address,
  };
  return {
    platform,
    url: admin.url,
    senders,
    async close() {
      await admin.close();
      await platform.close();
    },
  };
}

/**
 * A store for `name` ("base", "grown"): fresh, or with --keep the one a run with the same --keep
 * filled (`filled`), its blocks' hashes made the new anvil's first.
 */
async function openStorage(
  kind: string,
  name: string,
  blocks: readonly ChainBlock[],
): Promise<{ storage: StorageAdapter; filled: boolean }> {
  if (kind === "sqlite") {
    const path = join(dataDir, `${name}.db`);
    const filled = args.keep !== undefined && existsSync(path);
    if (filled) repointSqliteBlocks(path, blocks);
    else rmSync(path, { force: true });
    return { storage: sqliteStorage({ path, synchronous: "normal" }), filled };
  }
  const schema = `privnet_bench_history_${name}`;
  const admin = new pg.Pool({ connectionString: postgresUrl, max: 1 });
  try {
    const filled = args.keep !== undefined && (await repointPostgresBlocks(admin, schema, blocks));
    if (!filled) await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    return { storage: postgresStorage({ connectionString: postgresUrl, schema }), filled };
  } finally {
    await admin.end();
  }
}

/** Fills a 10,000-record store and an N-record one, measures both alternately; answers the worst ratio. */
async function measureStorage(kind: string, blocks: ChainBlock[]): Promise<number> {
  const base = await openStorage(kind, "base", blocks);
  const grown = await openStorage(kind, "grown", blocks);
  const small = await openStack(base.storage);
  const large = await openStack(grown.storage);
  try {
    if (!base.filled)
      await fillSyntheticHistory(small.platform.storage, blocks, small.senders, { from: 0, to: BASE });
    const began = performance.now();
    if (!grown.filled)
      await fillSyntheticHistory(large.platform.storage, blocks, large.senders, { from: 0, to: records });
    const fillSeconds = (performance.now() - began) / 1000;
    const filling = grown.filled
      ? "filled by an earlier run (--keep)"
      : `written in ${fillSeconds.toFixed(1)} s (${(records / fillSeconds).toFixed(0)} records/s, load average ${loadavg()
          .map((load) => load.toFixed(1))
          .join(" ")} at the end)`;
    console.log(`${kind}: ${records.toLocaleString("en-US")} records (history and index) ${filling}`);
    const newest = async (stack: Stack) =>
      (await stack.platform.storage.transactions.list({ limit: 1 }))[0]?.id ?? 0;
    const [smallTop, largeTop] = [await newest(small), await newest(large)];
    const routes = (stack: Stack, count: number, top: number) => {
      // A cursor a tenth of the way from the oldest record.
      const deep = top - Math.floor((count * 9) / 10);
      return {
        "GET /transactions": () => "/transactions",
        "GET /transactions?before=(deep)": () => `/transactions?before=${deep}`,
        "GET /transactions?address=(bot)": () => `/transactions?address=${stack.senders.transfer}`,
        "GET /transactions?source=erc20&before=(deep)": () => `/transactions?source=erc20&before=${deep}`,
        "GET /chain/transactions/:hash": () =>
          `/chain/transactions/${syntheticHash(Math.floor(Math.random() * count))}`,
        "GET /chain/addresses/(transfer bot)": () => `/chain/addresses/${stack.senders.transfer}`,
        "GET /chain/addresses/(erc20 bot)": () => `/chain/addresses/${stack.senders.erc20}`,
        "GET /chain/addresses/(recipient)": () => `/chain/addresses/${syntheticRecipient(7)}`,
        "GET /bots/status": () => "/bots/status",
        "GET /chain/block-gas": () => "/chain/block-gas",
      };
    };
    const sides = [
      { stack: small, routes: routes(small, BASE, smallTop), times: new Map<string, number[]>() },
      { stack: large, routes: routes(large, records, largeTop), times: new Map<string, number[]>() },
    ];
    // A warm-up round, then `samples` rounds, each request of a route on one store then the other.
    for (let round = -1; round < samples; round++) {
      for (const name of Object.keys(sides[0]?.routes ?? {})) {
        for (const side of sides) {
          const path = side.routes[name as keyof typeof side.routes]();
          const started = performance.now();
          const response = await fetch(`${side.stack.url}${path}`);
          await response.arrayBuffer();
          const ms = performance.now() - started;
          if (response.status !== 200) throw new Error(`${kind} ${path} answered ${response.status}`);
          if (round >= 0) side.times.set(name, [...(side.times.get(name) ?? []), ms]);
        }
      }
    }
    let worstRatio = 0;
    let worstRoute = "";
    const pooled = sides.map((side) => p99([...side.times.values()].flat()));
    const pooledRatio = (pooled[1] as number) / (pooled[0] as number);
    console.log(
      `${kind}: p99 of ${samples} requests a route, ${BASE.toLocaleString("en-US")} → ${records.toLocaleString("en-US")} records`,
    );
    for (const name of Object.keys(sides[0]?.routes ?? {})) {
      const [before, after] = sides.map((side) => p99(side.times.get(name) ?? []));
      const [medianBefore, medianAfter] = sides.map((side) => median(side.times.get(name) ?? []));
      const ratio = (after as number) / (before as number);
      const ms = (value: number | undefined) => `${(value as number).toFixed(2).padStart(8)} ms`;
      console.log(
        `  ${name.padEnd(46)} p99 ${ms(before)} → ${ms(after)}  ×${ratio.toFixed(2)}   (median ${ms(medianBefore)} → ${ms(medianAfter)})`,
      );
      if (ratio > worstRatio) {
        worstRatio = ratio;
        worstRoute = name;
      }
    }
    console.log(
      `  ${"every route together".padEnd(46)} p99 ${pooled[0]?.toFixed(2).padStart(8)} ms → ${pooled[1]?.toFixed(2).padStart(8)} ms  ×${pooledRatio.toFixed(2)}`,
    );
    if (kind === "sqlite") printSqliteSizes(join(dataDir, "grown.db"));
    const retention = await measureRetention(large.platform.storage);
    figures[`api_p99_growth_${kind}`] = figure(
      pooled[1] as number,
      pooled[0] as number,
      "ms",
      `${kind}: p99 of the routes' requests together (${Object.keys(sides[0]?.routes ?? {}).length} routes, ${samples} requests each) at ${records.toLocaleString("en-US")} history records (and as many indexed transactions) against the same at ${BASE.toLocaleString("en-US")}, the two stores in alternating requests through the admin API's HTTP server; the worst single route's p99 ratio ×${worstRatio.toFixed(2)} (${worstRoute}); synthetic records ${filling}; ${retention}`,
    );
    return pooledRatio;
  } finally {
    await small.close();
    await large.close();
  }
}

/**
 * What the bots' retention costs on the grown store: a pass with nothing to delete (it counts the
 * bots' records on the source index), then batches of 100 deleted (`transactions.removeOldest`
 * as the platform calls it), each timed; printed, and answered for the figure's description.
 */
async function measureRetention(storage: StorageAdapter): Promise<string> {
  const removeOldest = storage.transactions.removeOldest?.bind(storage.transactions);
  if (!removeOldest) return "no retention";
  const sources = ["transfer", "erc20"];
  const timed = async (keep: number) => {
    const began = performance.now();
    const removed = await removeOldest({ sources, keep, limit: 100 });
    return { removed, ms: performance.now() - began };
  };
  const idle = await timed(records);
  const batches: number[] = [];
  for (let batch = 0; batch < 5; batch++) batches.push((await timed(0)).ms);
  const text = `retention at ${records.toLocaleString("en-US")} records: a pass with nothing to delete ${idle.ms.toFixed(1)} ms; a batch of 100 deleted ${batches.map((ms) => ms.toFixed(1)).join(", ")} ms`;
  console.log(text);
  return text;
}

/** The history's and the explorer's bytes per record in the grown sqlite file (`dbstat` pages, with indexes). */
function printSqliteSizes(path: string) {
  const db = new DatabaseSync(path, { readOnly: true });
  try {
    const bytes = (pattern: string) =>
      Number(
        (
          db.prepare("SELECT sum(pgsize) AS size FROM dbstat WHERE name LIKE ?").get(pattern) as {
            size: number;
          }
        ).size ?? 0,
      );
    const history = bytes("transactions%");
    const explorer = bytes("explorer_%");
    console.log(
      `sqlite at ${records.toLocaleString("en-US")} records: the history ${(history / 1e6).toFixed(0)} MB (${(history / records).toFixed(0)} B a record, with its indexes), the explorer's index ${(explorer / 1e6).toFixed(0)} MB (${(explorer / records).toFixed(0)} B a transaction)`,
    );
  } finally {
    db.close();
  }
}

function p99(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(sorted.length * 0.99) - 1)] ?? 0;
}
