import { type DestinationStream, type Logger, pino } from "pino";
import pinoPretty, { isColorSupported } from "pino-pretty";
import type { LogFormat } from "../config/resolveSettings.js";

export type CreateRequestLoggerOptions = {
  /** The logger's name, in "json" lines. Default: "privnet-admin". */
  name?: string;
  /** Default: standard output. */
  destination?: DestinationStream;
  /** Colours in "pretty" lines. Default: on a terminal that takes them (NO_COLOR turns them off). */
  colorize?: boolean;
};

/**
 * A server's request logger for `privnet up`: the admin API's, and the oracle API's on its own
 * port. "json" is pino's own output, one object per line, for files and log tools. "pretty" prints one readable line per request through
 * pino-pretty, run as a synchronous stream in this process (no worker thread, nothing buffered
 * when the process exits); a failed request's error follows its line, stack included.
 *
 * Either way the lines carry only what the router logs (id, method, path, status, ms, and the
 * error of a 5xx): never bodies or headers, so never keys or mnemonics.
 *
 * @example
 * const logger = createRequestLogger("pretty");
 * // [12:06:42.410] INFO: GET /wallets 200 3.12 ms
 */
export function createRequestLogger(format: LogFormat, options: CreateRequestLoggerOptions = {}): Logger {
  const name = options.name ?? "privnet-admin";
  if (format === "json") return options.destination ? pino({ name }, options.destination) : pino({ name });
  return pino(
    { name },
    pinoPretty({
      sync: true,
      destination: options.destination ?? 1,
      colorize:
        options.colorize ?? (!options.destination && process.stdout.isTTY === true && isColorSupported),
      translateTime: "SYS:HH:MM:ss.l",
      ignore: "pid,hostname,name,id,method,path,status,ms",
      messageFormat: requestLine,
    }),
  );
}

/** "GET /wallets/9 500 2.5 ms STORAGE_CLOSED: The storage is closed." */
function requestLine(log: Record<string, unknown>, messageKey: string): string {
  if (typeof log.method !== "string") return String(log[messageKey] ?? "");
  const line = `${log.method} ${log.path} ${log.status} ${log.ms} ms`;
  const error = log.err as { code?: unknown; shortMessage?: unknown; message?: unknown } | undefined;
  if (!error) return line;
  const code = typeof error.code === "string" ? `${error.code}: ` : "";
  return `${line} ${code}${String(error.shortMessage ?? error.message ?? "")}`;
}
