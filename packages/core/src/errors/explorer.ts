import { PrivnetError } from "./PrivnetErrorBase.js";
import { quoteInput } from "./quoteInput.js";

/** No block with this number or hash, in the index or on the chain. */
export class BlockNotFoundError extends PrivnetError {
  override name = "BlockNotFoundError";
  declare readonly code: "BLOCK_NOT_FOUND";
  constructor(readonly block: string) {
    super("BLOCK_NOT_FOUND", `Block ${quoteInput(block)} not found.`, {
      details: "Give a block number the chain has reached, or the hash of a block it holds.",
    });
  }
}

/** Neither the index nor the node knows a transaction with this hash. */
export class TransactionNotFoundError extends PrivnetError {
  override name = "TransactionNotFoundError";
  declare readonly code: "TRANSACTION_NOT_FOUND";
  constructor(readonly hash: string) {
    super("TRANSACTION_NOT_FOUND", `Transaction ${quoteInput(hash)} not found.`, {
      details:
        "Neither the node nor the explorer's index knows it: it was never sent, or the chain went back.",
    });
  }
}

/** No ABI is known for this address (not a platform, bot or registered contract, nor a token). */
export class ContractNotFoundError extends PrivnetError {
  override name = "ContractNotFoundError";
  declare readonly code: "CONTRACT_NOT_FOUND";
  constructor(readonly address: string) {
    super("CONTRACT_NOT_FOUND", `No contract ABI is known for ${quoteInput(address)}.`, {
      details: "Register its ABI with POST /contracts (platform.contracts.register) first.",
    });
  }
}

/** A folder of build artifacts to load that cannot be read (missing, not a folder, no access). */
export class ArtifactsUnreadableError extends PrivnetError {
  override name = "ArtifactsUnreadableError";
  declare readonly code: "ARTIFACTS_UNREADABLE";
  constructor(
    readonly source: string,
    reason: string,
  ) {
    super("ARTIFACTS_UNREADABLE", `Cannot read the artifacts at ${quoteInput(source)}: ${reason}.`, {
      details:
        "Give a Hardhat artifacts/ folder, a Foundry out/ folder or a folder of solc standard-JSON outputs.",
    });
  }
}

/** An ABI given to register is not a valid JSON ABI: `problems` lists each mistake found. */
export class InvalidAbiError extends PrivnetError {
  override name = "InvalidAbiError";
  declare readonly code: "INVALID_ABI";
  constructor(readonly problems: readonly string[]) {
    super("INVALID_ABI", `The ABI is not valid: ${firstProblems(problems)}.`, {
      details: "An ABI is the JSON array solc, Hardhat and Foundry write (functions, events, errors, …).",
    });
  }
}

/** Registering an ABI for an address the chain holds no code at. */
export class NoContractCodeError extends PrivnetError {
  override name = "NoContractCodeError";
  declare readonly code: "NO_CONTRACT_CODE";
  constructor(readonly address: string) {
    super("NO_CONTRACT_CODE", `The chain holds no contract code at ${address}.`, {
      details: "Deploy the contract first (or check the address): an ABI is registered for a contract.",
    });
  }
}

/** A label (or a registered contract's name) that is empty or too long. */
export class InvalidLabelError extends PrivnetError {
  override name = "InvalidLabelError";
  declare readonly code: "INVALID_LABEL";
  constructor(reason: string) {
    super("INVALID_LABEL", reason);
  }
}

/** A read of a contract names a function its ABI lacks, one that writes, or arguments that do not fit. */
export class InvalidContractCallError extends PrivnetError {
  override name = "InvalidContractCallError";
  declare readonly code: "INVALID_CONTRACT_CALL";
  constructor(reason: string, options: { cause?: unknown } = {}) {
    super("INVALID_CONTRACT_CALL", reason, options);
  }
}

/** A read of a contract reverted: `reason` is the revert reason or the decoded custom error. */
export class ContractReadRevertedError extends PrivnetError {
  override name = "ContractReadRevertedError";
  declare readonly code: "CONTRACT_READ_REVERTED";
  constructor(readonly reason: string) {
    super("CONTRACT_READ_REVERTED", `The call reverted: ${reason}.`);
  }
}

/** The platform runs without an explorer (turned off, or a storage adapter without one). */
export class ExplorerUnavailableError extends PrivnetError {
  override name = "ExplorerUnavailableError";
  declare readonly code: "EXPLORER_UNAVAILABLE";
  constructor() {
    super("EXPLORER_UNAVAILABLE", "The explorer is not running on this platform.", {
      details:
        "It needs a storage adapter with an explorer store (memory, sqlite, postgres) and `explorer` not set to false.",
    });
  }
}

/** The problems joined while they fit in 300 characters (the first always), and how many more. */
function firstProblems(problems: readonly string[]): string {
  let text = "";
  let shown = 0;
  for (const problem of problems) {
    const next = shown === 0 ? problem.slice(0, 300) : `${text}; ${problem}`;
    if (shown > 0 && next.length > 300) break;
    text = next;
    shown++;
  }
  return shown < problems.length ? `${text}; and ${problems.length - shown} more` : text;
}

/** A simulation that cannot run as given: `reason` names the call, override or path and what is wrong. */
export class InvalidSimulationError extends PrivnetError {
  override name = "InvalidSimulationError";
  declare readonly code: "INVALID_SIMULATION";
  constructor(reason: string, options: { cause?: unknown } = {}) {
    super("INVALID_SIMULATION", reason, options);
  }
}

/** No saved simulation has this id. */
export class SimulationNotFoundError extends PrivnetError {
  override name = "SimulationNotFoundError";
  declare readonly code: "SIMULATION_NOT_FOUND";
  constructor(readonly id: string) {
    super("SIMULATION_NOT_FOUND", `Simulation ${quoteInput(id)} not found.`, {
      details: "Only simulations run with `save: true` are kept.",
    });
  }
}
