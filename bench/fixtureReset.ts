/**
 * What isolating tests costs when one platform serves a whole file: `fixture_reset_ms` is one
 * reset between two tests — `platform.revert(snapshot)` then `platform.snapshot()` for the next
 * test — with the memory storage that fixtures use by default. Each "test" before it sends one
 * transfer and waits for it, so that there is something to take back (a block, a record, a
 * nonce). Baseline, in the same run on the same anvil: the bare chain reset a viem user writes,
 * `evm_revert` + `evm_snapshot`, after the same kind of test. The ratio says what the platform's
 * own half (storage, watcher, pool, nonces) adds.
 *
 * Also recorded, without a target: the same reset with `sqliteStorage` (`fixture_reset_sqlite_ms`)
 * and, when a PostgreSQL server answers, `postgresStorage` (`fixture_reset_postgres_ms`, in the
 * schema `privnet_bench_fixture_reset`, which each run leaves as it found it).
 *
 *   pnpm bench:fixture-reset                 # 200 resets each, medians
 *   pnpm bench:fixture-reset --resets 500
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { createPlatform, memoryStorage, type Platform, type StorageAdapter } from "@privnet/core";
import { startDevnet } from "@privnet/devnet";
import { postgresStorage } from "@privnet/storage-postgres";
import { sqliteStorage } from "@privnet/storage-sqlite";
import { createWalletClient, type Hex, http, parseEther } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { figure, median, recordAsMeasured } from "./harness/index.js";

const { values: args } = parseArgs({ options: { resets: { type: "string", default: "200" } } });
const resets = Number(args.resets);
const recipient: Hex = "0x000000000000000000000000000000000000bE0c";
const postgresUrl = process.env.PRIVNET_TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

const dataDir = mkdtempSync(join(tmpdir(), "privnet-bench-fixture-"));
const devnet = await startDevnet({ port: 0, blockTime: 0 });
try {
  const rpc = async <T>(method: string, params: unknown[] = []) => {
    const response = await fetch(devnet.rpcUrl, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
    });
    return ((await response.json()) as { result: T }).result;
  };

  // Baseline: a viem test (one transfer, its receipt), then evm_revert + evm_snapshot.
  const wallet = createWalletClient({
    chain: devnet.chain,
    transport: http(devnet.rpcUrl),
    account: privateKeyToAccount(devnet.accounts[1]?.privateKey as Hex),
  });
  const bare: number[] = [];
  let chainSnapshot = await rpc<Hex>("evm_snapshot");
  for (let index = 0; index < resets; index++) {
    await wallet.sendTransaction({ to: recipient, value: parseEther("1") });
    const started = performance.now();
    await rpc("evm_revert", [chainSnapshot]);
    chainSnapshot = await rpc<Hex>("evm_snapshot");
    bare.push(performance.now() - started);
  }
  await rpc("evm_revert", [chainSnapshot]);

  /** Median ms of `platform.revert` + `platform.snapshot` after a test that sends and waits. */
  const platformResets = async (storage: StorageAdapter): Promise<number> => {
    const platform: Platform = await createPlatform({ transport: http(devnet.rpcUrl), storage });
    try {
      const timings: number[] = [];
      const historyBefore = (await platform.transactions.list()).length;
      let snapshot = await platform.snapshot();
      for (let index = 0; index < resets; index++) {
        const sent = await platform.sender.sendFromWallet({ fromWalletId: 2, to: recipient, amount: "1" });
        const settled = await platform.transactions.wait(sent.id);
        if (settled.status !== "confirmed") throw new Error(`a test's transfer ended ${settled.status}`);
        const started = performance.now();
        await platform.revert(snapshot);
        snapshot = await platform.snapshot();
        timings.push(performance.now() - started);
      }
      // The reset is real: the history is as it was before the first test.
      if ((await platform.transactions.list()).length !== historyBefore)
        throw new Error("the history was not reset");
      return median(timings);
    } finally {
      await platform.close();
    }
  };

  const baseline = median(bare);
  // Each figure is written as soon as it is measured: a later part that fails loses none.
  const figures = recordAsMeasured();
  const work = (storage: string) =>
    `platform.revert + platform.snapshot (${storage}) between tests that each send and wait, median of ${resets} — vs evm_revert + evm_snapshot`;
  figures.fixture_reset_ms = figure(await platformResets(memoryStorage()), baseline, "ms", work("memory"));
  figures.fixture_reset_sqlite_ms = figure(
    await platformResets(sqliteStorage({ path: join(dataDir, "privnet.db") })),
    baseline,
    "ms",
    work("sqlite, synchronous=FULL"),
  );
  // One schema of its own, reused by every run (each run leaves it as it found it: reset).
  const postgres = postgresStorage({ connectionString: postgresUrl, schema: "privnet_bench_fixture_reset" });
  const reachable = await postgres.state.get("probe").then(
    () => true,
    (error: unknown) => {
      console.log(`PostgreSQL not measured: ${(error as Error).message}`);
      return false;
    },
  );
  if (reachable) {
    figures.fixture_reset_postgres_ms = figure(
      await platformResets(postgres),
      baseline,
      "ms",
      work("postgres"),
    );
  } else {
    await postgres.close();
  }
} finally {
  await devnet.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
