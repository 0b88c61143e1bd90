import { lendingPoolAbi } from "@privnet/core/contracts";
import type { Address, Log } from "viem";
import { parseEventLogs } from "viem";

// LendingPool.sol's constants.
const BPS = 10_000n;
const LIQUIDATION_THRESHOLD_BPS = 7_500n;
const WAD = 10n ** 18n;

/** One account's amounts in the pool, by asset (lower-case address). */
export type BookPosition = { collateral: Map<string, bigint>; debt: Map<string, bigint> };

/**
 * Every position of a LendingPool, kept from its events (Deposit, Withdraw, Borrow, Repay,
 * Liquidation) rather than read account by account: the pool charges no interest, so its events
 * say exactly what each account holds and owes. Values and health factors are computed as the
 * pool computes them (1e18-scaled USD, rounding down), from prices read once per block.
 *
 * @example
 * const book = new LendingBook();
 * book.apply(await client.getLogs({ address: pool, fromBlock, toBlock }));
 * book.healthFactor(user, prices, decimals) < 10n ** 18n; // liquidatable
 */
export class LendingBook {
  readonly #positions = new Map<string, { user: Address; position: BookPosition }>();

  /** Applies the pool's logs, in chain order; logs of other events are skipped. */
  apply(logs: Log[]) {
    for (const event of parseEventLogs({ abi: lendingPoolAbi, logs })) {
      switch (event.eventName) {
        case "Deposit":
          this.#add(event.args.user, "collateral", event.args.token, event.args.amount);
          break;
        case "Withdraw":
          this.#add(event.args.user, "collateral", event.args.token, -event.args.amount);
          break;
        case "Borrow":
          this.#add(event.args.user, "debt", event.args.token, event.args.amount);
          break;
        case "Repay":
          this.#add(event.args.user, "debt", event.args.token, -event.args.amount);
          break;
        case "Liquidation":
          this.#add(event.args.borrower, "debt", event.args.debtToken, -event.args.repayAmount);
          this.#add(event.args.borrower, "collateral", event.args.collateralToken, -event.args.seizedAmount);
          break;
        default:
          break;
      }
    }
  }

  /** The accounts that owe something. */
  borrowers(): Address[] {
    return [...this.#positions.values()]
      .filter(({ position }) => [...position.debt.values()].some((amount) => amount > 0n))
      .map(({ user }) => user);
  }

  /** What `user` holds and owes, by asset (lower-case address). */
  position(user: Address): BookPosition {
    return this.#positions.get(user.toLowerCase())?.position ?? { collateral: new Map(), debt: new Map() };
  }

  /** USD value (1e18-scaled) of `amounts`, as the pool values them; undefined when a price is missing. */
  static value(
    amounts: Map<string, bigint>,
    prices: ReadonlyMap<string, bigint>,
    decimals: ReadonlyMap<string, number>,
  ): bigint | undefined {
    let total = 0n;
    for (const [asset, amount] of amounts) {
      if (amount === 0n) continue;
      const price = prices.get(asset);
      const places = decimals.get(asset);
      if (price === undefined || places === undefined) return undefined;
      total += (amount * price) / 10n ** BigInt(places);
    }
    return total;
  }

  /** The pool's health factor of `user` at `prices` (1e18-scaled); undefined without debt or without a price. */
  healthFactor(
    user: Address,
    prices: ReadonlyMap<string, bigint>,
    decimals: ReadonlyMap<string, number>,
  ): bigint | undefined {
    const { collateral, debt } = this.position(user);
    const debtUSD = LendingBook.value(debt, prices, decimals);
    const collateralUSD = LendingBook.value(collateral, prices, decimals);
    if (!debtUSD || collateralUSD === undefined) return undefined;
    return (collateralUSD * LIQUIDATION_THRESHOLD_BPS * WAD) / (debtUSD * BPS);
  }

  #add(user: Address, side: "collateral" | "debt", token: Address, amount: bigint) {
    const key = user.toLowerCase();
    let entry = this.#positions.get(key);
    if (!entry) {
      entry = { user, position: { collateral: new Map(), debt: new Map() } };
      this.#positions.set(key, entry);
    }
    const amounts = entry.position[side];
    const asset = token.toLowerCase();
    amounts.set(asset, (amounts.get(asset) ?? 0n) + amount);
  }
}
