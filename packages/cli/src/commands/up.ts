import { isPrivnetError } from "@privnet/core";
import { loadConfigFile } from "../config/loadConfigFile.js";
import { loadTraffic } from "../config/loadTraffic.js";
import { resolveSettings, type UpFlags } from "../config/resolveSettings.js";
import type { StackService } from "../stack/StackService.js";
import { type Stack, startStack } from "../stack/startStack.js";
import { loadTls } from "../tls/loadTls.js";
import { catchStopSignals } from "./stopSignals.js";

export type UpOptions = {
  flags: UpFlags & { config?: string | undefined };
  cwd: string;
  env: NodeJS.ProcessEnv;
  /** Default: the admin API (see `defaultServices`). */
  services?: readonly StackService[];
  write?: (line: string) => void;
  /** Whether the output is a terminal (request logs then default to readable lines). Default: `process.stdout.isTTY`. */
  tty?: boolean;
};

/**
 * `privnet up`: starts the stack with progress output, prints every URL, and stops everything
 * cleanly on SIGINT or SIGTERM, then resolves with 0 (a Ctrl-C during the start stops it after the
 * step under way). The same signal passed on by npm, pnpm or tsx is not a second one; a second
 * Ctrl-C while it stops exits at once (130). Resolves with the exit code once the stack has stopped.
 *
 * @example
 * process.exitCode = await up({ flags: { port: "3000" }, cwd: process.cwd(), env: process.env });
 */
export async function up(options: UpOptions): Promise<number> {
  const write = options.write ?? ((line: string) => process.stdout.write(`${line}\n`));
  const { path, config } = await loadConfigFile(options.cwd, options.flags.config);
  // A traffic document is read and checked whole before anything starts.
  const settings = await loadTraffic(
    resolveSettings({
      config,
      env: options.env,
      flags: options.flags,
      cwd: options.cwd,
      tty: options.tty ?? process.stdout.isTTY === true,
    }),
  );
  // A bad certificate or key file stops here (a usage error, exit 2), before anything starts.
  const tls = await loadTls(settings);
  write(`privnet: starting${path ? ` (config ${path})` : ""}`);

  // Signals are caught from the start: a Ctrl-C during start-up stops what was started once the
  // current step ends, and one right after "Press Ctrl-C" can never find Node's default handler.
  const stopSignals = catchStopSignals({ write });
  try {
    let stack: Stack;
    try {
      stack = await startStack(settings, {
        ...(options.services ? { services: options.services } : {}),
        onProgress: ({ step, detail, working }) =>
          write(`  ${working ? "…" : "✓"} ${step.padEnd(10)} ${detail}`),
        signal: stopSignals.signal,
        tls,
      });
    } catch (error) {
      // Stopped on request before it was up: what started is stopped, as asked.
      if (stopSignals.signal.aborted && error === stopSignals.signal.reason) {
        write("privnet: stopped.");
        return 0;
      }
      write(`privnet: could not start: ${describeError(error)}`);
      return 1;
    }

    if (!stopSignals.signal.aborted) {
      const width = Math.max(...stack.urls.map((entry) => entry.label.length));
      write("privnet is up:");
      for (const { label, url } of stack.urls) write(`  ${label.padEnd(width)}  ${url}`);
      if (stack.tls) {
        write(`TLS certificate ${stack.tls.certPath}`);
        write(`  SHA-256 ${stack.tls.fingerprint}`);
        write('  Clients must trust it: "privnet tls trust" prints how (system, browsers, Node, curl).');
      }
      write(
        `Press Ctrl-C to stop${settings.chain.rpcUrl ? "" : " (the chain state is written on stop)"}; the database is kept.`,
      );
      await stopSignals.requested;
    }
    try {
      await stack.stop();
      write("privnet: stopped.");
      return 0;
    } catch (error) {
      write(`privnet: stopped with errors: ${describeError(error)}`);
      return 1;
    }
  } finally {
    stopSignals.dispose();
  }
}

/** The message of an error for a person: privnet's short message and details, never a stack. */
export function describeError(error: unknown): string {
  if (isPrivnetError(error)) return error.message;
  if (error instanceof AggregateError) return error.errors.map(describeError).join("; ");
  if (error instanceof Error) return error.message;
  return String(error);
}
