import type { Address, PublicClient } from "viem";
import type { BotTransaction } from "./BotDefinition.js";

/** What {@link estimateCache} adds to the node's estimate of each kind of send. */
export type EstimateCacheParameters = {
  /** Percent added to the node's estimate. Default 20 (what `ctx.send` adds to its own estimate). */
  margin?: number | undefined;
  /** Gas added on top, for work the estimate cannot see (a storage write only a later block makes). */
  extra?: bigint | undefined;
};

/** Gas limits by kind of send, estimated once each. See {@link estimateCache}. */
export type EstimateCache = {
  /**
   * The gas limit of sends of kind `key`: the node's estimate of the first of them, from
   * `ctx.address`, plus the margin and the extra; the same for the others. A failed estimate is not
   * kept: the next send of its kind asks again.
   */
  gas(
    ctx: { readonly client: PublicClient; readonly address: Address },
    key: string,
    transaction: Pick<BotTransaction, "to" | "value" | "data">,
  ): Promise<bigint>;
  /** Forgets every kind (estimated again at the next send of each). */
  clear(): void;
};

/**
 * A cache of gas limits by kind of send, for a bot whose sends of one kind cost the same each
 * time (a swap in one pool and direction, a liquidation of one pair): an estimate costs the node a
 * dozen runs of the call, and estimating each send caps a scenario at a fraction of a block. Keep
 * one per run (in what `setup` returns), so that a new run estimates afresh.
 *
 * @example
 * const gas = estimateCache({ margin: 30 });
 * await ctx.send({ ...liquidation, gas: await gas.gas(ctx, `${debt}:${collateral}`, liquidation) });
 */
export function estimateCache(parameters: EstimateCacheParameters = {}): EstimateCache {
  const percent = parameters.margin ?? 20;
  if (!Number.isSafeInteger(percent) || percent < 0) {
    throw new RangeError(`estimateCache: margin is a whole percent, 0 or more; got ${percent}.`);
  }
  const margin = BigInt(percent);
  const extra = parameters.extra ?? 0n;
  const limits = new Map<string, Promise<bigint>>();
  return {
    gas(ctx, key, transaction) {
      let limit = limits.get(key);
      if (!limit) {
        limit = ctx.client
          .estimateGas({
            account: ctx.address,
            to: transaction.to,
            value: transaction.value,
            data: transaction.data,
          })
          .then((estimate) => (estimate * (100n + margin)) / 100n + extra);
        limits.set(key, limit);
        limit.catch(() => {
          if (limits.get(key) === limit) limits.delete(key);
        });
      }
      return limit;
    },
    clear() {
      limits.clear();
    },
  };
}
