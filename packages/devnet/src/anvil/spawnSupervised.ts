import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, renameSync } from "node:fs";
import { watchForStall } from "./processProgress.js";
import { supervisorScript } from "./supervisor.js";

/** A process run under the supervisor (see {@link spawnSupervised}). */
export type SupervisedProcess = {
  child: ChildProcess;
  /** Resolves with the exit code once it exited (null after a signal); never rejects. */
  exited: Promise<number | null>;
  /** The program's own pid, once the supervisor told it (the supervisor's until then). */
  readonly pid: number;
  /**
   * Ends the supervisor's stdin, which sends the program SIGINT (anvil writes `--state` on it),
   * and resolves once it exited. It is never killed while it works — writing a large state takes
   * as long as it takes — only once it made no progress (CPU time, bytes written) for 15 s: then
   * SIGKILL to its process group. Harmless once it exited.
   */
  terminate(options?: { stalledMs?: number }): Promise<void>;
};

const stalledStopMs = 15_000;

export type SpawnSupervisedOptions = {
  /**
   * anvil's dump as it exits (`from`, its `--dump-state`) and the state file it replaces once
   * anvil exited cleanly (`to`): see {@link supervisorScript}.
   */
  exitDump?: { from: string; to: string } | undefined;
};
const pidLine = /^privnet-devnet: anvil pid (\d+)$/;

/**
 * Runs `binary` with `args` under the POSIX shell supervisor of {@link supervisorScript}, in a
 * process group of its own, so that it never outlives us and a Ctrl-C in the terminal reaches us
 * (who then stop it in order) rather than it; every line it prints goes to `onLine`. On Windows it
 * runs directly and is stopped only by {@link SupervisedProcess.terminate}.
 *
 * @example
 * const anvil = spawnSupervised(resolveAnvilBinary(), ["--port", "0"], console.log);
 * await anvil.terminate();
 */
export function spawnSupervised(
  binary: string,
  args: readonly string[],
  onLine: (line: string) => void,
  options: SpawnSupervisedOptions = {},
): SupervisedProcess {
  const child = spawnChild(binary, args, options.exitDump);
  let pid = child.pid ?? -1;
  const onEachLine = (line: string) => {
    const told = pidLine.exec(line);
    if (told) pid = Number(told[1]);
    onLine(line);
  };
  readLines(child.stdout, onEachLine);
  readLines(child.stderr, onEachLine);
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return {
    child,
    exited,
    get pid() {
      return pid;
    },
    terminate: (options) => terminate(child, exited, () => pid, options?.stalledMs ?? stalledStopMs),
  };
}

function spawnChild(
  binary: string,
  args: readonly string[],
  exitDump: SpawnSupervisedOptions["exitDump"],
): ChildProcess {
  if (process.platform === "win32") {
    // No POSIX shell: anvil runs directly. It is stopped on stop(), but not if we are killed.
    const child = spawn(binary, args, { stdio: ["ignore", "pipe", "pipe"], windowsHide: true });
    if (exitDump)
      child.once("exit", (code) => {
        if (code === 0 && existsSync(exitDump.from)) renameSync(exitDump.from, exitDump.to);
      });
    return child;
  }
  // detached: its own process group, so a Ctrl-C in the terminal reaches us, not anvil; we then
  // stop anvil cleanly (and the state is written) instead of it dying mid-write.
  const child = spawn("/bin/sh", ["-c", supervisorScript, "privnet-devnet", binary, ...args], {
    stdio: ["pipe", "pipe", "pipe"],
    detached: true,
    env: exitDump
      ? { ...process.env, PRIVNET_STATE_EXIT: exitDump.from, PRIVNET_STATE_FILE: exitDump.to }
      : process.env,
  });
  // The supervisor must not keep our event loop alive, but its pipes must stay open.
  child.unref();
  return child;
}

function readLines(stream: NodeJS.ReadableStream | null, onLine: (line: string) => void): void {
  if (!stream) return;
  let buffered = "";
  stream.setEncoding("utf8");
  stream.on("data", (chunk: string) => {
    buffered += chunk;
    let newline = buffered.indexOf("\n");
    while (newline !== -1) {
      onLine(buffered.slice(0, newline).trimEnd());
      buffered = buffered.slice(newline + 1);
      newline = buffered.indexOf("\n");
    }
  });
  stream.on("end", () => {
    if (buffered) onLine(buffered.trimEnd());
  });
  // Pipes must not hold the event loop open once anvil runs in the background of a CLI.
  (stream as unknown as { unref?: () => void }).unref?.();
}

async function terminate(
  child: ChildProcess,
  exited: Promise<number | null>,
  pid: () => number,
  stalledMs: number,
): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  if (process.platform === "win32") child.kill("SIGINT");
  else child.stdin?.end();
  const watch = watchForStall({
    pid,
    stalledMs,
    onStalled: () => {
      try {
        if (child.pid) process.kill(process.platform === "win32" ? child.pid : -child.pid, "SIGKILL");
      } catch {
        // already gone
      }
    },
  });
  await exited;
  watch.cancel();
}
