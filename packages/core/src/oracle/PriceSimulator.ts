import type { EventEmitter } from "eventemitter3";
import { type Address, formatEther, getAddress, type PublicClient } from "viem";
import type { ChainHead } from "../chain/ChainHead.js";
import type { PlatformEvents } from "../context/PlatformEvents.js";
import type { PushReason } from "../context/PriceUpdate.js";
import type { PlatformContractsService } from "../contracts/connectPlatformContracts.js";
import { NATIVE_ETH_ADDRESS } from "../contracts/platformContracts.js";
import { UnknownSymbolError } from "../errors/oracle.js";
import { isPrivnetError } from "../errors/PrivnetError.js";
import { ChainUnreachableError } from "../errors/platform.js";
import { classifyNodeError } from "../sender/classifyNodeError.js";
import type { SendTransactionParameters, SendTransactionReturnType } from "../sender/sendTransaction.js";
import type { StorageAdapter } from "../storage/StorageAdapter.js";
import { createRandom, type Random } from "./createRandom.js";
import { createPriceModel } from "./models/createPriceModel.js";
import type { PriceModel, PriceModelConfig } from "./models/PriceModel.js";
import { emptyOracleState, ORACLE_STATE_KEY, type OracleState, parseOracleState } from "./OracleState.js";
import { PricePushQueue, type PushResult } from "./PricePushQueue.js";
import { parseSymbol } from "./parseSymbol.js";
import {
  type OracleOptions,
  type ResolvedOracleOptions,
  resolveOracleOptions,
} from "./resolveOracleOptions.js";
import { symbolAddress } from "./symbolAddress.js";

/** One token the simulator prices. */
export type OracleToken = {
  symbol: string;
  address: Address;
  /** USD. */
  base: number;
  model: PriceModelConfig;
};

/** What a push wrote. */
export type OraclePushReturnType = {
  hash: `0x${string}`;
  blockNumber: bigint;
  /** Symbol → USD decimal string, as written. */
  prices: Record<string, string>;
  /** Unix seconds of the block. */
  timestamp: number;
};

