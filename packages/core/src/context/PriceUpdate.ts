import type { Address, Hash } from "viem";

/** Why a push happened. */
export type PushReason = "tick" | "deviation" | "manual" | "setPrice" | "scenario" | "resume";

/** One token's price as written on-chain by a push (the `price` event). */
export type PriceUpdate = {
  symbol: string;
  address: Address;
  /** USD, decimal string. */
  price: string;
  /** USD × 1e18, as the contract stores it. */
  priceWei: bigint;
  /** The block's timestamp, Unix seconds. */
  timestamp: number;
  blockNumber: bigint;
  /** The push's transaction. */
  hash: Hash;
  /**
   * The index of the PriceUpdated log in its block. With `hash` it names the update: two pushes
   * of the same price in one second (one block timestamp) are two updates.
   */
  logIndex: number;
  reason: PushReason;
};

/** What the oracle simulator reports besides prices (the `oracle` event). */
export type OracleEvent =
  | {
      /**
       * The push queue took a request: its prices (symbol → USD decimal string) go out with the
       * next push, together with every other request waiting for it. Emitted in the order the
       * requests were taken, which is the order in which a later price of a symbol replaces an
       * earlier one.
       */
      type: "queued";
      reason: PushReason;
      prices: Record<string, string>;
    }
  | { type: "pushed"; hash: Hash; blockNumber: bigint; reason: PushReason; attempts: number }
  | {
      type: "push-failed";
      reason: PushReason;
      attempt: number;
      maxAttempts: number;
      /** False on the last attempt: the push is then rejected with ORACLE_PUSH_FAILED. */
      willRetry: boolean;
      error: Error;
    }
  | { type: "redeployed"; priceOracle: Address }
  | { type: "frozen" }
  | { type: "resumed" }
  | { type: "started"; interval: number }
  | { type: "stopped" };
