import { readFileSync } from "node:fs";

/**
 * How much work process `pid` has done so far, as one number that only grows: its CPU time (clock
 * ticks, user + system) plus the bytes it wrote — Linux's `/proc/<pid>/stat` and `/proc/<pid>/io`.
 * Undefined where there is no `/proc` (macOS, Windows) or the process is gone.
 *
 * @example
 * processProgress(anvil.pid); // 1234567
 */
export function processProgress(pid: number): number | undefined {
  if (pid <= 0) return undefined;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command name (field 2) may hold spaces: count fields after its closing parenthesis.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    // A zombie (ended, not yet reaped by its parent) does no more work.
    if (fields[0] === "Z" || fields[0] === "X") return undefined;
    const cpu = Number(fields[11]) + Number(fields[12]);
    let written = 0;
    try {
      const io = readFileSync(`/proc/${pid}/io`, "utf8");
      written = Number(/^wchar: (\d+)$/m.exec(io)?.[1] ?? 0);
    } catch {
      // /proc/<pid>/io may be unreadable (another user's process): CPU time alone then.
    }
    return cpu + written;
  } catch {
    return undefined;
  }
}

export type StallWatch = {
  /** Stops watching; `onStalled` is not called after. */
  cancel(): void;
};

/** How often a watched process's progress is read. */
const checkEveryMs = 250;

/**
 * Calls `onStalled` once process `pid()` has made no progress ({@link processProgress}) for
 * `stalledMs` — a process that is still loading or writing a large state is left alone however
 * long it takes, while one that hangs is caught as fast as a fixed timeout would. Where progress
 * cannot be read (no `/proc`), it is a fixed timeout of `stalledMs`. `onBusy(elapsedMs)` is told
 * every `busyEveryMs` while the process works (for a "still loading…" line).
 *
 * @example
 * const watch = watchForStall({ pid: () => anvil.pid, stalledMs: 15_000, onStalled: () => kill() });
 * await exited;
 * watch.cancel();
 */
export function watchForStall(options: {
  pid: () => number;
  stalledMs: number;
  onStalled: () => void;
  onBusy?: ((elapsedMs: number) => void) | undefined;
  busyEveryMs?: number | undefined;
}): StallWatch {
  const started = Date.now();
  let last = processProgress(options.pid());
  let lastChange = started;
  let nextBusy = started + (options.busyEveryMs ?? 5_000);
  const timer = setInterval(() => {
    const now = Date.now();
    const progress = processProgress(options.pid());
    if (progress !== undefined && progress !== last) {
      last = progress;
      lastChange = now;
    }
    if (now - lastChange >= options.stalledMs) {
      clearInterval(timer);
      options.onStalled();
      return;
    }
    if (options.onBusy && now >= nextBusy) {
      nextBusy = now + (options.busyEveryMs ?? 5_000);
      options.onBusy(now - started);
    }
  }, checkEveryMs);
  // Not unref'd: while a start or a stop waits on it, it is what keeps the event loop alive (the
  // process's pipes are unref'd).
  return { cancel: () => clearInterval(timer) };
}
