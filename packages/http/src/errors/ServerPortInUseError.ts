import { PrivnetError } from "@privnet/core";

/** The port a server was asked to listen on is taken. Raised at start-up, never on a request. */
export class ServerPortInUseError extends PrivnetError {
  override name = "ServerPortInUseError";
  constructor(
    readonly host: string,
    readonly port: number,
    cause?: unknown,
  ) {
    super("PORT_IN_USE", `Port ${port} on ${host} is already in use.`, {
      details: "Stop what listens there, or choose another port (0 picks a free one).",
      cause,
    });
  }
}
