import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import { processProgress } from "./processProgress.js";
import { spawnSupervised } from "./spawnSupervised.js";
import { waitForListening } from "./waitForAnvil.js";

// Real processes under the devnet's own supervisor, read through /proc: the stand-ins for an anvil
// that loads or writes a large state (busy for longer than the allowed stall), and one that hangs.
const linux = process.platform === "linux";
/** A shell loop that keeps a core busy for a second or more, however fast the machine. */
// A program started in the background of a non-interactive shell (as the supervisor starts anvil)
// ignores SIGINT unless it installs a handler, as anvil does: `sleep` never ends on it, so the
// stand-ins below end by being found stalled (after `stalledMs`).
const busy = "i=0; while [ $i -lt 4000000 ]; do i=$((i+1)); done";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe.runIf(linux)("a process is judged by its progress, not by a fixed time", () => {
  test("processProgress stays put while a process sleeps, and is gone once it ends", async () => {
    const told = lineSeen(/^privnet-devnet: anvil pid \d+$/);
    const sleeper = spawnSupervised("/bin/sleep", ["60"], told.onLine);
    await told.seen;
    await blocked(sleeper.pid);
    const first = processProgress(sleeper.pid);
    expect(first).toBeTypeOf("number");
    // Another process works to its end meanwhile (an event, not a timer): the sleeper did nothing.
    const worker = spawnSupervised(
      "/bin/sh",
      ["-c", "i=0; while [ $i -lt 200000 ]; do i=$((i+1)); done"],
      () => {},
    );
    await worker.exited;
    expect(processProgress(sleeper.pid)).toBe(first);
    await sleeper.terminate({ stalledMs: 500 });
    // The supervisor has exited; the program it killed may take a moment more to be gone.
    await groupEnded(sleeper.child.pid as number);
    expect(processProgress(sleeper.pid)).toBeUndefined();
    expect(processProgress(-1)).toBeUndefined();
  });

  test("a stop is never cut short while the process works; a stalled one is killed", async () => {
    const dir = mkdtempSync(join(tmpdir(), "privnet-stop-"));
    dirs.push(dir);
    const marker = join(dir, "written");
    // Ignores SIGINT (as anvil does while it writes its state), works for a while, then hangs.
    const script = `trap '' INT; echo ready; ${busy}; touch ${marker}; exec sleep 600`;
    const ready = lineSeen(/^ready$/);
    const process_ = spawnSupervised("/bin/sh", ["-c", script], ready.onLine);
    await ready.seen;
    await process_.terminate({ stalledMs: 1_000 });
    // With a fixed 1 s timeout the loop would have been killed before it wrote the marker.
    expect(existsSync(marker)).toBe(true);
    expect(process_.child.exitCode !== null || process_.child.signalCode !== null).toBe(true);
  });

  test("a start waits for as long as the process works before it listens; a stalled one fails", async () => {
    const output: string[] = [];
    const slow = spawnSupervised(
      "/bin/sh",
      ["-c", `${busy}; echo "Listening on 127.0.0.1:4321"; exec sleep 60`],
      (line) => output.push(line),
    );
    const busyTold: number[] = [];
    const port = await waitForListening(slow.child, slow.exited, output, {
      pid: () => slow.pid,
      stalledMs: 500,
      onBusy: (elapsed) => busyTold.push(elapsed),
    });
    expect(port).toBe(4321);
    await slow.terminate({ stalledMs: 500 });

    const hungOutput: string[] = [];
    const hung = spawnSupervised("/bin/sh", ["-c", "exec sleep 60"], (line) => hungOutput.push(line));
    await expect(
      waitForListening(hung.child, hung.exited, hungOutput, { pid: () => hung.pid, stalledMs: 500 }),
    ).rejects.toThrow(/no progress for 500 ms/);
    await hung.terminate({ stalledMs: 500 });
  });
});

/** A promise that resolves when a process prints a line like `line`, and the callback that watches its output. */
function lineSeen(line: RegExp): { onLine: (printed: string) => void; seen: Promise<void> } {
  let resolve = () => {};
  const seen = new Promise<void>((done) => {
    resolve = done;
  });
  return { onLine: (printed) => line.test(printed) && resolve(), seen };
}

/**
 * Resolves once process `pid` runs `sleep` and is blocked in it: its CPU time is then final. The
 * kernel offers no event for a state change of another process, so /proc is read until it says so.
 */
async function blocked(pid: number): Promise<void> {
  for (;;) {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    if (stat.includes("(sleep) S ")) return;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/**
 * Resolves once no process of group `group` is left (the supervisor leads its own group). Not our
 * children: no exit event reaches us, so the group is asked (signal 0) until it is gone.
 */
async function groupEnded(group: number): Promise<void> {
  for (;;) {
    try {
      process.kill(-group, 0);
    } catch {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
