import { existsSync, mkdtempSync, rmSync } from "node:fs";
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
  test("processProgress grows while a process works and stays put while it sleeps", async () => {
    const output: string[] = [];
    const sleeper = spawnSupervised("/bin/sh", ["-c", "echo ready; exec sleep 60"], (line) =>
      output.push(line),
    );
    await waitForLine(output, "ready");
    const first = processProgress(sleeper.pid);
    expect(first).toBeTypeOf("number");
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(processProgress(sleeper.pid)).toBe(first);
    await sleeper.terminate({ stalledMs: 500 });
    expect(processProgress(sleeper.pid)).toBeUndefined();
    expect(processProgress(-1)).toBeUndefined();
  });

  test("a stop is never cut short while the process works; a stalled one is killed", async () => {
    const dir = mkdtempSync(join(tmpdir(), "privnet-stop-"));
    dirs.push(dir);
    const marker = join(dir, "written");
    // Ignores SIGINT (as anvil does while it writes its state), works for a while, then hangs.
    const script = `trap '' INT; echo ready; ${busy}; touch ${marker}; exec sleep 600`;
    const output: string[] = [];
    const process_ = spawnSupervised("/bin/sh", ["-c", script], (line) => output.push(line));
    await waitForLine(output, "ready");
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

async function waitForLine(output: readonly string[], line: string): Promise<void> {
  while (!output.includes(line)) await new Promise((resolve) => setTimeout(resolve, 10));
}
