import { parentPort, workerData } from "node:worker_threads";
import { createDevnetClock } from "./createDevnetClock.js";
import { createRelayFaults } from "./relayFaults.js";
import { startClockRelay } from "./startClockRelay.js";

/** What the devnet hands the thread that runs its clock. */
export type ClockWorkerData = {
  host: string;
  port: number;
  /** anvil, on loopback. */
  anvilPort: number;
  interval: number;
  automine: boolean;
};

/** What the thread answers: the port it listens on, or why it could not. */
export type ClockWorkerMessage =
  | { port: number; faultsPort: number }
  | { error: string; code?: string }
  | { closed: true }
  | { retargeted: number }
  /** `privnet_faults_restart` came in: the devnet's owner restarts anvil and answers `restarted`. */
  | { restart: number; keepPool: boolean };

/** What the devnet's owner tells the thread. */
export type ClockOwnerMessage =
  | "close"
  | { retarget: number }
  | { restarted: number; result?: unknown; error?: { message: string; code?: string } };

const data = workerData as ClockWorkerData;
let anvilUrl = `http://127.0.0.1:${data.anvilPort}`;
/**
 * The clock's own calls to anvil. Each is bounded: calls that mine or read the next block wait for
 * the clock's check, so a check that never got its answer would hold every one of them; timed out,
 * it fails and they go on under anvil's own rule (see `gate()`).
 */
const RPC_TIMEOUT_MS = 10_000;
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
const post = (message: ClockWorkerMessage) => parentPort?.postMessage(message);

try {
  const clock = createDevnetClock({ rpc, interval: data.interval, automine: data.automine });
  const restarts = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  let nextRestart = 0;
  const faults = createRelayFaults({
    // The faults' own calls to anvil pass the clock as a client's would: it sees a stall change
    // the mining mode, and the block that ends one waits for its timestamp check.
    async rpc<T>(method: string, params: unknown[]) {
      if (clock.gated(method)) await clock.gate();
      clock.observe({ method, params });
      return rpc<T>(method, params);
    },
    restart(keepPool) {
      const id = ++nextRestart;
      return new Promise((resolve, reject) => {
        restarts.set(id, { resolve, reject });
        post({ restart: id, keepPool });
      });
    },
  });
  const relay = await startClockRelay({
    host: data.host,
    port: data.port,
    target: { host: "127.0.0.1", port: data.anvilPort },
    clock,
    rpc,
    faults,
  });
  parentPort?.on("message", (message: ClockOwnerMessage) => {
    if (message === "close") {
      faults.close();
      void relay.close().then(() => {
        post({ closed: true });
        parentPort?.close();
      });
      return;
    }
    if ("retarget" in message) {
      anvilUrl = `http://127.0.0.1:${message.retarget}`;
      relay.retarget(message.retarget);
      clock.forgetHead();
      post({ retargeted: message.retarget });
      return;
    }
    const waiting = restarts.get(message.restarted);
    restarts.delete(message.restarted);
    if (!waiting) return;
    if (message.error)
      waiting.reject(Object.assign(new Error(message.error.message), { code: message.error.code }));
    else waiting.resolve(message.result);
  });
  post({ port: relay.port, faultsPort: relay.faultsPort });
  // The clock's first check, now rather than in front of the first call that mines: its `fetch`
  // loads node's HTTP client on this thread (~30–40 ms of CPU, measured), which otherwise lands
  // on the devnet's first sends. Its answer is the check a first call would have waited for.
  void clock.gate();
} catch (error) {
  const { code, message } = error as NodeJS.ErrnoException;
  post(code === undefined ? { error: message } : { error: message, code });
  parentPort?.close();
}
