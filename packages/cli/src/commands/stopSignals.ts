/**
 * Signals this soon after the first are the same Ctrl-C passed on: a terminal sends SIGINT to every
 * process of its foreground group, and npm, pnpm and tsx each also pass the one they got to the
 * program they run (pnpm sends SIGTERM on its second), so a program under `npm start` gets one
 * Ctrl-C up to three times within milliseconds.
 */
export const SAME_STOP_REQUEST_MS = 1_000;

export type StopSignals = {
  /** Aborted by the first SIGINT or SIGTERM, with the signal's name as its reason. */
  signal: AbortSignal;
  /** Resolves with the first signal's name. */
  requested: Promise<NodeJS.Signals>;
  /** Stops listening (Node's default handling comes back). */
  dispose(): void;
};

export type CatchStopSignalsParameters = {
  write: (line: string) => void;
  /** Default: `process.exit`. */
  exit?: ((code: number) => void) | undefined;
  /** Milliseconds, for the window. Default: `performance.now`. */
  now?: (() => number) | undefined;
};

/**
 * Catches SIGINT and SIGTERM from now on as one request to stop: the first asks for a clean stop
 * ({@link StopSignals.signal}); those within {@link SAME_STOP_REQUEST_MS} of it are that request
 * passed on again and are ignored; a later one (a second Ctrl-C while stopping) exits at once with
 * 130.
 *
 * @example
 * const stop = catchStopSignals({ write: console.log });
 * await stop.requested; // Ctrl-C
 * await stack.stop();
 * stop.dispose();
 */
export function catchStopSignals(parameters: CatchStopSignalsParameters): StopSignals {
  const { write, exit = (code: number) => process.exit(code), now = () => performance.now() } = parameters;
  const controller = new AbortController();
  let first: number | undefined;
  let resolveRequested: (signal: NodeJS.Signals) => void = () => {};
  const requested = new Promise<NodeJS.Signals>((resolve) => {
    resolveRequested = resolve;
  });
  const onSignal = (signal: NodeJS.Signals) => {
    if (first === undefined) {
      first = now();
      write(`\nprivnet: ${signal}, stopping…`);
      controller.abort(signal);
      resolveRequested(signal);
      return;
    }
    if (now() - first < SAME_STOP_REQUEST_MS) return;
    write(`privnet: ${signal} again, exiting without waiting.`);
    exit(130);
  };
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);
  return {
    signal: controller.signal,
    requested,
    dispose() {
      process.off("SIGINT", onSignal);
      process.off("SIGTERM", onSignal);
    },
  };
}
