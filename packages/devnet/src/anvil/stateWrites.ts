import { existsSync, rmSync } from "node:fs";
import { defineInstance, type Instance } from "@privnet/core";
import {
  anvilStateDump,
  type StateFileWrite,
  stateExitPath,
  stateTempPath,
  writeStateFile,
} from "./writeStateFile.js";

/**
 * anvil's state arguments for one start: `--load-state` when the state file exists (a missing one
 * is a new chain), and `--dump-state` to the exit file, which the supervisor moves over the state
 * file once anvil exited cleanly (see `supervisorScript`). Unfinished writes a killed run left
 * beside the state file are removed first: they are never loaded.
 *
 * @example
 * spawn(binary, [...args, ...stateFileArgs("/srv/.privnet/chain-state.json")]);
 */
export function stateFileArgs(statePath: string): string[] {
  for (const leftOver of [stateTempPath(statePath), stateExitPath(statePath)])
    rmSync(leftOver, { force: true });
  const load = existsSync(statePath) ? ["--load-state", statePath] : [];
  return [...load, "--dump-state", stateExitPath(statePath)];
}

/** The pause after a write is at least this many times the write's own duration. */
const WRITE_SHARE_INVERSE = 4;

/** The devnet's periodic state writes: see {@link defineStateWrites}. */
export type StateWritesInstance = Instance & {
  /**
   * Runs `task` with no state write under way and none starting until it settles: a restart of
   * anvil, whose own exit dump must not be overwritten by an older periodic one.
   */
  exclusive<T>(task: () => Promise<T>): Promise<T>;
  /** The last write that completed, with its time (ms since the epoch). */
  readonly last: (StateFileWrite & { at: number }) | undefined;
};

export type DefineStateWritesParameters = {
  /** anvil's URL now (it changes when anvil restarts). */
  url: () => string;
  statePath: string;
  /** Seconds between the end of one write and the start of the next; 0: no periodic writes. */
  intervalSeconds: number;
  preserveHistoricalStates: boolean;
  /** Told after each write. */
  onWrite?: ((write: StateFileWrite) => void) | undefined;
  /** Told when a write failed (the previous file stays; the next period tries again). */
  onError?: ((error: unknown) => void) | undefined;
};

/**
 * Writes anvil's state to the state file every `intervalSeconds` while the devnet runs, atomically
 * ({@link writeStateFile}): a `kill -9` of everything loses at most one period and the write under
 * way, never the file. A write that took long stretches the next pause to four times its duration
 * (a 5 s write: at least 20 s before the next), so that writes never take over the chain. Writes never overlap, and `stop()` waits for the one under way; the write
 * at stop is anvil's own, as it exits.
 *
 * @example
 * const writes = defineStateWrites({ url: () => anvil.url, statePath, intervalSeconds: 30, preserveHistoricalStates: false });
 * await startServices([anvil, writes]);
 */
export function defineStateWrites(parameters: DefineStateWritesParameters): StateWritesInstance {
  let queue: Promise<unknown> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  let running = false;
  let last: (StateFileWrite & { at: number }) | undefined;
  const serialize = <T>(task: () => Promise<T>): Promise<T> => {
    const next = queue.then(task, task);
    queue = next.catch(() => undefined);
    return next;
  };
  const writeOnce = async () => {
    if (!running) return;
    try {
      const source = anvilStateDump(parameters.url(), parameters.preserveHistoricalStates);
      const write = await writeStateFile(source, parameters.statePath);
      last = { ...write, at: Date.now() };
      parameters.onWrite?.(write);
    } catch (error) {
      parameters.onError?.(error);
    }
  };
  const schedule = () => {
    if (!running || parameters.intervalSeconds <= 0) return;
    // A large state takes seconds to write (anvil's gzip, mostly): the chain never spends more
    // than a fifth of its time on writes, whatever the interval.
    const pause = Math.max(parameters.intervalSeconds * 1000, (last?.ms ?? 0) * WRITE_SHARE_INVERSE);
    timer = setTimeout(() => {
      timer = undefined;
      void serialize(writeOnce).then(schedule);
    }, pause);
    // A CLI or a test ends when its servers close; a pending write is no reason to stay.
    timer.unref();
  };
  const instance = defineInstance({
    name: "the state writes",
    start() {
      running = true;
      schedule();
    },
    async stop() {
      running = false;
      clearTimeout(timer);
      timer = undefined;
      await queue;
    },
  });
  return Object.defineProperties(instance, {
    exclusive: { value: <T>(task: () => Promise<T>) => serialize(task), enumerable: true },
    last: { get: () => last, enumerable: true },
  }) as StateWritesInstance;
}
