import type { Address, Chain, Hash, PublicClient, Transport, WalletClient } from "viem";
import { parseEventLogs } from "viem";
import type { PrivateKeyAccount } from "viem/accounts";
import { priceOracleAbi } from "../contracts/generated.js";
import { OraclePushFailedError } from "../errors/oracle.js";
import { isPrivnetError } from "../errors/PrivnetError.js";
import { PlatformClosedError } from "../errors/platform.js";
import { readRevertReason } from "../lending/readRevertReason.js";
import type { OracleEvent, PushReason } from "./PriceUpdate.js";

/** Prices by symbol: the addresses are looked up at each attempt, so a redeployment is followed. */
export type PushRequest = { symbols: string[]; prices: bigint[]; reason: PushReason };

export type PushResult = {
  hash: Hash;
  blockNumber: bigint;
  /** The block's timestamp, Unix seconds. */
  timestamp: number;
  /** Symbol → price, as the receipt's PriceUpdated events say. */
  written: Map<string, bigint>;
  attempts: number;
};

export type PricePushQueueOptions = {
  client: PublicClient;
  updater: WalletClient<Transport, Chain, PrivateKeyAccount>;
  /** The oracle's address, checked to have code before every attempt; `missing` ensures it again. */
  oracle(options: { missing: boolean }): Promise<Address>;
  /** Runs one send (nonce, transaction, receipt) under the storage's lock for the updater. */
  withLock<T>(fn: () => Promise<T>): Promise<T>;
  /** The price key of a symbol, at the time of the attempt. */
  addressOf(symbol: string): Address;
  report(event: OracleEvent): void;
  /** Attempts per push before it fails with ORACLE_PUSH_FAILED. */
  maxAttempts: number;
  /** First retry delay in ms; doubles per attempt, at most 30 s. */
  retryDelay: number;
  /** How long to wait for a receipt before the next attempt replaces the transaction. */
  receiptTimeout: number;
};

type Item = PushRequest & {
  resolve(result: PushResult): void;
  reject(error: unknown): void;
  waiters: { resolve(result: PushResult): void; reject(error: unknown): void }[];
};

/**
 * Sends the oracle's `updatePrices` transactions one at a time from the updater key, which nothing
 * else sends from: the nonce is the chain's pending count (or, after a receipt timed out, the
 * latest count, so that the retry replaces the stuck transaction). A failed attempt is reported
 * and retried with backoff; after `maxAttempts` the push fails with ORACLE_PUSH_FAILED (reported
 * too), never silently. Loop ticks that queue up behind a slow push merge into one push of the
 * newest prices.
 */
export class PricePushQueue {
  readonly #options: PricePushQueueOptions;
  readonly #queue: Item[] = [];
  #running: Promise<void> | undefined;
  #closed = false;
  #wake: (() => void) | undefined;

  constructor(options: PricePushQueueOptions) {
    this.#options = options;
  }

  /** Queues a push and resolves once it is mined. */
  push(request: PushRequest): Promise<PushResult> {
    if (this.#closed) return Promise.reject(new PlatformClosedError());
    return new Promise<PushResult>((resolve, reject) => {
      const queuedTick = request.reason === "tick" && this.#queue.find((item) => item.reason === "tick");
      if (queuedTick) {
        // A newer tick supersedes one still waiting: push the newest prices once.
        queuedTick.symbols = request.symbols;
        queuedTick.prices = request.prices;
        queuedTick.waiters.push({ resolve, reject });
        return;
      }
      this.#queue.push({ ...request, resolve, reject, waiters: [] });
      this.#kick();
    });
  }

  #kick(): void {
    if (this.#running) return;
    this.#running = this.#drain().finally(() => {
      this.#running = undefined;
      // A push queued after the drain's last check and before this callback.
      if (this.#queue.length > 0) this.#kick();
    });
  }