/** A token with its live model and random source. */
export type TokenState = OracleToken & {
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
 * The state the oracle's operations share (one per platform): the tokens with their models and
 * seeded random sources, the persisted state (frozen, scenario, moved bases, added symbols, last
 * push — `storage.state["oracle.state"]`), the push queue (pushes go through the platform's sender), and the
 * failure count. The operations themselves live one per file beside it (setPrice, crash, …).
 */
export class PriceSimulator {
  readonly client: PublicClient;
  /** The chain's head the platform follows: reads at the current block, and the "is it back" probe. */
  readonly head: ChainHead;
  readonly events: EventEmitter<PlatformEvents>;
  readonly options: ResolvedOracleOptions;
  /** The persisted state; call {@link save} after changing it. */
  state: OracleState = emptyOracleState();
  /** The PriceOracle's address once the contracts are ensured. */
  oracle: Address | null = null;
  lastError: { message: string; code: string | null; at: string } | null = null;
  failures = 0;
  /**
   * The chain is known to be down: the last push attempt found the node not answering, and nothing
   * has reached it since. A manual push then checks the node once before queueing (see
   * {@link checkChainIfDown}) instead of retrying for seconds.
   */
  chainDown = false;
  readonly #storage: StorageAdapter;
  readonly #contracts: PlatformContractsService;
  readonly #queue: PricePushQueue;
  #tokens = new Map<string, TokenState>();
  /** Each push recorded once, however many requests it answers. */
  readonly #recorded = new WeakMap<PushResult, Promise<OraclePushReturnType>>();
  #ready: Promise<void> | undefined;

  constructor(
    deps: {
      client: PublicClient;
      head: ChainHead;
      storage: StorageAdapter;
      events: EventEmitter<PlatformEvents>;
      contracts: PlatformContractsService;
      /** The platform's `sendTransaction`: every push goes through it, recorded with source `oracle`. */
      send(params: SendTransactionParameters): Promise<SendTransactionReturnType>;
    },
    options: OracleOptions = {},
  ) {
    this.client = deps.client;
    this.head = deps.head;
    this.#storage = deps.storage;
    this.events = deps.events;
    this.#contracts = deps.contracts;
    this.options = resolveOracleOptions(options);
    const { maxAttempts, retryDelay } = this.options;
    const updater = this.#contracts.updaterAccount;
    this.#queue = new PricePushQueue({
      client: this.client,
      updater: updater.address,
      async send(transaction) {
        const sent = await deps.send({ ...transaction, account: updater, source: "oracle" });
        return {
          async wait() {
            const { record, reason } = await sent.wait();
            return {
              hash: record.hash,
              status: record.status === "confirmed" ? "confirmed" : "failed",
              reason,
            };
          },
        };
      },
      oracle: async ({ missing }) => {
        const before = this.oracle;
        const contracts = missing ? await this.#contracts.refresh() : await this.#contracts.get();
        this.oracle = contracts.addresses.priceOracle;
        // Ensured again elsewhere (the contracts forget what they ensured when the chain goes back):
        // a new oracle has new tokens too.
        const moved = before !== null && before !== this.oracle;
        if (missing || moved) {
          await this.#resolveTokens(true);
          this.events.emit("oracle", { type: "redeployed", priceOracle: contracts.addresses.priceOracle });
          if (before === this.oracle) return this.oracle;
        }
        return contracts.addresses.priceOracle;
      },
      addressOf: (symbol) => this.token(symbol).address,
      report: (event) => {
        if (event.type === "push-failed") {
          this.recordFailure(event.error);
          // The sender answers CHAIN_UNREACHABLE; the queue's own reads fail with viem's error.
          if (
            isPrivnetError(event.error, "CHAIN_UNREACHABLE") ||
            classifyNodeError(event.error) === "unreachable"
          )
            this.chainDown = true;
        } else if (event.type === "pushed") {
          this.failures = 0;
          this.lastError = null;
          this.chainDown = false;
        }
        this.events.emit("oracle", event);
      },
      maxAttempts,
      retryDelay,
    });
  }

  /** The stored state changed under the simulator (`platform.revert()`): load it again on next use. */
  reload(): void {
    this.#ready = undefined;
  }

  /** Loads the stored state and resolves the tokens' addresses (ensuring the contracts). */
  ready(): Promise<void> {
    this.#ready ??= (async () => {
      this.state = parseOracleState(await this.#storage.state.get(ORACLE_STATE_KEY));
      await this.#resolveTokens(false);
    })().catch((error: unknown) => {
      this.#ready = undefined;
      throw error;
    });
    return this.#ready;
  }

  async #resolveTokens(refresh: boolean): Promise<void> {
    const contracts = await this.#contracts.get();
    this.oracle = contracts.addresses.priceOracle;
    const platformSymbol = parseSymbol(contracts.platformTokenSymbol);
    const known: [string, Address][] = [
      ["ETH", NATIVE_ETH_ADDRESS],
      [platformSymbol, contracts.addresses.platformToken],
      ["USDC", contracts.addresses.usdc],
      ["DAI", contracts.addresses.dai],
    ];
    for (const [symbol, token] of Object.entries(this.options.tokens)) {
      if (!known.some(([name]) => name === symbol))
        known.push([symbol, token.address ?? symbolAddress(symbol)]);
    }
    for (const [symbol, address] of Object.entries(this.state.custom)) {
      if (!known.some(([name]) => name === symbol)) known.push([symbol, address as Address]);
    }
    const previous = this.#tokens;
    const tokens = new Map<string, TokenState>();
    for (const [symbol, address] of known) {
      const fallback = defaults[symbol] ?? (symbol === platformSymbol ? platformTokenDefaults : undefined);
      const own = this.options.tokens[symbol];
      const base = this.state.bases[symbol] ?? own?.base ?? fallback?.base ?? 1;
      const config: PriceModelConfig =
        this.state.models[symbol] ??
        own?.model ??
        (fallback === undefined || fallback.stable || this.options.model === "fixed"
          ? { type: "fixed" }
          : this.options.model === "gbm"
            ? { type: "gbm", volatility: fallback.volatility }
            : { type: "seed", variation: fallback.variation });
      const kept = refresh ? previous?.get(symbol) : undefined;
      tokens.set(symbol, {
        symbol,
        address: getAddress(address),
        base,
        model: config,
        live: createPriceModel(config, `oracle.tokens.${symbol}.model`),
        random: kept?.random ?? createRandom(this.options.seed, symbol),
        current: kept?.current ?? base,
        lastPushed: kept?.lastPushed ?? null,
      });
    }
    this.#tokens = tokens;
  }

  /** The token of a symbol; `UNKNOWN_SYMBOL` when the simulator does not price it. */
  token(symbol: unknown): TokenState {
    const key = parseSymbol(symbol);
    const token = this.#tokens.get(key);
    if (!token) throw new UnknownSymbolError(key);
    return token;
  }

  /** Every token, in push order. */
  tokens(): TokenState[] {
    return [...this.#tokens.values()];
  }

  /** Adds a symbol set by setPrice (a fixed price at `address`), or removes it again. */
  addToken(token: TokenState): void {
    this.#tokens.set(token.symbol, token);
    this.state.custom[token.symbol] = token.address;
  }

  removeToken(symbol: string): void {
    this.#tokens.delete(symbol);
    delete this.state.custom[symbol];
  }

  /** A fresh random source for a symbol, from the seed. */
  randomFor(symbol: string): Random {
    return createRandom(this.options.seed, symbol);
  }

  async save(): Promise<void> {
    await this.#storage.state.set(ORACLE_STATE_KEY, this.state);
  }

  /**
   * Draws the next price of every token: its model, or the crash in progress (which follows the
   * clock). Models advance by a fixed step — one push interval, or `stepMs` — not by the time
   * that passed, so the same seed and the same calls give the same prices however fast they come.
   */
  draw(stepMs = this.options.interval, now = Date.now()): Map<string, number> {
    const dtSeconds = stepMs / 1000;
    const drawn = new Map<string, number>();
    const ramp = this.state.ramp;
    for (const token of this.#tokens.values()) {
      if (ramp && ramp.symbol === token.symbol) {
        const progress = Math.min(1, (now - ramp.startedAt) / (ramp.overSeconds * 1000));
        token.current = ramp.from + (ramp.to - ramp.from) * progress;
        if (progress >= 1) {
          this.state.bases[token.symbol] = ramp.to;
          token.base = ramp.to;
          this.state.ramp = null;
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

  /**
   * Pushes prices (by symbol) through the queue and, once mined, records them: `price` events
   * from the receipt, the last pushed values, the last push in the stored state. Requests waiting
   * together go out in one push (see {@link PricePushQueue}); each resolves with that push, which
   * is recorded once.
   */
  async push(symbols: string[], prices: bigint[], reason: PushReason): Promise<OraclePushReturnType> {
    const result = await this.#queue.push({ symbols, prices, reason });
    let recorded = this.#recorded.get(result);
    if (!recorded) {
      recorded = this.#record(result);
      this.#recorded.set(result, recorded);
    }
    return recorded;
  }

  async #record(result: PushResult): Promise<OraclePushReturnType> {
    const prices: Record<string, string> = {};
    for (const [symbol, { price: written, logIndex }] of result.written) {
      // The token as it is now: a redeployment during the push may have moved its address.
      const token = this.#tokens.get(symbol);
      if (!token) continue;
      token.lastPushed = Number(formatEther(written));
      prices[token.symbol] = formatEther(written);
      this.events.emit("price", {
        symbol: token.symbol,
        address: token.address,
        price: prices[token.symbol] as string,
        priceWei: written,
        timestamp: result.timestamp,
        blockNumber: result.blockNumber,
        hash: result.hash,
        logIndex,
        reason: result.reasons.get(symbol) ?? result.reason,
      });
    }
    this.state.lastPush = {
      hash: result.hash,
      blockNumber: String(result.blockNumber),
      at: new Date().toISOString(),
      reason: result.reason,
    };
    await this.save();
    return { hash: result.hash, blockNumber: result.blockNumber, prices, timestamp: result.timestamp };
  }

  /**
   * While the chain is known to be down, one fresh read of the head without retries: an answer
   * closes the circuit (the push goes ahead), none fails at once with CHAIN_UNREACHABLE — a caller
   * learns in milliseconds what the push's retries would take seconds to tell.
   */
  async checkChainIfDown(): Promise<void> {
    if (!this.chainDown) return;
    try {
      await this.head.read({ retry: false });
      this.chainDown = false;
    } catch (error) {
      if (classifyNodeError(error) !== "unreachable") return;
      this.recordFailure(error);
      throw new ChainUnreachableError({ cause: error });
    }
  }

  /** Counts a failed attempt and keeps it as the status's `lastError` (until the next success). */
  recordFailure(error: unknown): void {
    const failure = error instanceof Error ? error : new Error(String(error));
    this.failures++;
    this.lastError = {
      message: failure.message.split("\n")[0] ?? "",
      code: "code" in failure ? String(failure.code) : null,
      at: new Date().toISOString(),
    };
  }

  /** Refuses new pushes and waits for the one in flight. */
  close(): Promise<void> {
    return this.#queue.close();
  }
}
