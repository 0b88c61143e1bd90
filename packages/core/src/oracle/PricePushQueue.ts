import type { Address, Hash, Hex, PublicClient } from "viem";
import { encodeFunctionData, formatEther, parseEventLogs } from "viem";
import type { OracleEvent, PushReason } from "../context/PriceUpdate.js";
import { priceOracleAbi } from "../contracts/generated.js";
import { OraclePushFailedError } from "../errors/oracle.js";
import { isPrivnetError } from "../errors/PrivnetError.js";
import { PlatformClosedError } from "../errors/platform.js";
import { GAS_ESTIMATE_MARGIN_PERCENT } from "../sender/estimateTransactionGas.js";
import { readRevertReason } from "../sender/readRevertReason.js";

/** Prices by symbol: the addresses are looked up at each attempt, so a redeployment is followed. */
export type PushRequest = { symbols: string[]; prices: bigint[]; reason: PushReason };

export type PushResult = {
  hash: Hash;
  /** The reason of the first request the push carries. */
  reason: PushReason;
  /** Symbol → the reason of the request whose price the push carried for it. */
  reasons: Map<string, PushReason>;
  blockNumber: bigint;
  /** The block's timestamp, Unix seconds. */
  timestamp: number;
  /** Symbol → price, as the receipt's PriceUpdated events say, with the index of that log in its block. */
  written: Map<string, { price: bigint; logIndex: number }>;
  attempts: number;
};

/** One `updatePrices` call handed to the platform's sender. */
export type PushTransaction = { to: Address; data: Hex; gas: bigint };

/** What the sender answered: the hash that was mined, or why the transaction failed. */
export type PushOutcome = { hash: Hash; status: "confirmed" | "failed"; reason: string };

export type PricePushQueueOptions = {
  client: PublicClient;
  /** The updater's address: gas is estimated from it. */
  updater: Address;
  /**
   * Sends one push through the platform's sender (queue → nonce → sign → record → submit → watch
   * → replace) and resolves once the node accepted it, with a wait for its outcome.
   */
  send(transaction: PushTransaction): Promise<{ wait(): Promise<PushOutcome> }>;
  /** The oracle's address, checked to have code before every attempt; `missing` ensures it again. */
  oracle(options: { missing: boolean }): Promise<Address>;
  /** The price key of a symbol, at the time of the attempt. */
  addressOf(symbol: string): Address;
  report(event: OracleEvent): void;
  /** Attempts per push before it fails with ORACLE_PUSH_FAILED. */
  maxAttempts: number;
  /** First retry delay in ms; doubles per attempt, at most 30 s. */
  retryDelay: number;
};

type Waiter = { resolve(result: PushResult): void; reject(error: unknown): void };

/** The requests that go out together in one push: the newest price of each symbol, and who waits. */
type Batch = {
  prices: Map<string, { price: bigint; reason: PushReason }>;
  reason: PushReason;
  waiters: Waiter[];
};

/**
 * Prices a caller set on purpose (setPrice, depeg, a crash at once). A price a model drew (a loop
 * tick, a deviation check, a manual push, resume) does not replace one of these waiting in the same
 * push: it was drawn around a base the set price is about to move.
 */
const setOnPurpose: ReadonlySet<PushReason> = new Set(["setPrice", "scenario"]);

/**
 * The oracle's pushes, one at a time, handed to the platform's sender. What is its own: every
 * request that arrives while a push is in flight waits for the next one, and all of them go out
 * together in it — one transaction with the newest price of each symbol, in the order the
 * requests were taken (a drawn price never replaces a set one, see {@link setOnPurpose}) — and are
 * answered with it. So a burst costs two blocks, not one per request. The nonce, the fees,
 * the record in the history (source `oracle`) and the replacement of a stuck push are the
 * sender's, shared with every other write from the updater key. A push whose transaction could not
 * be sent or failed is reported and sent again as a new transaction after a backoff; after
 * `maxAttempts` it fails with ORACLE_PUSH_FAILED (reported too), never silently. A revert (not an
 * updater, a bad price) is not sent again.
 */
export class PricePushQueue {
  readonly #options: PricePushQueueOptions;
  /** The requests waiting for the next push, if any. */
  #waiting: Batch | undefined;
  #running: Promise<void> | undefined;
  #closed = false;
  #wake: (() => void) | undefined;
  readonly #closing: Promise<never>;
  #close!: (error: unknown) => void;

