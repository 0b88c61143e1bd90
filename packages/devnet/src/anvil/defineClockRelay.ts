import { defineInstance, type Instance } from "@privnet/core";
import { DevnetPortInUseError, DevnetStartError } from "../errors.js";
import { anvilRequest } from "./anvilRequest.js";
import { timestampInterval } from "./blockTime.js";
import type { ChainPolicySettings } from "./clock/chainPolicy.js";
import { type ClockWorker, type ClockWorkerOwner, startClockWorker } from "./clock/startClockWorker.js";
import type { AnvilInstance } from "./defineAnvil.js";

/** The clock relay as an instance: see {@link defineClockRelay}. */
export type ClockRelayInstance = Instance & {
  /** The devnet's port, where the relay listens. */
  readonly port: number;
  /** The relay's faults port (loopback): open while the devnet's port refuses connections. */
  readonly faultsPort: number;
  /** Relays to `anvil`'s port from now on (once it restarted on a new one). */
  retarget(): Promise<void>;
};

export type DefineClockRelayParameters = {
  /** The anvil it stands in front of; started before the relay. */
  anvil: AnvilInstance;
  host: string;
  /** The devnet's port; 0 picks a free one. */
  port: number;
  blockTime: number;
  automineFirst: boolean;
  /** What the relay asks of the devnet (a restart). */
  owner: ClockWorkerOwner;
  /** The devnet port's method policy and limits; none: open. */
  policy?: ChainPolicySettings | undefined;
  /** The devnet's port speaks TLS with this key and certificate (PEM text). Default: clear text. */
  tls?: { cert: string; key: string } | undefined;
  /** The chain archive the relay answers blocks anvil dropped from. Default: none. */
  archivePath?: string | undefined;
  /**
   * Blocks anvil may mine past the archive's top before the relay has the archive catch up, when
   * blocks come one per transaction (automine): the block window less the archive's depth, halved.
   */
  archiveSlack?: number | undefined;
};

/**
 * The devnet's clock relay (docs/devnet.md, "Block timestamps") as an instance: its start sets
 * anvil's block timestamp interval and runs the relay's thread on the devnet's port, in front of
 * `anvil`; its stop closes the relay's connections and ends the thread. A taken port is
 * `DEVNET_PORT_IN_USE`.
 *
 * @example
 * const relay = defineClockRelay({ anvil, host: "127.0.0.1", port: 8545, blockTime: 2, automineFirst: false, owner });
 * await startServices([anvil, relay]);
 */
export function defineClockRelay(parameters: DefineClockRelayParameters): ClockRelayInstance {
  const { anvil, host, port } = parameters;
  let worker: ClockWorker | undefined;
  const instance = defineInstance({
    name: "the clock relay",
    async start() {
      const automine = parameters.blockTime === 0 || parameters.automineFirst;
      const interval = timestampInterval(automine ? 0 : parameters.blockTime);
      try {
        await anvilRequest(anvil.url, "anvil_setBlockTimestampInterval", [interval]);
        worker = await startClockWorker(
          {
            host,
            port,
            anvilPort: anvil.port,
            interval,
            automine,
            tls: parameters.tls,
            archivePath: parameters.archivePath,
            archiveSlack: parameters.archiveSlack,
            ...(parameters.policy ? { policy: parameters.policy } : {}),
          },
          parameters.owner,
        );
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "EADDRINUSE")
          throw new DevnetPortInUseError(host, port);
        if (error instanceof DevnetStartError) throw error;
        throw new DevnetStartError(error instanceof Error ? error.message : String(error), "", error);
      }
    },
    async stop() {
      await worker?.close();
    },
  });
  const started = () => {
    if (!worker) throw new Error(`the clock relay is ${instance.status}: it does not listen`);
    return worker;
  };
  return Object.defineProperties(instance, {
    port: { get: () => started().port, enumerable: true },
    faultsPort: { get: () => started().faultsPort, enumerable: true },
    retarget: { value: () => started().retarget(anvil.port) },
  }) as ClockRelayInstance;
}
