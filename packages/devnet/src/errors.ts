import { PrivnetError } from "@privnet/core";

export class DevnetBinaryNotFoundError extends PrivnetError {
  override name = "DevnetBinaryNotFoundError";
  constructor(
    readonly path: string | undefined,
    details: string,
    cause?: unknown,
  ) {
    super("DEVNET_BINARY_NOT_FOUND", "The anvil binary was not found.", { details, cause });
  }
}

/**
 * The devnet's port is taken. `host` and `port` say which, so that a program (the `privnet` CLI)
 * can name them in its own words; `output` is anvil's, when anvil was the one to find it.
 */
export class DevnetPortInUseError extends PrivnetError {
  override name = "DevnetPortInUseError";
  constructor(
    readonly host: string,
    readonly port: number,
    output = "",
  ) {
    super("DEVNET_PORT_IN_USE", `Port ${port} on ${host} is already in use.`, {
      details: `Stop whatever listens there, or pass another \`port\` (0 picks a free one).${output ? `\n\nanvil said:\n${output}` : ""}`,
    });
  }
}

export class DevnetStateInvalidError extends PrivnetError {
  override name = "DevnetStateInvalidError";
  constructor(
    readonly statePath: string,
    output: string,
  ) {
    super("DEVNET_STATE_INVALID", `The state file ${statePath} could not be loaded.`, {
      details: `Move it aside to start from genesis, or restore a good copy.\n\nanvil said:\n${output}`,
    });
  }
}

export class DevnetStartError extends PrivnetError {
  override name = "DevnetStartError";
  constructor(reason: string, output: string, cause?: unknown) {
    super("DEVNET_START_FAILED", `anvil did not start: ${reason}`, {
      details: output ? `anvil said:\n${output}` : "anvil printed nothing.",
      cause,
    });
  }
}
