import type { GuardedContext } from "../context/OperationGuard.js";
import { crash } from "./crash.js";
import { depeg } from "./depeg.js";
import { freeze } from "./freeze.js";
import { getOracleStatus } from "./getOracleStatus.js";
import { getPrice } from "./getPrice.js";
import { getPrices } from "./getPrices.js";
import { listTokens } from "./listTokens.js";
import type { PriceSimulator } from "./PriceSimulator.js";
import type { PushLoop } from "./PushLoop.js";
import { pushPrices } from "./pushPrices.js";
import { resume } from "./resume.js";
import { setPrice } from "./setPrice.js";

/** What `platform.oracle` needs: the price simulator and its push loop. */
export type OracleActionsContext = GuardedContext & {
  readonly simulator: PriceSimulator;
  readonly pushLoop: PushLoop;
};

/** `platform.oracle`: the price simulator — models, push loop, set price, scenarios. See docs/oracle.md. */
export function oracleActions(ctx: OracleActionsContext) {
  const { guard, simulator, pushLoop } = ctx;
  return {
    /** The tokens the simulator prices, with their base prices and models; see {@link listTokens}. */
    tokens: () => guard(() => listTokens(simulator)),
    /** Every token's price as the PriceOracle holds it, read at one block; see {@link getPrices}. */
    prices: () => guard(() => getPrices(simulator)),
    /** One token's on-chain price; see {@link getPrice}. */
    price: (symbol: string) => guard(() => getPrice(simulator, symbol)),
    /** Draws new prices and pushes them in one transaction now; see {@link pushPrices}. */
    push: () => guard(() => pushPrices(simulator)),
    /** Writes one price on-chain at once and makes it the token's base; see {@link setPrice}. */
    setPrice: (symbol: string, price: string | number, address?: string) =>
      guard(() => setPrice(simulator, symbol, price, address)),
    /** Scenario: `symbol` falls by `percent`, at once or over `overSeconds`; see {@link crash}. */
    crash: (symbol: string, percent: number, overSeconds?: number) =>
      guard(() => crash(simulator, symbol, percent, overSeconds)),
    /** Scenario: pins `symbol` at `price` and writes it now; see {@link depeg}. */
    depeg: (symbol: string, price: string | number) => guard(() => depeg(simulator, symbol, price)),
    /** Scenario: the loop stops pushing, so prices go stale on-chain; see {@link freeze}. */
    freeze: () => guard(() => freeze(simulator)),
    /** Ends a freeze and pushes fresh prices at once; see {@link resume}. */
    resume: () => guard(() => resume(simulator)),
    /** Starts the push loop. */
    start: () => guard(() => pushLoop.start()),
    /** Stops the push loop; a push under way finishes. */
    stop: () => guard(() => pushLoop.stop()),
    /** The simulator's status, synchronously (no chain call); see {@link getOracleStatus}. */
    status: () => getOracleStatus(simulator, pushLoop),
  };
}

/** The operations of `platform.oracle`. */
export type OracleActions = ReturnType<typeof oracleActions>;
