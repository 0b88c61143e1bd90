/**
 * What the soak benchmarks share: sends queued in batches from one wallet the way
 * `bench/senderSoak.ts` has always sent them, the wait until the watcher follows nothing, and a
 * reading of the process's memory once that is so (a pause, a full collection), split into what
 * the JavaScript heap holds and what the process keeps resident besides.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { getHeapSpaceStatistics, setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { type CreatePlatformOptions, createPlatform, memoryStorage, type Platform } from "@privnet/core";
import { startDevnet } from "@privnet/devnet";
import { sqliteStorage } from "@privnet/storage-sqlite";
import { http } from "viem";

const MB = 2 ** 20;

/** What V8's `gc()` takes: `flavor: "last-resort"` is the collection V8 makes under memory pressure. */
type GcOptions = {
  type?: "major" | "minor";
  execution?: "sync" | "async";
  flavor?: "regular" | "last-resort";
};

/**
 * A full collection on demand, so that "resident after" is what is kept, not what is not collected
 * yet. Called with `{ flavor: "last-resort" }` it is the collection V8 makes when the system is
 * short of memory: it also compacts the heap and gives back the pages it no longer needs, which its
 * memory reducer does on its own once the process idles for a few seconds.
 */
export function collectGarbage(): (options?: GcOptions) => void {
  setFlagsFromString("--expose-gc");
  return runInNewContext("gc") as (options?: GcOptions) => void;
}

