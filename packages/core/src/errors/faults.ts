import { PrivnetError } from "./PrivnetErrorBase.js";

/**
 * A fault asked of a platform that has no {@link ChainFaults} (no `faults` option): it runs on a
 * node it does not control.
 */
export class FaultsUnavailableError extends PrivnetError {
  override name = "FaultsUnavailableError";
  declare readonly code: "FAULTS_UNAVAILABLE";
  constructor() {
    super(
      "FAULTS_UNAVAILABLE",
      "Faults need the embedded devnet: this platform runs on a node it does not control.",
      {
        details:
          "Start the stack without --rpc-url (privnet up runs the embedded devnet), or give createPlatform the devnet's faults: createPlatform({ transport, faults: devnet.faults }).",
      },
    );
  }
}

/** A fault's settings out of range or of the wrong type: `field` names the one at fault. */
export class InvalidFaultError extends PrivnetError {
  override name = "InvalidFaultError";
  constructor(
    readonly field: string,
    reason: string,
  ) {
    super("FAULT_INVALID", `Invalid fault setting \`${field}\`: ${reason}.`);
  }
}

/** Another fault while one is under way: faults run one at a time. */
export class FaultInProgressError extends PrivnetError {
  override name = "FaultInProgressError";
  constructor(readonly running: string) {
    super("FAULT_IN_PROGRESS", `A fault is under way (${running}): faults run one at a time.`, {
      details: "Wait for it to answer, then ask again.",
    });
  }
}
