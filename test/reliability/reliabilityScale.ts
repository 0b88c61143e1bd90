// How much the reliability suite does: the bounded form (CI, `pnpm test:reliability`) by default,
// the long one with PRIVNET_RELIABILITY=full. Every number can be set on its own.

const full = process.env.PRIVNET_RELIABILITY === "full";

function fromEnv(name: string, fallback: number): number {
  const value = Number(process.env[name]);
  return Number.isSafeInteger(value) && value > 0 ? value : fallback;
}

/** Generated requests per server (two servers: 10,000 a run in the bounded form). */
export const FUZZ_RUNS = fromEnv("PRIVNET_FUZZ_RUNS", full ? 50_000 : 5_000);

/**
 * The fuzzer's seed: PRIVNET_FUZZ_SEED replays a run; otherwise a new one each run, printed at the
 * start and in every failure.
 */
export const FUZZ_SEED = fromEnv("PRIVNET_FUZZ_SEED", (Date.now() ^ (Math.random() * 0x7fffffff)) >>> 1);

/** Sends acknowledged before a fault is injected, and clients sending at once. */
export const LOAD = {
  beforeFault: fromEnv("PRIVNET_LOAD_BEFORE_FAULT", full ? 1_000 : 120),
  clients: fromEnv("PRIVNET_LOAD_CLIENTS", full ? 32 : 8),
  /** Faults per case (kill -9 cycles, restarts). */
  faults: fromEnv("PRIVNET_LOAD_FAULTS", full ? 10 : 3),
};
