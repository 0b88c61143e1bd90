import { PrivnetError } from "@privnet/core";

/**
 * A port `privnet up` was to listen on is taken. The message is the whole story for a person:
 * the port, the host, what was to listen there, and how to choose another.
 *
 * @example
 * new PortInUseError({ host: "127.0.0.1", port: 3000, service: "admin API", changeWith: "--port (or PORT)" }).message;
 * // "port 3000 on 127.0.0.1 is in use (admin API); stop what listens there or choose another with --port (or PORT)."
 */
export class PortInUseError extends PrivnetError {
  override name = "PortInUseError";
  readonly host: string;
  readonly port: number;
  /** What was to listen there, e.g. "admin API". */
  readonly service: string;
  /** The flag (and environment variable) that changes the port, e.g. "--port (or PORT)". */
  readonly changeWith: string;

  constructor(where: { host: string; port: number; service: string; changeWith: string }, cause?: unknown) {
    super(
      "PORT_IN_USE",
      `port ${where.port} on ${where.host} is in use (${where.service}); stop what listens there or choose another with ${where.changeWith}.`,
      { cause },
    );
    this.host = where.host;
    this.port = where.port;
    this.service = where.service;
    this.changeWith = where.changeWith;
  }
}
