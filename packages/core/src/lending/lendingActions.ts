import type { GuardedContext } from "../context/OperationGuard.js";
import { borrow } from "./borrow.js";
import { deposit, type LendingTransferParameters } from "./deposit.js";
import { getPosition } from "./getPosition.js";
import type { LendingContext } from "./LendingContext.js";
import { type LiquidateParameters, liquidate } from "./liquidate.js";
import { repay } from "./repay.js";
import { withdraw } from "./withdraw.js";

/** What `platform.lending` needs: see {@link LendingContext}. */
export type LendingActionsContext = GuardedContext & LendingContext;

/** `platform.lending`: typed helpers over the LendingPool. See docs/lending.md. */
export function lendingActions(ctx: LendingActionsContext) {
  return {
    /** Deposits collateral (approving an ERC-20 first); see {@link deposit}. */
    deposit: (params: LendingTransferParameters) => ctx.guard(() => deposit(ctx, params)),
    /** Withdraws collateral; see {@link withdraw}. */
    withdraw: (params: LendingTransferParameters) => ctx.guard(() => withdraw(ctx, params)),
    /** Borrows against the collateral; see {@link borrow}. */
    borrow: (params: LendingTransferParameters) => ctx.guard(() => borrow(ctx, params)),
    /** Repays debt (approving an ERC-20 first); see {@link repay}. */
    repay: (params: LendingTransferParameters) => ctx.guard(() => repay(ctx, params)),
    /** Liquidates an unhealthy position; see {@link liquidate}. */
    liquidate: (params: LiquidateParameters) => ctx.guard(() => liquidate(ctx, params)),
    /** A user's collateral, debt and health factor; see {@link getPosition}. */
    position: (user: string) => ctx.guard(() => getPosition(ctx, user)),
  };
}

/** The operations of `platform.lending`. */
export type LendingActions = ReturnType<typeof lendingActions>;
