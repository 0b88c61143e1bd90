import type { Address } from "viem";
import { PrivnetError } from "./PrivnetErrorBase.js";
import { quoteInput } from "./quoteInput.js";

/** A token symbol that is empty or not 1 to 11 letters and digits. */
export class InvalidSymbolError extends PrivnetError {
  override name = "InvalidSymbolError";
  declare readonly code: "INVALID_SYMBOL";
  constructor(value: unknown) {
    super("INVALID_SYMBOL", `The symbol ${quoteInput(value)} is not valid.`, {
      details: 'A symbol is 1 to 11 letters or digits, e.g. "ETH" or "USDC".',
    });
  }
}

/** A price that is not a positive decimal USD string with at most 18 decimals. */
export class InvalidPriceError extends PrivnetError {
  override name = "InvalidPriceError";
  declare readonly code: "INVALID_PRICE";
  constructor(value: unknown, reason: string) {
    super("INVALID_PRICE", `The price ${quoteInput(value)} is not valid: ${reason}`, {
      details:
        'Prices are positive decimal USD strings (or numbers) with at most 18 decimals, e.g. "1999.5".',
    });
  }
}

/** The oracle simulator has no token with this symbol. */
export class UnknownSymbolError extends PrivnetError {
  override name = "UnknownSymbolError";
  declare readonly code: "UNKNOWN_SYMBOL";
  constructor(readonly symbol: string) {
    super("UNKNOWN_SYMBOL", `No token with symbol ${symbol} is priced by the oracle.`, {
      details: "List the prices to see the known symbols; setPrice adds a new one.",
    });
  }
}

/** The oracle's price of `token` is older than its heartbeat: the contract reverted "Price is stale". */
export class PriceStaleError extends PrivnetError {
  override name = "PriceStaleError";
  declare readonly code: "PRICE_STALE";
  constructor(
    readonly token: Address,
    /** Seconds since the price was last updated, at the latest block. */
    readonly ageSeconds: number,
    readonly symbol?: string,
  ) {
    super(
      "PRICE_STALE",
      `The price of ${symbol ?? token} is stale: last updated ${ageSeconds} s ago, beyond its heartbeat.`,
      {
        details:
          "Resume the oracle (platform.oracle.resume()) or push a price; the chain rejects stale prices.",
      },
    );
  }
}

/** The oracle never had a price for `token`: the contract reverted "Price not available". */
export class PriceNotAvailableError extends PrivnetError {
  override name = "PriceNotAvailableError";
  declare readonly code: "PRICE_NOT_AVAILABLE";
  /** Always null: a price never set has no age. */
  readonly ageSeconds = null;
  constructor(
    readonly token: Address,
    readonly symbol?: string,
  ) {
    super("PRICE_NOT_AVAILABLE", `The oracle has no price for ${symbol ?? token}.`, {
      details: "Push a price for it first (platform.oracle.setPrice or the push loop).",
    });
  }
}

/** An `updatePrices` transaction failed on every attempt (the chain did not answer, or it reverted). */
export class OraclePushFailedError extends PrivnetError {
  override name = "OraclePushFailedError";
  declare readonly code: "ORACLE_PUSH_FAILED";
  constructor(
    readonly attempts: number,
    reason: string,
    options: { cause?: unknown } = {},
  ) {
    super(
      "ORACLE_PUSH_FAILED",
      `Pushing prices to the oracle failed after ${attempts} attempt(s): ${reason}`,
      {
        cause: options.cause,
      },
    );
  }
}
