import type { Address, Hash } from "viem";
import { formatEther, formatGwei } from "viem";
import { PrivnetError } from "./PrivnetErrorBase.js";
import { quoteInput } from "./quoteInput.js";

export class InvalidAddressError extends PrivnetError {
  override name = "InvalidAddressError";
  declare readonly code: "INVALID_ADDRESS";
  constructor(field: string, value: unknown, reason: string) {
    super("INVALID_ADDRESS", `\`${field}\` is not a valid address (${quoteInput(value)}): ${reason}`, {
      details:
        "An address is 20 bytes written as 0x and 40 hex digits. Mixed-case addresses must carry a valid EIP-55 checksum; all lower or all upper case is accepted without one.",
    });
  }
}

export class InvalidAmountError extends PrivnetError {
  override name = "InvalidAmountError";
  declare readonly code: "INVALID_AMOUNT";
  constructor(value: unknown, reason: string) {
    super("INVALID_AMOUNT", `The amount ${quoteInput(value)} is not valid: ${reason}`, {
      details: 'Amounts are positive decimal ETH strings with at most 18 decimals, e.g. "0.25".',
    });
  }
}

export class FeeAboveCapError extends PrivnetError {
  override name = "FeeAboveCapError";
  declare readonly code: "FEE_ABOVE_CAP";
  constructor(
    readonly address: string,
    readonly baseFeePerGas: bigint,
    readonly maxFeePerGasCap: bigint,
  ) {
    super(
      "FEE_ABOVE_CAP",
      `${address} sends nothing at a base fee of ${formatGwei(baseFeePerGas)} gwei: its fee cap is ${formatGwei(maxFeePerGasCap)} gwei per gas.`,
      {
        details:
          "The send can go once the base fee (plus the tip) falls within the cap, or with a higher cap.",
      },
    );
  }
}

export class InsufficientFundsError extends PrivnetError {
  override name = "InsufficientFundsError";
  declare readonly code: "INSUFFICIENT_FUNDS";
  constructor(
    readonly address: string,
    readonly balance: bigint,
    readonly required: bigint,
  ) {
    super(
      "INSUFFICIENT_FUNDS",
      `${address} has ${formatEther(balance)} ETH available but the transfer needs ${formatEther(required)} ETH (amount plus the maximum fee).`,
      { details: "Fund the sender or send a smaller amount." },
    );
  }
}

/** The node kept refusing the nonce after the sender resynchronised and retried. */
export class NonceConflictError extends PrivnetError {
  override name = "NonceConflictError";
  declare readonly code: "NONCE_CONFLICT";
  constructor(address: string, options: { cause?: unknown } = {}) {
    super("NONCE_CONFLICT", `The node kept rejecting the nonce of ${address} after retries.`, {
      details:
        "Something outside this platform (and outside its storage's lock) is sending from the same address. Send from one place, or share one database between the platforms.",
      cause: options.cause,
    });
  }
}

export class TransactionRejectedError extends PrivnetError {
  override name = "TransactionRejectedError";
  declare readonly code: "TRANSACTION_REJECTED";
  constructor(reason: string, options: { cause?: unknown } = {}) {
    super("TRANSACTION_REJECTED", `The node rejected the transaction: ${reason}`, { cause: options.cause });
  }
}

/** A transaction that was accepted did not confirm: it reverted, was dropped, or its chain was reset. */
export class TransactionFailedError extends PrivnetError {
  override name = "TransactionFailedError";
  declare readonly code: "TRANSACTION_FAILED";
  constructor(
    readonly hash: Hash,
    reason: string,
  ) {
    super("TRANSACTION_FAILED", `Transaction ${hash} failed: ${reason}`);
  }
}

export class InvalidQueryError extends PrivnetError {
  override name = "InvalidQueryError";
  declare readonly code: "INVALID_QUERY";
  constructor(message: string) {
    super("INVALID_QUERY", message);
  }
}

/** A CREATE2 deployment whose address already holds code: sending it would only revert. */
export class ContractExistsError extends PrivnetError {
  override name = "ContractExistsError";
  declare readonly code: "CONTRACT_EXISTS";
  constructor(readonly address: Address) {
    super("CONTRACT_EXISTS", `A contract already exists at ${address}.`, {
      details:
        "The same salt and init code always give the same CREATE2 address, and it already holds code. Nothing was sent. Use another salt to deploy the code again.",
    });
  }
}

/** The deterministic CREATE2 factory is not on the chain and cannot be put there. */
export class Create2FactoryUnavailableError extends PrivnetError {
  override name = "Create2FactoryUnavailableError";
  declare readonly code: "CREATE2_FACTORY_UNAVAILABLE";
  constructor(reason: string, options: { cause?: unknown } = {}) {
    super("CREATE2_FACTORY_UNAVAILABLE", `The CREATE2 factory is not available: ${reason}`, {
      details:
        "privnet deploys the deterministic deployment proxy (0x4e59b44847b379578588920ca78fbf26c0b4956c) with its pre-signed transaction from 0x3fab184622dc19b6109349b94811493bf2a45362, which needs that account's nonce 0 unused and a node that takes transactions without a chain id.",
      cause: options.cause,
    });
  }
}
