import { PrivnetError, type PrivnetErrorOptions } from "./PrivnetErrorBase.js";

/** The codes of the fault family: each is one class below, all built on {@link FaultError}. */
export type FaultErrorCode =
  | "FAULTS_UNAVAILABLE"
  | "FAULT_INVALID"
  | "FAULT_IN_PROGRESS"
  | "FAULT_UNSUPPORTED";

/**
 * A fault (`ChainFaults`: `devnet.faults`, `platform.faults`, the admin API's fault routes) was
 * refused. Each code has its own class, so `instanceof` narrows by code:
 * {@link InvalidFaultError} (`FAULT_INVALID`), {@link FaultInProgressError} (`FAULT_IN_PROGRESS`),
 * {@link FaultUnsupportedError} (`FAULT_UNSUPPORTED`), {@link FaultsUnavailableError}
 * (`FAULTS_UNAVAILABLE`).
 *
 * @example
 * try { await devnet.faults.reorg({ depth }); }
 * catch (error) {
 *   if (error instanceof InvalidFaultError) console.log(error.field, error.rule);
 *   else if (error instanceof FaultError) console.log(error.code);
 * }
 */
export abstract class FaultError extends PrivnetError {
  declare readonly code: FaultErrorCode;
  constructor(code: FaultErrorCode, shortMessage: string, options?: PrivnetErrorOptions) {
    super(code, shortMessage, options);
  }
}

/**
 * A fault asked of a platform that has no {@link ChainFaults} (no `faults` option): it runs on a
 * node it does not control.
 */
export class FaultsUnavailableError extends FaultError {
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

/**
 * A fault's settings out of range or of the wrong type, or one the chain refuses (a depth below
 * genesis): `field` names the setting (`depth`, `drop[2]`, `options` for the whole), `rule` says
 * what it must be.
 */
export class InvalidFaultError extends FaultError {
  override name = "InvalidFaultError";
  declare readonly code: "FAULT_INVALID";
  constructor(
    readonly field: string,
    readonly rule: string,
  ) {
    super("FAULT_INVALID", `Invalid fault setting \`${field}\`: ${rule}.`);
  }
}

/** Another fault while one is under way: faults run one at a time. `running` names the one under way. */
export class FaultInProgressError extends FaultError {
  override name = "FaultInProgressError";
  declare readonly code: "FAULT_IN_PROGRESS";
  constructor(readonly running: string) {
    super("FAULT_IN_PROGRESS", `A fault is under way (${running}): faults run one at a time.`, {
      details:
        "Wait for it to answer (a timed one: for it to end, or recover() ends it now), then ask again.",
    });
  }
}

/**
 * A fault this chain cannot carry out: `restart`, `unreachable` and `feeSpike` need the devnet's
 * clock relay, which a devnet started with `clock: false` runs without.
 */
export class FaultUnsupportedError extends FaultError {
  override name = "FaultUnsupportedError";
  declare readonly code: "FAULT_UNSUPPORTED";
  constructor(
    readonly fault: string,
    reason = "it needs the devnet's clock relay, and this devnet runs without it (clock: false)",
  ) {
    super("FAULT_UNSUPPORTED", `This devnet cannot carry out ${fault}: ${reason}.`);
  }
}
