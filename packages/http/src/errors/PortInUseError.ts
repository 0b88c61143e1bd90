import { PrivnetError } from "@privnet/core";

/** Where a server was to listen, and for a person: what was to listen there and how to move it. */
export type PortInUseErrorParameters = {
  host: string;
  port: number;
  /** What was to listen there, e.g. "admin API". */
  service?: string | undefined;
  /** The flag (and environment variable) that changes the port, e.g. "--port (or PORT)". */
  changeWith?: string | undefined;
};

/**
 * The port a server was to listen on is taken. Raised at start-up, never on a request: by
 * `startServer` (and so by both servers), and by `privnet up`, which binds every port before
 * anything slow starts and names the service and the flag that moves it.
 *
 * @example
 * new PortInUseError({ host: "127.0.0.1", port: 3000 }).shortMessage;
 * // "Port 3000 on 127.0.0.1 is already in use."
 * new PortInUseError({ host: "127.0.0.1", port: 3000, service: "admin API", changeWith: "--port (or PORT)" }).message;
 * // "port 3000 on 127.0.0.1 is in use (admin API); stop what listens there or choose another with --port (or PORT)."
 */
export class PortInUseError extends PrivnetError {
  override name = "PortInUseError";
  readonly host: string;
  readonly port: number;
  readonly service: string | undefined;
  readonly changeWith: string | undefined;

  constructor(where: PortInUseErrorParameters, cause?: unknown) {
    const { host, port, service, changeWith } = where;
    // With a service the message is the whole story on one line, as `privnet up` prints it after
    // "could not start: "; a library caller gets the short message and the advice as details.
    if (service !== undefined) {
      super(
        "PORT_IN_USE",
        `port ${port} on ${host} is in use (${service}); stop what listens there or choose another${changeWith ? ` with ${changeWith}` : " port"}.`,
        { cause },
      );
    } else {
      super("PORT_IN_USE", `Port ${port} on ${host} is already in use.`, {
        details: `Stop what listens there, or choose another port${changeWith ? ` with ${changeWith}` : " (0 picks a free one)"}.`,
        cause,
      });
    }
    this.host = host;
    this.port = port;
    this.service = service;
    this.changeWith = changeWith;
  }
}
