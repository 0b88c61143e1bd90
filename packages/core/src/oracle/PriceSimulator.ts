import type { EventEmitter } from "eventemitter3";
import { type Address, formatEther, getAddress, isAddress, type PublicClient } from "viem";
import type { PlatformContractsService } from "../contracts/connectPlatformContracts.js";
import { NATIVE_ETH_ADDRESS } from "../contracts/platformContracts.js";
import { InvalidPriceError, UnknownSymbolError } from "../errors/oracle.js";
import { InvalidOptionsError } from "../errors/platform.js";
import { InvalidAddressError } from "../errors/sender.js";
import type { PlatformEvents } from "../events/PlatformEvents.js";
import type { StorageAdapter } from "../storage/StorageAdapter.js";
import { createRandom, type Random } from "./createRandom.js";
import { createPriceModel } from "./models/createPriceModel.js";
import type { PriceModel, PriceModelConfig } from "./models/PriceModel.js";
import { emptyOracleState, ORACLE_STATE_KEY, type OracleState, parseOracleState } from "./OracleState.js";
import { PricePushQueue, type PushResult } from "./PricePushQueue.js";
import type { PushReason } from "./PriceUpdate.js";
import { parsePrice, priceFromNumber } from "./parsePrice.js";
import { parseSymbol } from "./parseSymbol.js";
import { type OnChainPrice, readPrices } from "./readPrices.js";
import { symbolAddress } from "./symbolAddress.js";
import { unreachableAsTyped } from "./unreachableAsTyped.js";

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
  /** Ms to wait for a push's receipt before replacing it. Default: 30,000. */
  receiptTimeout?: number;
};

/** One token the simulator prices. */
export type OracleToken = {
  symbol: string;
  address: Address;
  /** USD. */
  base: number;
  model: PriceModelConfig;
};

export type OraclePushReturnType = {
  hash: `0x${string}`;
  blockNumber: bigint;
  /** Symbol → USD decimal string, as written. */
  prices: Record<string, string>;
  /** Unix seconds of the block. */
  timestamp: number;
};

export type SetPriceReturnType = {
  symbol: string;
  address: Address;
  /** USD decimal string, read back from the contract. */
  price: string;
  hash: `0x${string}`;
  blockNumber: bigint;
};

export type OracleStatus = {
  running: boolean;
  frozen: boolean;
  interval: number;
  seed: number;
  /** The PriceOracle's address, or null before the contracts were ensured. */
  contract: Address | null;
  lastPush: { hash: string; blockNumber: string; at: string; reason: string; ageSeconds: number } | null;
  /** The last failed attempt since the last success, or null. */
  lastError: { message: string; code: string | null; at: string } | null;
  consecutiveFailures: number;
  /** A crash in progress. */
  scenario: {
    type: "crash";
    symbol: string;
    from: number;
    to: number;
    overSeconds: number;
    startedAt: string;
  } | null;
};

type TokenState = OracleToken & {
  live: PriceModel;
  random: Random;
  current: number;
  lastPushed: number | null;
};

const defaults: Record<string, { base: number; variation: number; volatility: number; stable: boolean }> = {
  ETH: { base: 2000, variation: 0.02, volatility: 0.6, stable: false },
  USDC: { base: 1, variation: 0, volatility: 0, stable: true },
  DAI: { base: 1, variation: 0, volatility: 0, stable: true },
};
const platformTokenDefaults = { base: 1, variation: 0.05, volatility: 1, stable: false };

/**
 * The price simulator behind `platform.oracle`: draws prices per token from a seeded model,
 * pushes them to the PriceOracle in one `updatePrices` per tick from its own updater key, runs
 * scenarios, and keeps its state (frozen, scenario, moved bases, last push) in
 * `storage.state["oracle.state"]`.
 */