/** Resolves once the platform follows no unconfirmed transaction. */
export async function allSettled(platform: Platform) {
  while (platform.transactions.watcherStatus().following > 0) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The process's memory, in MB. */
export type MemoryReading = {
  rss: number;
  /** Resident pages of anonymous memory (heap, malloc) and of mapped files (the node binary, libraries), from /proc. */
  rssAnon: number | undefined;
  rssFile: number | undefined;
  /** JavaScript heap in use, and what V8 has committed for it (every space). */
  heapUsed: number;
  heapTotal: number;
  /** Committed by the young generation: it grows under a burst of allocation and is kept. */
  newSpace: number;
  external: number;
  arrayBuffers: number;
};

function procStatus(field: string): number | undefined {
  try {
    const line = readFileSync("/proc/self/status", "utf8")
      .split("\n")
      .find((entry) => entry.startsWith(`${field}:`));
    const kb = line ? Number.parseInt(line.slice(field.length + 1), 10) : Number.NaN;
    return Number.isNaN(kb) ? undefined : kb / 1024;
  } catch {
    return undefined;
  }
}

/** The process's memory now, without waiting or collecting. */
export function readMemory(): MemoryReading {
  const usage = process.memoryUsage();
  const newSpace = getHeapSpaceStatistics().find((space) => space.space_name === "new_space");
  return {
    rss: usage.rss / MB,
    rssAnon: procStatus("RssAnon"),
    rssFile: procStatus("RssFile"),
    heapUsed: usage.heapUsed / MB,
    heapTotal: usage.heapTotal / MB,
    newSpace: (newSpace?.space_size ?? 0) / MB,
    external: usage.external / MB,
    arrayBuffers: usage.arrayBuffers / MB,
  };
}

export function formatMemory(reading: MemoryReading): string {
  const mb = (value: number | undefined) => (value === undefined ? "?" : `${value.toFixed(1)} MB`);
  return `rss ${mb(reading.rss)} (anonymous ${mb(reading.rssAnon)}, files ${mb(reading.rssFile)}), heap used ${mb(reading.heapUsed)} of ${mb(reading.heapTotal)} (young generation ${mb(reading.newSpace)}), external ${mb(reading.external)}, array buffers ${mb(reading.arrayBuffers)}`;
}

/**
 * Waits until every send is settled, pauses 2 s, collects, and reads the memory (printed); then
 * collects as V8 does under memory pressure and reads it again (`reduced`, printed): the resident
 * memory the process keeps, without the pages V8 holds on to for reuse after a burst.
 *
 * @example
 * const after = await settledMemory(platform, gc);
 */
export async function settledMemory(
  platform: Platform,
  collect: (options?: GcOptions) => void,
): Promise<MemoryReading & { reduced: MemoryReading }> {
  await allSettled(platform);
  await new Promise((resolve) => setTimeout(resolve, 2_000)); // the pause
  collect();
  const reading = readMemory();
  console.log(formatMemory(reading));
  collect({ type: "major", execution: "sync", flavor: "last-resort" });
  const reduced = readMemory();
  console.log(`  under memory pressure: ${formatMemory(reduced)}`);
  return { ...reading, reduced };
}

/** A batch's cost per send: wall time and this process's CPU time, in ms. */
export type BatchCost = { wall: number; cpu: number };

/**
 * A function that queues `batchSize` transfers of 0.000001 ETH from the wallet at `fromWalletId`
 * at once (`sendFromWallet`, the sender keeps its window in flight) and resolves with their cost.
 */
export function sendBatch(platform: Platform, fromWalletId: number, batchSize: number, to: `0x${string}`) {
  return async (): Promise<BatchCost> => {
    const started = performance.now();
    const cpu = process.cpuUsage();
    await Promise.all(
      Array.from({ length: batchSize }, () =>
        platform.sender.sendFromWallet({ fromWalletId, to, amount: "0.000001" }),
      ),
    );
    const used = process.cpuUsage(cpu);
    return {
      wall: (performance.now() - started) / batchSize,
      cpu: (used.user + used.system) / 1_000 / batchSize,
    };
  };
}

/** Where the soaks send to. */
const soakRecipient = "0x000000000000000000000000000000000000bE0c";

/**
 * The soaks' set-up: a devnet with 1 s blocks, a platform on it with `options` — its storage
 * (`sqlite`, a fresh file as `privnet up` uses, or `memory`), the explorer — and {@link sendBatch}
 * from system wallet 2, run once as the warm-up (JIT, connections, the wallet's signer). `stop()`
 * closes the platform, then the devnet, and removes the sqlite file.
 *
 * @example
 * const soak = await startSoak({ storage: "memory" }, 1000);
 * try { await soak.batch(); } finally { await soak.stop(); }
 */
export async function startSoak(
  options: Omit<CreatePlatformOptions, "transport" | "storage"> & { storage: "sqlite" | "memory" },
  batchSize: number,
): Promise<{ platform: Platform; batch: () => Promise<BatchCost>; stop(): Promise<void> }> {
  const { storage, ...platformOptions } = options;
  const dataDir = storage === "sqlite" ? mkdtempSync(join(tmpdir(), "privnet-bench-soak-")) : undefined;
  let devnet: Awaited<ReturnType<typeof startDevnet>> | undefined;
  let platform: Platform | undefined;
  const stop = async () => {
    try {
      await platform?.close();
    } finally {
      await devnet?.stop();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    }
  };
  try {
    const chain = await startDevnet({ port: 0, blockTime: 1 });
    devnet = chain;
    platform = await createPlatform({
      ...platformOptions,
      storage: dataDir ? sqliteStorage({ path: join(dataDir, "privnet.db") }) : memoryStorage(),
      transport: http(chain.rpcUrl),
    });
    const created = platform;
    const wallet = (await created.wallets.list()).find((w) => w.address === chain.accounts[2]?.address);
    if (!wallet) throw new Error("system wallet 2 is missing");
    const batch = sendBatch(created, wallet.id, batchSize, soakRecipient);
    await batch();
    return { platform: created, batch, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * The process's resident anonymous memory by kind of mapping, in MB, from /proc/self/smaps: the
 * main malloc heap (`[heap]`), malloc's thread arenas (glibc aligns each to 64 MB: a mapping that
 * starts on such a boundary is counted as one; V8's own pages land there only by chance), and the
 * rest (V8's heap pages, big malloc blocks mapped on their own, thread stacks). Undefined where
 * /proc is not there.
 */
export function residentByMapping(): Record<string, number> | undefined {
  let text: string;
  try {
    text = readFileSync("/proc/self/smaps", "utf8");
  } catch {
    return undefined;
  }
  const arenaAlignment = 64n * 2n ** 20n;
  const kinds: Record<string, number> = {};
  let kind: string | undefined;
  for (const line of text.split("\n")) {
    const mapping = /^([0-9a-f]+)-[0-9a-f]+ (\S+) \S+ \S+ (\d+)\s*(.*)$/.exec(line);
    if (mapping) {
      const [, start, , inode, path] = mapping;
      if (path === "[heap]") kind = "malloc main heap";
      else if (inode !== "0" || path)
        kind = undefined; // files (RssFile), stacks, vdso
      else if (BigInt(`0x${start}`) % arenaAlignment === 0n) kind = "malloc thread arenas";
      else kind = "other anonymous (V8 pages, big malloc blocks, thread stacks)";
      continue;
    }
    if (kind && line.startsWith("Rss:")) {
      kinds[kind] = (kinds[kind] ?? 0) + Number.parseInt(line.slice(4), 10) / 1024;
    }
  }
  return kinds;
}

/**
 * Samples what V8 has committed for the heap every 20 ms and answers the highest since the last
 * call: pages it frees after such a peak stay mapped in its page pool, resident, so the peak of a
 * burst sets the resident size after it.
 *
 * @example
 * const peak = trackPeakHeap();
 * await batch();
 * console.log(peak()); // MB
 */
export function trackPeakHeap(): () => number {
  let peak = 0;
  const sample = () => {
    peak = Math.max(peak, process.memoryUsage().heapTotal);
  };
  setInterval(sample, 20).unref();
  return () => {
    sample();
    const highest = peak / MB;
    peak = 0;
    return highest;
  };
}
