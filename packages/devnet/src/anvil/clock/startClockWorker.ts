import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import { type WorkerCalls, workerCalls } from "@privnet/core/internal/workers";
import type { ClockOwnerMethods, ClockThreadMethods, ClockWorkerData } from "./clockWorker.js";

export type ClockWorker = {
  port: number;
  /** The relay's faults port (loopback): open while the devnet's port refuses connections. */
  faultsPort: number;
  /** Relays to another anvil from now on (a restarted one). */
  retarget(anvilPort: number): Promise<void>;
  /** Closes the relay's connections and ends the thread. */
  close(): Promise<void>;
};

/** What the relay asks of the devnet's owner. */
export type ClockWorkerOwner = {
  /** Restarts anvil (`privnet_faults_restart`); the answer goes back as the call's result. */
  restart(keepPool: boolean): Promise<unknown>;
  /** Archives every block up to the head now (before a call that mines many blocks at once). */
  catchUpArchive?(): Promise<unknown>;
};

/**
 * Runs the clock relay on a thread of its own: the bytes it moves (two more socket hops a request)
 * then take no turn of the event loop that sends them, which is what cost raw sends most while
 * it ran on the same thread (about 0.7× the throughput, against ~0.9–1× now). The thread never
 * keeps the process alive on its own, as anvil does not.
 */
export async function startClockWorker(
  data: ClockWorkerData,
  owner?: ClockWorkerOwner,
): Promise<ClockWorker> {
  const { url, execArgv } = workerEntry();
  const worker = new Worker(url, { execArgv });
  const exited = new Promise<void>((resolve) => worker.once("exit", () => resolve()));
  const thread: WorkerCalls<ClockThreadMethods> = workerCalls<ClockThreadMethods, ClockOwnerMethods>(worker, {
    unrefWhenIdle: true,
    answers: {
      restart(keepPool) {
        if (!owner)
          throw Object.assign(new Error("this devnet cannot be restarted"), { code: "FAULT_UNSUPPORTED" });
        return owner.restart(keepPool);
      },
      archiveCatchUp: () => owner?.catchUpArchive?.(),
    },
    goneError: (code, failure) => failure ?? new Error(`the clock's thread exited (exit code ${code})`),
  });
  const ports = await thread.call("start", data);
  let closing: Promise<void> | undefined;
  return {
    ...ports,
    retarget: (anvilPort) => thread.call("retarget", anvilPort),
    close() {
      closing ??= (async () => {
        thread.keepAlive(); // waited for: the process stays up until the thread has closed
        const timer = setTimeout(() => void worker.terminate(), 2_000);
        await thread.call("close", undefined).catch(() => undefined);
        await exited;
        clearTimeout(timer);
      })();
      return closing;
    },
  };
}

/**
 * From source (this repository's tests and scripts), the TypeScript files run as Node strips
 * their types; their imports name `.js` files, which this hook finds as `.ts`.
 */
const resolveTs =
  'export async function resolve(specifier, context, next) { try { return await next(specifier, context); } catch (error) { if (!specifier.startsWith(".") || !specifier.endsWith(".js")) throw error; return next(specifier.slice(0, -3) + ".ts", context); } }';
const sourceImports = `data:text/javascript,${encodeURIComponent(
  `import { register } from "node:module"; register(${JSON.stringify(`data:text/javascript,${encodeURIComponent(resolveTs)}`)});`,
)}`;

/**
 * The thread's module: built, next to this code in `dist/exports` (or one folder over, from the
 * `privnet-devnet` bin's bundle); from source, the TypeScript file.
 */
function workerEntry(): { url: URL; execArgv: string[] } {
  if (import.meta.url.endsWith(".ts")) {
    // `source`: privnet's packages resolve to their TypeScript sources, as in the tests.
    return {
      url: new URL("./clockWorker.ts", import.meta.url),
      execArgv: ["--conditions=source", "--import", sourceImports],
    };
  }
  for (const candidate of ["./clockWorker.js", "../exports/clockWorker.js"]) {
    const url = new URL(candidate, import.meta.url);
    if (existsSync(fileURLToPath(url))) return { url, execArgv: [] };
  }
  throw new Error(`the clock's thread module is missing next to ${import.meta.url}`);
}
