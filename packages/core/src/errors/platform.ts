import { PrivnetError } from "./PrivnetErrorBase.js";

export class ChainUnreachableError extends PrivnetError {
  override name = "ChainUnreachableError";
  declare readonly code: "CHAIN_UNREACHABLE";
  constructor(options: { cause?: unknown } = {}) {
    super("CHAIN_UNREACHABLE", "The chain's JSON-RPC endpoint did not answer.", {
      details: "Check that the node is running and that the transport's URL is right.",
      cause: options.cause,
    });
  }
}

export class ChainIdMismatchError extends PrivnetError {
  override name = "ChainIdMismatchError";
  declare readonly code: "CHAIN_ID_MISMATCH";
  constructor(
    readonly expected: number,
    readonly actual: number,
  ) {
    super("CHAIN_ID_MISMATCH", `The node's chain id is ${actual}, expected ${expected}.`, {
      details: "Pass the matching `chain` to createPlatform, or point the transport at the right node.",
    });
  }
}

export class PlatformClosedError extends PrivnetError {
  override name = "PlatformClosedError";
  declare readonly code: "PLATFORM_CLOSED";
  constructor() {
    super("PLATFORM_CLOSED", "The platform is closed.");
  }
}

export class InvalidOptionsError extends PrivnetError {
  override name = "InvalidOptionsError";
  declare readonly code: "INVALID_OPTIONS";
  constructor(message: string, details?: string) {
    super("INVALID_OPTIONS", message, details === undefined ? {} : { details });
  }
}
