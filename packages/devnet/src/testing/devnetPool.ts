import { availableParallelism } from "node:os";
import { faultsUrlOf } from "../anvil/faultsUrls.js";
import { type Devnet, type StartDevnetOptions, startDevnet } from "../anvil/startDevnet.js";

/** What the pool hands to test workers (serialisable). */
export type PooledDevnet = {
  rpcUrl: string;
  wsUrl: string;
  pid: number;
  /** Seconds between blocks; 0: a block per transaction. */
  blockTime: number;
  /** Where the devnet's faults are asked (its relay's faults port); absent without the relay. */
  faultsUrl?: string;
};

export type DevnetPoolOptions = Omit<StartDevnetOptions, "port" | "statePath"> & {
  /** Number of devnets. Default: Vitest's `maxWorkers`, else the number of CPUs. */
  size?: number;
};

type SharedPool = { users: number; devnets: Promise<Devnet[]> };
const sharedKey = Symbol.for("privnet.devnet.pool");

/**
 * Starts one devnet per Vitest worker, shared by every project of the run. Returns the pooled
 * devnets and a release function; the devnets stop when the last user releases them.
 */
export async function acquireDevnetPool(
  options: DevnetPoolOptions = {},
): Promise<{ devnets: PooledDevnet[]; release: () => Promise<void> }> {
  const store = globalThis as { [sharedKey]?: SharedPool };
  let shared = store[sharedKey];
  if (!shared) {
    const { size = availableParallelism(), ...startOptions } = options;
    // Tests default to automine: a block per transaction, no waiting on the clock.
    const devnets = startAll(size, { blockTime: 0, ...startOptions, port: 0 });
    shared = { users: 0, devnets };
    store[sharedKey] = shared;
  }
  shared.users++;
  const current = shared;
  const devnets = await current.devnets;
  let released = false;
  return {
    devnets: devnets.map((devnet) => {
      const { rpcUrl, wsUrl, pid, blockTime } = devnet;
      const faultsUrl = faultsUrlOf(devnet);
      return { rpcUrl, wsUrl, pid, blockTime, ...(faultsUrl ? { faultsUrl } : {}) };
    }),
    async release() {
      if (released) return;
      released = true;
      current.users--;
      if (current.users > 0) return;
      delete store[sharedKey];
      await Promise.all(devnets.map((devnet) => devnet.stop()));
    },
  };
}

async function startAll(size: number, options: StartDevnetOptions): Promise<Devnet[]> {
  const results = await Promise.allSettled(Array.from({ length: size }, () => startDevnet(options)));
  const started = results.flatMap((result) => (result.status === "fulfilled" ? [result.value] : []));
  const failed = results.find((result) => result.status === "rejected");
  if (failed) {
    await Promise.all(started.map((devnet) => devnet.stop()));
    throw failed.reason;
  }
  return started;
}
