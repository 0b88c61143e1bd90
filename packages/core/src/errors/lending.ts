import { PrivnetError } from "./PrivnetErrorBase.js";

/** The LendingPool's own revert reasons, each with its code. */
export const lendingRevertCodes = {
  "Asset not listed": "LENDING_ASSET_NOT_LISTED",
  "Insufficient collateral": "LENDING_INSUFFICIENT_COLLATERAL",
  "Withdrawal would drop health factor below 1": "LENDING_HEALTH_FACTOR_TOO_LOW",
  "Borrow exceeds loan-to-value": "LENDING_BORROW_EXCEEDS_LTV",
  "Insufficient liquidity": "LENDING_INSUFFICIENT_LIQUIDITY",
  "No debt to repay": "LENDING_NO_DEBT",
  "Health factor not below 1": "LENDING_NOT_LIQUIDATABLE",
  "Repay exceeds close factor": "LENDING_REPAY_EXCEEDS_CLOSE_FACTOR",
  "Insufficient collateral to seize": "LENDING_INSUFFICIENT_COLLATERAL_TO_SEIZE",
} as const;

export type LendingRevertReason = keyof typeof lendingRevertCodes;
export type LendingErrorCode = (typeof lendingRevertCodes)[LendingRevertReason] | "LENDING_REVERTED";

/**
 * The LendingPool refused a call. `reason` is the contract's revert string ("Borrow exceeds
 * loan-to-value", …); `code` names it (see {@link lendingRevertCodes}); a reason privnet does not
 * know is `LENDING_REVERTED`.
 */
export class LendingError extends PrivnetError {
  override name = "LendingError";
  declare readonly code: LendingErrorCode;
  constructor(
    code: LendingErrorCode,
    readonly reason: string,
    options: { cause?: unknown } = {},
  ) {
    super(code, `The lending pool refused: ${reason}.`, { cause: options.cause });
  }
}
