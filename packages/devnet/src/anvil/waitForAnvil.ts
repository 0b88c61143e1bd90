import type { ChildProcess } from "node:child_process";
import { privnet } from "@privnet/core";
import { toHex } from "viem";
import { anvilClient } from "./anvilRequest.js";

/** anvil exited before it answered. */
export class AnvilExitedError extends Error {
  constructor(readonly code: number | null) {
    super(`anvil exited with code ${code}`);
  }
}

/**
 * Resolves with the port anvil listens on once it prints `Listening on …:<port>` (one of the lines
 * kept in `output`); rejects when it exits first ({@link AnvilExitedError}), cannot be spawned, or
 * says nothing of the kind within `timeoutMs`.
 */
export function waitForListening(
  child: ChildProcess,
  exited: Promise<number | null>,
  output: readonly string[],
  timeoutMs: number,
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
    const timer = setTimeout(
      () => finish(() => reject(new Error(`no answer within ${timeoutMs} ms`))),
      timeoutMs,
    );
    const finish = (settle: () => void) => {
      clearTimeout(timer);
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