  /** Refuses new pushes, fails queued ones with PLATFORM_CLOSED and waits for the one in flight. */
  async close(): Promise<void> {
    this.#closed = true;
    for (const item of this.#queue.splice(1)) settle(item, undefined, new PlatformClosedError());
    this.#wake?.();
    await this.#running;
  }

  async #drain(): Promise<void> {
    while (this.#queue.length > 0) {
      const item = this.#queue[0] as Item;
      try {
        settle(item, await this.#send(item));
      } catch (error) {
        settle(item, undefined, error);
      }
      this.#queue.shift();
    }
  }

  async #send(item: Item): Promise<PushResult> {
    const { client, updater, maxAttempts } = this.#options;
    let lastError: unknown;
    let replace = false;
    let missing = false;
    for (let attempt = 1; attempt <= maxAttempts; attempt++) {
      if (this.#closed && attempt > 1) throw new PlatformClosedError();
      try {
        let oracle = await this.#options.oracle({ missing });
        missing = false;
        const code = await client.getCode({ address: oracle });
        if (!code || code === "0x") oracle = await this.#options.oracle({ missing: true });
        const tokens = item.symbols.map((symbol) => this.#options.addressOf(symbol));
        // Processes sharing one store take turns: nonce, send and receipt under one lock.
        const { hash, receipt } = await this.#options.withLock(async () => {
          const nonce = await client.getTransactionCount({
            address: updater.account.address,
            blockTag: replace ? "latest" : "pending",
          });
          const fees = replace ? await client.estimateFeesPerGas() : undefined;
          const hash = await updater.writeContract({
            address: oracle,
            abi: priceOracleAbi,
            functionName: "updatePrices",
            args: [tokens, item.prices],
            nonce,
            ...(fees
              ? { maxFeePerGas: fees.maxFeePerGas * 3n, maxPriorityFeePerGas: fees.maxPriorityFeePerGas * 3n }
              : {}),
          });
          try {
            const mined = await client.waitForTransactionReceipt({
              hash,
              timeout: this.#options.receiptTimeout,
            });
            replace = false;
            return { hash, receipt: mined };
          } catch (error) {
            replace = true;
            throw error;
          }
        });
        if (receipt.status !== "success") throw new Error(`Transaction ${hash} reverted.`);
        const logs = parseEventLogs({ abi: priceOracleAbi, eventName: "PriceUpdated", logs: receipt.logs });
        if (logs.length === 0) {
          // Mined without a PriceUpdated event: the oracle's code is gone (chain reset).
          missing = true;
          throw new Error(`The oracle at ${oracle} has no code: the contracts are being deployed again.`);
        }
        const byToken = new Map(logs.map((log) => [log.args.token.toLowerCase(), log.args.price]));
        const written = new Map<string, bigint>();
        for (const [index, symbol] of item.symbols.entries()) {
          const price = byToken.get((tokens[index] as Address).toLowerCase());
          if (price !== undefined) written.set(symbol, price);
        }
        const timestamp = Number(logs[0]?.args.timestamp ?? 0n);
        this.#options.report({
          type: "pushed",
          hash,
          blockNumber: receipt.blockNumber,
          reason: item.reason,
          attempts: attempt,
        });
        return { hash, blockNumber: receipt.blockNumber, timestamp, written, attempts: attempt };
      } catch (error) {
        lastError = error;
        const reason = readRevertReason(error);
        // A revert on estimate (not an updater, a bad price) will not pass on a retry.
        const permanent = reason !== undefined || isPrivnetError(error, "PLATFORM_CLOSED");
        const willRetry = !permanent && attempt < maxAttempts && !this.#closed;
        this.#options.report({
          type: "push-failed",
          reason: item.reason,
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

function settle(item: Item, result: PushResult | undefined, error?: unknown) {
  for (const waiter of [item, ...item.waiters]) {
    if (result) waiter.resolve(result);
    else waiter.reject(error);
  }
}

function shortMessage(error: unknown): string {
  if (error && typeof error === "object" && "shortMessage" in error) return String(error.shortMessage);
  return error instanceof Error ? error.message : String(error);
}
