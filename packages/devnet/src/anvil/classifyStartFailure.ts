import { DevnetPortInUseError, DevnetStartError, DevnetStateInvalidError } from "../errors.js";

/** What a devnet's start failure is about: where it was to listen, its state file, anvil's last lines. */
export type StartFailureContext = {
  host: string;
  port: number;
  statePath: string | undefined;
  output: readonly string[];
};

/**
 * The `PrivnetError` a failed start is, from what anvil printed: a taken port
 * (`DEVNET_PORT_IN_USE`), a state file it could not load (`DEVNET_STATE_INVALID`), else
 * `DEVNET_START_FAILED` with the reason and anvil's last lines.
 */
export function classifyStartFailure(error: unknown, context: StartFailureContext): Error {
  const text = context.output.filter((line) => !line.startsWith("privnet-devnet:")).join("\n");
  if (/address already in use/i.test(text)) {
    return new DevnetPortInUseError(context.host, context.port, text);
  }
  if (context.statePath !== undefined && /--state|load-state|state file/i.test(text)) {
    return new DevnetStateInvalidError(context.statePath, text);
  }
  const reason = error instanceof Error ? error.message : String(error);
  return new DevnetStartError(reason, text, error);
}
