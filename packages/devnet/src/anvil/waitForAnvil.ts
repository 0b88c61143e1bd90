import type { ChildProcess } from "node:child_process";
import { privnet } from "@privnet/core";
import { toHex } from "viem";
import { anvilClient } from "./anvilRequest.js";
import { watchForStall } from "./processProgress.js";

/** anvil exited before it answered. */
export class AnvilExitedError extends Error {
  constructor(readonly code: number | null) {
    super(`anvil exited with code ${code}`);
  }
}

/** How {@link waitForListening} waits: for which process, and how long it may do nothing. */
export type ListeningWait = {
  /** anvil's own pid (not its supervisor's), read on each look. */
  pid: () => number;
  /** Milliseconds anvil may make no progress (no CPU time, no bytes written) before it is given up on. */
  stalledMs: number;
  /** Told every few seconds while anvil works without listening yet (it loads a large state). */
  onBusy?: ((elapsedMs: number) => void) | undefined;
};

/**
 * Resolves with the port anvil listens on once it prints `Listening on …:<port>` (one of the lines
 * kept in `output`); rejects when it exits first ({@link AnvilExitedError}), cannot be spawned, or
 * makes no progress for `wait.stalledMs` without listening. There is no limit on a start that
 * works: loading a state file takes as long as the file is large (see {@link watchForStall}).
 */
export function waitForListening(
  child: ChildProcess,
  exited: Promise<number | null>,
  output: readonly string[],
  wait: ListeningWait,
): Promise<number> {
  return new Promise((resolve, reject) => {
    const pattern = /Listening on .*:(\d+)\s*$/;
    const check = () => {
      for (const line of output) {
        const match = pattern.exec(line);
        if (match) return finish(() => resolve(Number(match[1])));
      }
    };
    const onData = () => setImmediate(check);
    const watch = watchForStall({
      pid: wait.pid,
      stalledMs: wait.stalledMs,
      onStalled: () => finish(() => reject(new Error(`no answer, and no progress for ${wait.stalledMs} ms`))),
      onBusy: wait.onBusy,
    });
    const finish = (settle: () => void) => {
      watch.cancel();
      child.stdout?.off("data", onData);
      settle();
    };
    child.stdout?.on("data", onData);
    child.once("error", (error) => finish(() => reject(error)));
    // `exited` never rejects: nothing to handle but the exit itself.
    void exited.then((code) => finish(() => reject(new AnvilExitedError(code))));
    check();
  });
}

/**
 * Resolves once anvil at `url` answers `eth_chainId` with privnet's; asks again every 50 ms (100
 * times at most) while it does not, and rejects at once when it exits.
 */
export async function waitForRpc(url: string, exited: Promise<number | null>): Promise<void> {
  let dead: number | null | undefined;
  void exited.then((code) => {
    dead = code;
  });
  const client = anvilClient(url);
  const expected = toHex(privnet.id);
  for (let attempt = 0; attempt < 100; attempt++) {
    if (dead !== undefined) throw new AnvilExitedError(dead);
    try {
      const chainId = await client.request({ method: "eth_chainId" });
      if (chainId === expected) return;
      throw new Error(`eth_chainId answered ${JSON.stringify(chainId)}`);
    } catch (error) {
      if (attempt === 99) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}
