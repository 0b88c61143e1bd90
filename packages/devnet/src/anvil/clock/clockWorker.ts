import { parentPort } from "node:worker_threads";
import { workerCalls } from "@privnet/core/internal/workers";
import type { ChainPolicySettings } from "./chainPolicy.js";
import { createDevnetClock } from "./createDevnetClock.js";
import { createRelayFaults } from "./relayFaults.js";
import { type ClockRelay, startClockRelay } from "./startClockRelay.js";

/** What the devnet hands the thread that runs its clock. */
export type ClockWorkerData = {
  host: string;
  port: number;
  /** anvil, on loopback. */
  anvilPort: number;
  interval: number;
  automine: boolean;
  /** The devnet port's method policy and limits; none: open, as anvil alone. */
  policy?: ChainPolicySettings;
  /** The devnet's port speaks TLS with this key and certificate (PEM text); default: clear text. */
  tls?: { cert: string; key: string } | undefined;
  /** The chain archive the relay answers old blocks from (read-only); none: anvil answers all. */
  archivePath?: string | undefined;
  /** Automined blocks past the archive's top before it catches up (see `archiveLink`). */
  archiveSlack?: number | undefined;
};

/** What the thread answers its owner (`workerCalls`). */
export type ClockThreadMethods = {
  /** Starts the relay; answers its ports, or fails as listening failed (`code` kept: `EADDRINUSE`). */
  start(data: ClockWorkerData): { port: number; faultsPort: number };
  /** Relays to another anvil from now on (a restarted one). */
  retarget(anvilPort: number): void;
  /** Closes the relay's connections; the thread ends once it answered. */
  close(): void;
};

/** What the thread asks its owner: `privnet_faults_restart` came in; the owner restarts anvil. */
export type ClockOwnerMethods = {
  restart(keepPool: boolean): unknown;
  /** Before a call that mines many blocks at once: the chain archive takes every block now. */
  archiveCatchUp(): unknown;
};

/**
 * The clock's own calls to anvil. Each is bounded: calls that mine or read the next block wait for
 * the clock's check, so a check that never got its answer would hold every one of them; timed out,
 * it fails and they go on under anvil's own rule (see `gate()`).
 */
const RPC_TIMEOUT_MS = 10_000;
let anvilUrl = "";
const rpc = async <T>(method: string, params: unknown[]): Promise<T> => {
  const response = await fetch(anvilUrl, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
    signal: AbortSignal.timeout(RPC_TIMEOUT_MS),
  });
  const body = (await response.json()) as { result?: T; error?: { message?: string } };
  if (body.error) throw new Error(`${method}: ${body.error.message ?? "refused"}`);
  return body.result as T;
};

let running: { relay: ClockRelay; clock: ReturnType<typeof createDevnetClock>; close(): void } | undefined;
const port = parentPort;
if (port) {
  const owner = workerCalls<ClockOwnerMethods, ClockThreadMethods>(port, {
    answers: {
      async start(data) {
        anvilUrl = `http://127.0.0.1:${data.anvilPort}`;
        const clock = createDevnetClock({ rpc, interval: data.interval, automine: data.automine });
        const faults = createRelayFaults({
          // The faults' own calls to anvil pass the clock as a client's would: it sees a stall
          // change the mining mode, and the block that ends one waits for its timestamp check.
          async rpc<T>(method: string, params: unknown[]) {
            if (clock.gated(method)) await clock.gate();
            clock.observe({ method, params });
            return rpc<T>(method, params);
          },
          restart: (keepPool) => owner.call("restart", keepPool),
        });
        const relay = await startClockRelay({
          host: data.host,
          port: data.port,
          target: { host: "127.0.0.1", port: data.anvilPort },
          clock,
          rpc,
          faults,
          ...(data.policy ? { policy: data.policy } : {}),
          // On the faults' own feed: the devnet's owner reads it (privnet_faults_events) and hands
          // each entry to the platform's fault log, beside the faults.
          audit: (entry) => faults.audit(entry),
          tls: data.tls,
          archivePath: data.archivePath,
          archiveSlack: data.archiveSlack,
          catchUpArchive: () => owner.call("archiveCatchUp", undefined),
        });
        running = { relay, clock, close: () => faults.close() };
        // The clock's first check, now rather than in front of the first call that mines: its
        // `fetch` loads node's HTTP client on this thread (~30–40 ms of CPU, measured), which
        // otherwise lands on the devnet's first sends. Its answer is the check a first call
        // would have waited for.
        void clock.gate();
        return { port: relay.port, faultsPort: relay.faultsPort };
      },
      retarget(anvilPort) {
        anvilUrl = `http://127.0.0.1:${anvilPort}`;
        running?.relay.retarget(anvilPort);
        running?.clock.forgetHead();
      },
      async close() {
        running?.close();
        await running?.relay.close();
        // Once this answer is out, nothing keeps the thread: it ends.
        setImmediate(() => port.close());
      },
    },
  });
}