  constructor(options: PricePushQueueOptions) {
    this.#options = options;
    this.#closing = new Promise<never>((_, reject) => {
      this.#close = reject;
    });
    this.#closing.catch(() => undefined);
  }

  /**
   * Takes a push request and resolves once the push that carries it is mined: the one that starts
   * now when none is in flight, else the next one, shared with every request taken meanwhile.
   */
  push(request: PushRequest): Promise<PushResult> {
    if (this.#closed) return Promise.reject(new PlatformClosedError());
    return new Promise<PushResult>((resolve, reject) => {
      this.#waiting ??= { prices: new Map(), reason: request.reason, waiters: [] };
      const batch = this.#waiting;
      const taken: Record<string, string> = {};
      for (const [index, symbol] of request.symbols.entries()) {
        const price = request.prices[index] as bigint;
        const waiting = batch.prices.get(symbol);
        if (waiting && setOnPurpose.has(waiting.reason) && !setOnPurpose.has(request.reason)) continue;
        batch.prices.set(symbol, { price, reason: request.reason });
        taken[symbol] = formatEther(price);
      }
      batch.waiters.push({ resolve, reject });
      this.#options.report({ type: "queued", reason: request.reason, prices: taken });
      this.#kick();
    });
  }

  #kick(): void {
    if (this.#running) return;
    this.#running = this.#drain().finally(() => {
      this.#running = undefined;
      // Requests taken after the drain's last check and before this callback.
      if (this.#waiting) this.#kick();
    });
  }

  /**
   * Refuses new pushes, fails waiting ones with PLATFORM_CLOSED and stops waiting for the one in
   * flight (its transaction, once accepted, stays in the history and the sender settles it).
   */
  async close(): Promise<void> {
    this.#closed = true;
    const waiting = this.#waiting;
    this.#waiting = undefined;
    if (waiting) settle(waiting, undefined, new PlatformClosedError());
    this.#close(new PlatformClosedError());
    this.#wake?.();
    await this.#running;
  }

  async #drain(): Promise<void> {
    for (let batch = this.#waiting; batch; batch = this.#waiting) {
      // From here on the batch is in flight: what arrives now waits for the next push.
      this.#waiting = undefined;
      try {
        settle(batch, await this.#send(batch));
      } catch (error) {
        settle(batch, undefined, error);
      }
    }
  }

  async #send(batch: Batch): Promise<PushResult> {
    const { client, maxAttempts } = this.#options;
    const symbols = [...batch.prices.keys()];
    const prices = [...batch.prices.values()].map((entry) => entry.price);
    let lastError: unknown;
    let missing = false;
    for (let attempt = 1; attempt <= maxAttempts; attempt++) {
      if (this.#closed && attempt > 1) throw new PlatformClosedError();
      try {
        let oracle = await this.#options.oracle({ missing });
        missing = false;
        const code = await client.getCode({ address: oracle });
        if (!code || code === "0x") oracle = await this.#options.oracle({ missing: true });
        const tokens = symbols.map((symbol) => this.#options.addressOf(symbol));
        const args = [tokens, prices] as const;
        // Estimated here rather than by the sender: a revert then keeps its reason.
        const estimate = await client.estimateContractGas({
          account: this.#options.updater,
          address: oracle,
          abi: priceOracleAbi,
          functionName: "updatePrices",
          args,
        });
        const sent = await this.#options.send({
          to: oracle,
          data: encodeFunctionData({ abi: priceOracleAbi, functionName: "updatePrices", args }),
          gas: estimate + (estimate * GAS_ESTIMATE_MARGIN_PERCENT + 99n) / 100n,
        });
        const outcome = await Promise.race([sent.wait(), this.#closing]);
        if (outcome.status !== "confirmed") throw new Error(`Transaction ${outcome.hash} ${outcome.reason}.`);
        const receipt = await client.getTransactionReceipt({ hash: outcome.hash });
        const logs = parseEventLogs({ abi: priceOracleAbi, eventName: "PriceUpdated", logs: receipt.logs });
        if (logs.length === 0) {
          // Mined without a PriceUpdated event: the oracle's code is gone (chain reset).
          missing = true;
          throw new Error(`The oracle at ${oracle} has no code: the contracts are being deployed again.`);
        }
        const byToken = new Map(
          logs.map((log) => [
            log.args.token.toLowerCase(),
            { price: log.args.price, logIndex: log.logIndex },
          ]),
        );
        const written = new Map<string, { price: bigint; logIndex: number }>();
        for (const [index, symbol] of symbols.entries()) {
          const log = byToken.get((tokens[index] as Address).toLowerCase());
          if (log !== undefined) written.set(symbol, log);
        }
        const timestamp = Number(logs[0]?.args.timestamp ?? 0n);
        this.#options.report({
          type: "pushed",
          hash: outcome.hash,
          blockNumber: receipt.blockNumber,
          reason: batch.reason,
          attempts: attempt,
        });
        return {
          hash: outcome.hash,
          reason: batch.reason,
          reasons: new Map(
            symbols.map((symbol) => [symbol, batch.prices.get(symbol)?.reason ?? batch.reason]),
          ),
          blockNumber: receipt.blockNumber,
          timestamp,
          written,
          attempts: attempt,
        };
      } catch (error) {
        lastError = error;
        const reason = readRevertReason(error);
        // A revert on estimate (not an updater, a bad price) will not pass on a retry.
        const permanent = reason !== undefined || isPrivnetError(error, "PLATFORM_CLOSED");
        const willRetry = !permanent && attempt < maxAttempts && !this.#closed;
        this.#options.report({
          type: "push-failed",
          reason: batch.reason,
          attempt,
          maxAttempts,
          willRetry,
          error: error instanceof Error ? error : new Error(String(error)),
        });
        if (!willRetry) {
          if (isPrivnetError(error, "PLATFORM_CLOSED")) throw error;
          throw new OraclePushFailedError(attempt, reason ?? shortMessage(error), { cause: error });
        }
        await this.#backoff(attempt);
      }
    }
    throw new OraclePushFailedError(maxAttempts, shortMessage(lastError), { cause: lastError });
  }

  #backoff(attempt: number): Promise<void> {
    const delay = Math.min(this.#options.retryDelay * 2 ** (attempt - 1), 30_000);
    return new Promise((resolve) => {
      const timer = setTimeout(done, delay);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.#wake = done;
    });
  }
}

function settle(batch: Batch, result: PushResult | undefined, error?: unknown) {
  for (const waiter of batch.waiters) {
    if (result) waiter.resolve(result);
    else waiter.reject(error);
  }
}

function shortMessage(error: unknown): string {
  if (error && typeof error === "object" && "shortMessage" in error) return String(error.shortMessage);
  return error instanceof Error ? error.message : String(error);
}
