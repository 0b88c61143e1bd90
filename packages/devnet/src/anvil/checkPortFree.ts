import { createServer } from "node:net";
import { DevnetPortInUseError } from "../errors.js";

/**
 * Fails with {@link DevnetPortInUseError} when `port` on `host` is taken. anvil reports a taken
 * port only once it runs, and its message is its own; a probe on the same interface answers
 * first, before anything is spawned or written. Only "in use" is decided here: anything else the
 * probe meets (a host Node cannot resolve, a port it may not bind) is left for anvil to report in
 * its own words.
 *
 * @example
 * await checkPortFree("127.0.0.1", 8545); // throws DEVNET_PORT_IN_USE when something listens there
 */
export async function checkPortFree(host: string, port: number): Promise<void> {
  const probe = createServer();
  const inUse = await new Promise<boolean>((resolve) => {
    probe.once("error", (error: NodeJS.ErrnoException) => resolve(error.code === "EADDRINUSE"));
    probe.listen({ host, port, exclusive: true }, () => {
      probe.close(() => resolve(false));
    });
  });
  if (inUse) throw new DevnetPortInUseError(host, port);
}
