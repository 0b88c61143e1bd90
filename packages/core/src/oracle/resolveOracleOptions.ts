import type { Address } from "viem";
import { isAddress } from "viem";
import { InvalidOptionsError } from "../errors/platform.js";
import { createPriceModel } from "./models/createPriceModel.js";
import type { PriceModelConfig } from "./models/PriceModel.js";
import { parseSymbol } from "./parseSymbol.js";

export type OracleTokenOptions = {
  /** Base price in USD. */
  base?: number;
  /** How the price moves. Default: the oracle's `model` with the token's defaults. */
  model?: PriceModelConfig;
  /** Price key for a token that is not one of the platform's. Default: {@link symbolAddress}. */
  address?: Address;
};

export type OracleOptions = {
  /** Milliseconds between pushes of the loop. Default: 60,000. */
  interval?: number;
  /** Seed of the simulation: the same seed gives the same prices. Default: 1. */
  seed?: number;
  /**
   * Model of the tokens without one of their own: "seed" (uniform within ±variation of the base,
   * the default), "gbm" or "fixed". USDC and DAI stay fixed unless given a model in `tokens`.
   */
  model?: "seed" | "gbm" | "fixed";
  /** Per-symbol base price and model, and extra tokens to price. */
  tokens?: Record<string, OracleTokenOptions>;
  /**
   * Also push as soon as a drawn price moves more than `threshold` (a fraction: 0.01 = 1%) from
   * the last pushed one; prices are drawn every `checkInterval` ms (default: interval / 6).
   */
  deviation?: { threshold: number; checkInterval?: number };
  /** Attempts per push before it fails with ORACLE_PUSH_FAILED. Default: 5. */
  maxAttempts?: number;
  /** First retry delay in ms, doubling per attempt. Default: 500. */
  retryDelay?: number;
  /**
   * @deprecated Checked, otherwise unused: pushes go through the platform's sender, which replaces
   * a stuck transaction after the platform's `replaceAfter`.
   */
  receiptTimeout?: number;
};

/** The options with their defaults, checked. */
export type ResolvedOracleOptions = {
  interval: number;
  retryDelay: number;
  receiptTimeout: number;
  maxAttempts: number;
  seed: number;
  model: "seed" | "gbm" | "fixed";
  tokens: Record<string, OracleTokenOptions>;
  deviation?: { threshold: number; checkInterval: number };
};

/**
 * Fills in the oracle's defaults and checks every option. Fails with `INVALID_OPTIONS` before
 * anything starts.
 *
 * @example
 * resolveOracleOptions({ interval: 10_000 }).seed; // 1
 */
export function resolveOracleOptions(options: OracleOptions = {}): ResolvedOracleOptions {
  const interval = options.interval ?? 60_000;
  const positive = {
    interval,
    retryDelay: options.retryDelay ?? 500,
    receiptTimeout: options.receiptTimeout ?? 30_000,
  };
  for (const [name, value] of Object.entries(positive)) {
    if (!Number.isFinite(value) || value <= 0) {
      throw new InvalidOptionsError(`oracle.${name} must be a positive number of ms, got ${value}.`);
    }
  }
  const maxAttempts = options.maxAttempts ?? 5;
  if (!Number.isInteger(maxAttempts) || maxAttempts < 1) {
    throw new InvalidOptionsError(`oracle.maxAttempts must be a positive integer, got ${maxAttempts}.`);
  }
  const seed = options.seed ?? 1;
  if (!Number.isFinite(seed)) throw new InvalidOptionsError(`oracle.seed must be a number, got ${seed}.`);
  const model = options.model ?? "seed";
  if (!["seed", "gbm", "fixed"].includes(model)) {
    throw new InvalidOptionsError(
      `oracle.model must be "seed", "gbm" or "fixed", got ${JSON.stringify(model)}.`,
    );
  }
  let deviation: { threshold: number; checkInterval: number } | undefined;
  if (options.deviation) {
    const { threshold, checkInterval = interval / 6 } = options.deviation;
    if (!(threshold > 0) || !(checkInterval > 0)) {
      throw new InvalidOptionsError("oracle.deviation needs a positive threshold and checkInterval.");
    }
    deviation = { threshold, checkInterval };
  }
  const tokens: Record<string, OracleTokenOptions> = {};
  for (const [symbol, token] of Object.entries(options.tokens ?? {})) {
    const key = parseSymbol(symbol);
    if (token.base !== undefined && !(token.base > 0 && Number.isFinite(token.base))) {
      throw new InvalidOptionsError(`oracle.tokens.${symbol}.base must be a positive number.`);
    }
    if (token.model) createPriceModel(token.model, `oracle.tokens.${symbol}.model`);
    if (token.address !== undefined && !isAddress(token.address)) {
      throw new InvalidOptionsError(`oracle.tokens.${symbol}.address is not an address.`);
    }
    tokens[key] = token;
  }
  return { ...positive, maxAttempts, seed, model, tokens, ...(deviation ? { deviation } : {}) };
}
