import { defineInstance, type Instance } from "@privnet/core";
import { type SupervisedProcess, spawnSupervised } from "./spawnSupervised.js";
import { waitForListening, waitForRpc } from "./waitForAnvil.js";

/** anvil as an instance: see {@link defineAnvil}. */
export type AnvilInstance = Instance & {
  /** anvil's JSON-RPC URL while it runs, on its own port (with the clock, a loopback one). */
  readonly url: string;
  readonly port: number;
  /** anvil's process id (the last one started; -1 before the first). */
  readonly pid: number;
};

export type DefineAnvilParameters = {
  binary: string;
  /** anvil's arguments, made again for each start (the state file may exist only from the second). */
  args: () => readonly string[];
  /** anvil's dump as it exits, moved over the state file once it exited cleanly (see `spawnSupervised`). */
  exitDump?: { from: string; to: string } | undefined;
  /** The host anvil is reached at, as written in a URL. */
  urlHost: string;
  /** Milliseconds anvil may make no progress before it listens (it may load a large state for longer). */
  startTimeout: number;
  /** Told every few seconds while anvil works without listening yet (loading a large state). */
  onStarting?: ((elapsedMs: number) => void) | undefined;
  onLog?: ((line: string) => void) | undefined;
  /** The error a failed start is, from what went wrong and anvil's last lines. */
  classify(error: unknown, output: readonly string[]): Error;
};

/** Lines of anvil's output kept for the error of a failed start. */
const lastLines = 40;

/**
 * The devnet's node: anvil run under the supervisor ({@link spawnSupervised}), started once it
 * listens and answers privnet's chain id, stopped with SIGINT (so that it writes `--state`),
 * restarted (the `restart` fault) as a new process with the same arguments on a new port. A
 * start that fails leaves no anvil running and throws what `classify` makes of it.
 *
 * @example
 * const anvil = defineAnvil({ binary, args, urlHost: "127.0.0.1", startTimeout: 20_000, classify });
 * await anvil.start();
 * console.log(anvil.url, anvil.pid);
 * await anvil.stop();
 */
export function defineAnvil(parameters: DefineAnvilParameters): AnvilInstance {
  const output: string[] = [];
  let running: SupervisedProcess | undefined;
  let listening: { port: number; url: string } | undefined;
  const onLine = (line: string) => {
    output.push(line);
    if (output.length > lastLines) output.shift();
    parameters.onLog?.(line);
  };
  const instance = defineInstance({
    name: "anvil",
    async start() {
      output.length = 0;
      const spawned = spawnSupervised(parameters.binary, parameters.args(), onLine, {
        exitDump: parameters.exitDump,
      });
      running = spawned;
      try {
        const port = await waitForListening(spawned.child, spawned.exited, output, {
          pid: () => spawned.pid,
          stalledMs: parameters.startTimeout,
          onBusy: parameters.onStarting,
        });
        const url = `http://${parameters.urlHost}:${port}`;
        await waitForRpc(url, spawned.exited);
        listening = { port, url };
      } catch (error) {
        // What anvil printed as it ended is part of why.
        await spawned.terminate();
        throw parameters.classify(error, output);
      }
    },
    async stop() {
      listening = undefined;
      await running?.terminate();
    },
  });
  const started = () => {
    if (!listening) throw new Error(`anvil is ${instance.status}: it has no URL`);
    return listening;
  };
  return Object.defineProperties(instance, {
    url: { get: () => started().url, enumerable: true },
    port: { get: () => started().port, enumerable: true },
    pid: { get: () => running?.pid ?? -1, enumerable: true },
  }) as AnvilInstance;
}