export class PriceSimulator {
  readonly #client: PublicClient;
  readonly #storage: StorageAdapter;
  readonly #events: EventEmitter<PlatformEvents>;
  readonly #contracts: PlatformContractsService;
  readonly #options: Required<Omit<OracleOptions, "deviation" | "tokens" | "model">> & {
    model: "seed" | "gbm" | "fixed";
    tokens: Record<string, OracleTokenOptions>;
    deviation?: { threshold: number; checkInterval: number };
  };
  readonly #queue: PricePushQueue;
  #tokens: Map<string, TokenState> | undefined;
  #state: OracleState = emptyOracleState();
  #ready: Promise<void> | undefined;
  #timers: NodeJS.Timeout[] = [];
  #ticking: Promise<unknown> | undefined;
  #lastDraw = Date.now();
  #lastError: OracleStatus["lastError"] = null;
  #failures = 0;
  #oracle: Address | null = null;

  constructor(
    deps: {
      client: PublicClient;
      storage: StorageAdapter;
      events: EventEmitter<PlatformEvents>;
      contracts: PlatformContractsService;
    },
    options: OracleOptions = {},
  ) {
    this.#client = deps.client;
    this.#storage = deps.storage;
    this.#events = deps.events;
    this.#contracts = deps.contracts;
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
    this.#options = { ...positive, maxAttempts, seed, model, tokens, ...(deviation ? { deviation } : {}) };
    this.#queue = new PricePushQueue({
      client: this.#client,
      updater: this.#contracts.updaterClient,
      oracle: async ({ missing }) => {
        const before = this.#oracle;
        const contracts = missing ? await this.#contracts.refresh() : await this.#contracts.get();
        this.#oracle = contracts.addresses.priceOracle;
        if (missing) {
          await this.#resolveTokens(true);
          this.#events.emit("oracle", { type: "redeployed", priceOracle: contracts.addresses.priceOracle });
          if (before === this.#oracle) return this.#oracle;
        }
        return contracts.addresses.priceOracle;
      },
      addressOf: (symbol) => this.#token(symbol).address,
      report: (event) => {
        if (event.type === "push-failed") {
          this.#failures++;
          this.#lastError = {
            message: event.error.message.split("\n")[0] ?? "",
            code: "code" in event.error ? String(event.error.code) : null,
            at: new Date().toISOString(),
          };
        } else if (event.type === "pushed") {
          this.#failures = 0;
          this.#lastError = null;
        }
        this.#events.emit("oracle", event);
      },
      maxAttempts,
      retryDelay: positive.retryDelay,
      receiptTimeout: positive.receiptTimeout,
    });
  }

  /** Loads the stored state and resolves the tokens' addresses (ensuring the contracts). */
  ready(): Promise<void> {
    this.#ready ??= (async () => {
      this.#state = parseOracleState(await this.#storage.state.get(ORACLE_STATE_KEY));
      await this.#resolveTokens(false);
    })().catch((error: unknown) => {
      this.#ready = undefined;
      throw error;
    });
    return this.#ready;
  }

  async #resolveTokens(refresh: boolean): Promise<void> {
    const contracts = await this.#contracts.get();
    this.#oracle = contracts.addresses.priceOracle;
    const platformSymbol = parseSymbol(contracts.platformTokenSymbol);
    const known: [string, Address][] = [
      ["ETH", NATIVE_ETH_ADDRESS],
      [platformSymbol, contracts.addresses.platformToken],
      ["USDC", contracts.addresses.usdc],
      ["DAI", contracts.addresses.dai],
    ];
    for (const [symbol, token] of Object.entries(this.#options.tokens)) {
      if (!known.some(([name]) => name === symbol))
        known.push([symbol, token.address ?? symbolAddress(symbol)]);
    }
    for (const [symbol, address] of Object.entries(this.#state.custom)) {
      if (!known.some(([name]) => name === symbol)) known.push([symbol, address as Address]);
    }
    const previous = this.#tokens;
    const tokens = new Map<string, TokenState>();
    for (const [symbol, address] of known) {
      const fallback = defaults[symbol] ?? (symbol === platformSymbol ? platformTokenDefaults : undefined);
      const own = this.#options.tokens[symbol];
      const base = this.#state.bases[symbol] ?? own?.base ?? fallback?.base ?? 1;
      const config: PriceModelConfig =
        this.#state.models[symbol] ??
        own?.model ??
        (fallback === undefined || fallback.stable || this.#options.model === "fixed"
          ? { type: "fixed" }
          : this.#options.model === "gbm"
            ? { type: "gbm", volatility: fallback.volatility }
            : { type: "seed", variation: fallback.variation });
      const kept = refresh ? previous?.get(symbol) : undefined;
      tokens.set(symbol, {
        symbol,
        address: getAddress(address),
        base,
        model: config,
        live: createPriceModel(config, `oracle.tokens.${symbol}.model`),
        random: kept?.random ?? createRandom(this.#options.seed, symbol),
        current: kept?.current ?? base,
        lastPushed: kept?.lastPushed ?? null,
      });
    }
    this.#tokens = tokens;
  }

  #token(symbol: unknown): TokenState {
    const key = parseSymbol(symbol);
    const token = this.#tokens?.get(key);
    if (!token) throw new UnknownSymbolError(key);
    return token;
  }

  async #save(): Promise<void> {
    await this.#storage.state.set(ORACLE_STATE_KEY, this.#state);
  }

  /** The tokens priced, with their base prices and models. */
  async tokens(): Promise<OracleToken[]> {
    await this.ready();
    return [...(this.#tokens?.values() ?? [])].map(({ symbol, address, base, model }) => ({
      symbol,
      address,
      base,
      model,
    }));
  }

  /**
   * Draws the next price of every token: its model, or the crash in progress. Advances the seeded
   * random sources, so the same seed and the same calls give the same prices.
   */
  draw(now = Date.now()): Map<string, number> {
    // The time that really passed, within 1 ms and ten intervals (a long idle is not a long jump).
    const dtSeconds = Math.min(
      Math.max((now - this.#lastDraw) / 1000, 0.001),
      (10 * this.#options.interval) / 1000,
    );
    this.#lastDraw = now;
    const drawn = new Map<string, number>();
    const ramp = this.#state.ramp;
    for (const token of this.#tokens?.values() ?? []) {
      if (ramp && ramp.symbol === token.symbol) {
        const progress = Math.min(1, (now - ramp.startedAt) / (ramp.overSeconds * 1000));
        token.current = ramp.from + (ramp.to - ramp.from) * progress;
        if (progress >= 1) {
          this.#state.bases[token.symbol] = ramp.to;
          token.base = ramp.to;
          this.#state.ramp = null;
        }
      } else {
        token.current = token.live.next({
          current: token.current,
          base: token.base,
          dtSeconds,
          random: token.random,
        });
      }
      drawn.set(token.symbol, token.current);
    }
    return drawn;
  }

  async #pushDrawn(drawn: Map<string, number>, reason: PushReason): Promise<OraclePushReturnType> {
    const symbols = [...drawn.keys()];
    const prices = symbols.map((symbol) => priceFromNumber(drawn.get(symbol) as number));
    const result = await this.#queue.push({ symbols, prices, reason });
    return this.#record(result, reason);
  }

  async #record(result: PushResult, reason: PushReason): Promise<OraclePushReturnType> {
    const prices: Record<string, string> = {};
    for (const [symbol, written] of result.written) {
      // The token as it is now: a redeployment during the push may have moved its address.
      const token = this.#tokens?.get(symbol);
      if (!token) continue;
      token.lastPushed = Number(formatEther(written));
      prices[token.symbol] = formatEther(written);
      this.#events.emit("price", {
        symbol: token.symbol,
        address: token.address,
        price: prices[token.symbol] as string,
        priceWei: written,
        timestamp: result.timestamp,
        blockNumber: result.blockNumber,
        hash: result.hash,
        reason,
      });
    }
    this.#state.lastPush = {
      hash: result.hash,
      blockNumber: String(result.blockNumber),
      at: new Date().toISOString(),
      reason,
    };
    await this.#save();
    return { hash: result.hash, blockNumber: result.blockNumber, prices, timestamp: result.timestamp };
  }

  /** Draws new prices for every token and pushes them in one `updatePrices` now, frozen or not. */
  async push(reason: PushReason = "manual"): Promise<OraclePushReturnType> {
    await this.ready();
    return this.#pushDrawn(this.draw(), reason);
  }

  /**
   * Writes one price on-chain at once and makes it the token's base (its model keeps drawing
   * around it). An unknown symbol is added as a fixed-price token at `address`, or at
   * {@link symbolAddress}(symbol) without one, and is pushed with the others from then on.
   */
  async setPrice(symbol: unknown, price: unknown, address?: unknown): Promise<SetPriceReturnType> {
    await this.ready();
    const key = parseSymbol(symbol);
    const wei = parsePrice(price);
    let token = this.#tokens?.get(key);
    let given: Address | undefined;
    if (address !== undefined && address !== null) {
      if (typeof address !== "string" || !isAddress(address, { strict: false })) {
        throw new InvalidAddressError("address", address, "not 0x and 40 hex digits.");
      }
      given = getAddress(address);
      if (token && token.address !== given) {
        throw new InvalidAddressError("address", address, `${key} is already priced at ${token.address}.`);
      }
    }
    const usd = Number(formatEther(wei));
    const known = token !== undefined;
    if (!token) {
      const tokenAddress = given ?? symbolAddress(key);
      token = {
        symbol: key,
        address: tokenAddress,
        base: usd,
        model: { type: "fixed" },
        live: createPriceModel({ type: "fixed" }),
        random: createRandom(this.#options.seed, key),
        current: usd,
        lastPushed: null,
      };
      this.#tokens?.set(key, token);
      this.#state.custom[key] = tokenAddress;
    }
    let result: PushResult;
    try {
      result = await this.#queue.push({ symbols: [key], prices: [wei], reason: "setPrice" });
    } catch (error) {
      // A new symbol whose price never reached the chain is not added.
      if (!known) {
        this.#tokens?.delete(key);
        delete this.#state.custom[key];
      }
      throw error;
    }
    token = this.#token(key);
    token.base = usd;
    token.current = usd;
    this.#state.bases[key] = usd;
    if (this.#state.ramp?.symbol === key) this.#state.ramp = null;
    const recorded = await this.#record(result, "setPrice");
    return {
      symbol: key,
      address: token.address,
      price: recorded.prices[key] ?? formatEther(wei),
      hash: result.hash,
      blockNumber: result.blockNumber,
    };
  }

  /** The on-chain prices of every token, read back from the contract. */
  async prices(): Promise<OnChainPrice[]> {
    await this.ready().catch((error: unknown) => Promise.reject(unreachableAsTyped(error)));
    return readPrices(this.#client, this.#oracle as Address, [...(this.#tokens?.values() ?? [])]).catch(
      (error: unknown) => Promise.reject(unreachableAsTyped(error)),
    );
  }

  /** One token's on-chain price. Fails with UNKNOWN_SYMBOL for a symbol the simulator does not price. */
  async price(symbol: unknown): Promise<OnChainPrice> {
    await this.ready().catch((error: unknown) => Promise.reject(unreachableAsTyped(error)));
    const token = this.#token(symbol);
    const [price] = await readPrices(this.#client, this.#oracle as Address, [token]).catch((error: unknown) =>
      Promise.reject(unreachableAsTyped(error)),
    );
    return price as OnChainPrice;
  }

  /**
   * Scenario: `symbol` falls by `percent` (0 < percent < 100) from its current price, in a
   * straight line over `overSeconds` (pushed tick by tick), or at once with 0 (pushed now). The
   * crashed price becomes the token's base afterwards.
   */
  async crash(symbol: unknown, percent: number, overSeconds = 0): Promise<OraclePushReturnType | null> {
    await this.ready();
    const token = this.#token(symbol);
    if (!(percent > 0 && percent < 100)) {
      throw new InvalidPriceError(percent, "a crash percent must be above 0 and below 100.");
    }
    if (!(overSeconds >= 0) || !Number.isFinite(overSeconds)) {
      throw new InvalidOptionsError(`overSeconds must be 0 or a positive number, got ${overSeconds}.`);
    }
    const from = token.lastPushed ?? token.current;
    const to = from * (1 - percent / 100);
    if (overSeconds === 0) {
      token.base = to;
      token.current = to;
      this.#state.bases[token.symbol] = to;
      this.#state.ramp = null;
      await this.#save();
      const result = await this.#queue.push({
        symbols: [token.symbol],
        prices: [priceFromNumber(to)],
        reason: "scenario",
      });
      return this.#record(result, "scenario");
    }
    this.#state.ramp = { symbol: token.symbol, from, to, startedAt: Date.now(), overSeconds };
    await this.#save();
    return null;
  }

  /** Scenario: `symbol` is pinned at `price` (a fixed model) and pushed now. */
  async depeg(symbol: unknown, price: unknown): Promise<SetPriceReturnType> {
    await this.ready();
    const token = this.#token(symbol);
    parsePrice(price);
    token.model = { type: "fixed" };
    token.live = createPriceModel(token.model);
    this.#state.models[token.symbol] = token.model;
    return this.setPrice(token.symbol, price);
  }

  /** Scenario: the loop stops pushing, so prices go stale on-chain after their heartbeat. */
  async freeze(): Promise<void> {
    await this.ready();
    this.#state.frozen = true;
    await this.#save();
    this.#events.emit("oracle", { type: "frozen" });
  }

  /** Ends a freeze and pushes fresh prices at once. */
  async resume(): Promise<OraclePushReturnType> {
    await this.ready();
    this.#state.frozen = false;
    await this.#save();
    this.#events.emit("oracle", { type: "resumed" });
    return this.push("resume");
  }

  /**
   * Starts the push loop: a push now, then one every `interval` ms (skipped while frozen), plus
   * deviation pushes when configured. Resolves after the first push settled; a failed push is
   * reported (status, `oracle` events) and the loop goes on. Idempotent.
   */
  async start(): Promise<void> {
    await this.ready();
    if (this.#timers.length > 0) return;
    const tick = (reason: PushReason) => {
      if (this.#state.frozen) return;
      const running = this.#pushDrawn(this.draw(), reason).catch(() => {
        // Reported through the queue (status and `oracle` events); the next tick tries again.
      });
      this.#ticking = running;
      return running;
    };
    this.#timers.push(setInterval(() => void tick("tick"), this.#options.interval));
    const deviation = this.#options.deviation;
    if (deviation) {
      this.#timers.push(
        setInterval(() => {
          if (this.#state.frozen) return;
          const drawn = this.draw();
          const moved = [...drawn].some(([symbol, price]) => {
            const last = this.#tokens?.get(symbol)?.lastPushed;
            return last !== null && last !== undefined && Math.abs(price - last) / last > deviation.threshold;
          });
          if (moved) this.#ticking = this.#pushDrawn(drawn, "deviation").catch(() => {});
        }, deviation.checkInterval),
      );
    }
    this.#events.emit("oracle", { type: "started", interval: this.#options.interval });
    await tick("tick");
  }

  /** Stops the push loop and waits for a push in flight. Idempotent. */
  async stop(): Promise<void> {
    if (this.#timers.length === 0) return;
    for (const timer of this.#timers.splice(0)) clearInterval(timer);
    await this.#ticking;
    this.#events.emit("oracle", { type: "stopped" });
  }

  status(): OracleStatus {
    const last = this.#state.lastPush;
    const ramp = this.#state.ramp;
    return {
      running: this.#timers.length > 0,
      frozen: this.#state.frozen,
      interval: this.#options.interval,
      seed: this.#options.seed,
      contract: this.#oracle,
      lastPush: last
        ? { ...last, ageSeconds: Math.max(0, Math.floor((Date.now() - Date.parse(last.at)) / 1000)) }
        : null,
      lastError: this.#lastError,
      consecutiveFailures: this.#failures,
      scenario: ramp
        ? {
            type: "crash",
            symbol: ramp.symbol,
            from: ramp.from,
            to: ramp.to,
            overSeconds: ramp.overSeconds,
            startedAt: new Date(ramp.startedAt).toISOString(),
          }
        : null,
    };
  }

  /** Stops the loop, refuses new pushes and waits for the one in flight. */
  async close(): Promise<void> {
    await this.stop();
    await this.#queue.close();
  }
}
