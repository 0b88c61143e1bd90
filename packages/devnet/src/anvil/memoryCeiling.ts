import { readFileSync } from "node:fs";
import { defineInstance, FaultInProgressError, type Instance, type RestartResult } from "@privnet/core";

/**
 * Process `pid`'s resident size in MB (Linux's `VmRSS` in `/proc/<pid>/status`); undefined where
 * there is no `/proc` (macOS, Windows) or the process is gone.
 *
 * @example
 * residentMb(anvil.pid); // 412
 */
export function residentMb(pid: number): number | undefined {
  if (pid <= 0) return undefined;
  try {
    const kb = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
    return kb === undefined ? undefined : Math.round(Number(kb) / 1024);
  } catch {
    return undefined;
  }
}

export type DefineMemoryCeilingParameters = {
  /** anvil's resident size above which it is restarted, in MB. */
  limitMb: number;
  /** Milliseconds between two reads of anvil's resident size. */
  checkMs: number;
  /** anvil's process id now (it changes when anvil restarts). */
  pid: () => number;
  /**
   * Restarts anvil keeping its chain and pool (the devnet's `faults.restart({ keepPool: true })`,
   * so that the event reaches the fault log); a `FaultInProgressError` while a fault runs or the
   * devnet cannot restart it (it starts or stops) skips the tick.
   */
  restart: () => Promise<RestartResult>;
  onLog?: ((line: string) => void) | undefined;
};

/** The shortest time between two restarts, and how many times the last restart's duration it is at least. */
const MIN_GAP_MS = 60_000;
const GAP_PER_RESTART_MS = 10;

/**
 * The devnet's memory ceiling: every `checkMs` reads anvil's resident size and, once it is above
 * `limitMb`, restarts anvil with its chain and pool — anvil gives back at a restart what it kept of
 * the transactions it dropped (docs/performance.md). Never sooner than 60 s, or 10 times the last
 * restart's duration, after the last one; when anvil is above the limit right after a restart, the
 * limit is below what anvil needs: it says so once and stops checking until the next start. A tick
 * while a fault runs or the devnet stops is skipped. Off where the resident size cannot be read.
 *
 * @example
 * const ceiling = defineMemoryCeiling({ limitMb: 1536, checkMs: 30_000, pid: () => anvil.pid, restart: () => faults.restart({ keepPool: true }) });
 */
export function defineMemoryCeiling(parameters: DefineMemoryCeilingParameters): Instance {
  const { limitMb, onLog } = parameters;
  let timer: NodeJS.Timeout | undefined;
  let running = false;
  let notBefore = 0;
  let tick: Promise<void> | undefined;
  const check = async () => {
    const held = residentMb(parameters.pid());
    if (held === undefined || held <= limitMb || Date.now() < notBefore) return true;
    const startedAt = Date.now();
    try {
      await parameters.restart();
    } catch (error) {
      if (error instanceof FaultInProgressError || !running) return true;
      onLog?.(
        `privnet-devnet: anvil held ${held} MB (limit ${limitMb} MB), and restarting it failed: ${(error as Error).message}`,
      );
      notBefore = Date.now() + MIN_GAP_MS;
      return true;
    }
    const took = Date.now() - startedAt;
    notBefore = Date.now() + Math.max(MIN_GAP_MS, took * GAP_PER_RESTART_MS);
    onLog?.(
      `privnet-devnet: anvil held ${held} MB (limit ${limitMb} MB): restarted it to give the memory back; the chain and its pool are kept`,
    );
    const after = residentMb(parameters.pid());
    if (after !== undefined && after > limitMb) {
      onLog?.(
        `privnet-devnet: the node memory limit (${limitMb} MB) is below what anvil needs after a restart (${after} MB): no more restarts for it until the devnet starts again`,
      );
      return false;
    }
    return true;
  };
  const schedule = () => {
    if (!running) return;
    timer = setTimeout(() => {
      timer = undefined;
      tick = check().then(
        (again) => {
          if (again) schedule();
        },
        () => schedule(),
      );
    }, parameters.checkMs);
    // A CLI or a test ends when its servers close; a pending check is no reason to stay.
    timer.unref();
  };
  return defineInstance({
    name: "the memory ceiling",
    start() {
      running = true;
      schedule();
    },
    async stop() {
      running = false;
      clearTimeout(timer);
      timer = undefined;
      await tick;
    },
  });
}
