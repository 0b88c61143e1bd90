import type { Address, Hex, LocalAccount } from "viem";
import { TransactionFailedError } from "../../errors/sender.js";
import { TRANSFER_GAS } from "../../fees/transferGas.js";
import type { SenderContext } from "../../sender/SenderContext.js";
import { sendTransaction } from "../../sender/sendTransaction.js";
import { toFastAccount } from "../../signing/toFastAccount.js";
import { BotFunding } from "../BotFunding.js";
import { deriveChildKey } from "./deriveChildKey.js";

/** A pool's wallets are checked (and the low ones topped up together) at least this often while it sends. */
const REFILL_CHECK_EVERY_MS = 3_000;

/** One child wallet of a pool: its key, and its own funding rule (the bot's, per wallet). */
export type PoolWallet = {
  readonly index: number;
  readonly account: LocalAccount;
  readonly address: Address;
  readonly funding: BotFunding;
};

/** What a reclaim moved: per wallet, the amount sent back to the funder. */
export type ReclaimResult = {
  /** The address the funds went to (the platform's funder). */
  funder: Address;
  /** Wallets that held more than a transfer's fee, and what each sent back (wei) in which transaction. */
  reclaimed: { address: Address; amount: bigint; hash: Hex }[];
  /** The sum of `reclaimed` amounts, wei. */
  total: bigint;
};

export type WalletPoolOptions = {
  ctx: SenderContext;
  funder: LocalAccount;
  /** The bot's own key: the root of the derivation. */
  rootKey: Hex;
  seed: string;
  size: number;
  funding: { minBalance: bigint; topUp: bigint };
  /** The history's `source` of the pool's top-ups and reclaims. */
  source: string;
};

/**
 * A bot's pool of child wallets (see {@link deriveChildKey}): handed out in turn to its sends,
 * each kept funded by today's rule for a bot's own key (see {@link BotFunding}), per wallet. The
 * low wallets are topped up together — one batch of transfers from the funder, sent at once —
 * whenever one falls below its wanted balance or {@link REFILL_CHECK_EVERY_MS} passed, so that
 * wallets are refilled before they run dry and sends rarely wait.
 */
export class WalletPool {
  readonly wallets: readonly PoolWallet[];
  readonly seed: string;
  readonly #options: WalletPoolOptions;
  #next = 0;
  #refill: Promise<void> | undefined;
  #lastRefill = 0;
  /** Max fee per gas a send may pay, as the last refill priced it. */
  feePerGas = 0n;
  /** Top-up transfers sent, over the pool's life. */
  topUps = 0;
  /** Batches of top-ups sent. */
  batches = 0;

  constructor(options: WalletPoolOptions) {
    this.#options = options;
    this.seed = options.seed;
    this.wallets = Array.from({ length: options.size }, (_, index) => {
      const account = toFastAccount(deriveChildKey(options.rootKey, options.seed, index));
      return { index, account, address: account.address, funding: new BotFunding(options.funding) };
    });
  }

  /** Same derivation and size: the pool can be reused by the next run. */
  matches(seed: string, size: number) {
    return this.seed === seed && this.wallets.length === size;
  }

  /**
   * The next wallet that can pay for a send costing about `cost` (wei); waits for a refill when
   * none can. Returns undefined once `running()` is false.
   */
  async acquire(running: () => boolean): Promise<PoolWallet | undefined> {
    for (;;) {
      if (!running()) return undefined;
      const now = Date.now();
      if (!this.#refill && now - this.#lastRefill >= REFILL_CHECK_EVERY_MS) void this.#startRefill();
      const count = this.wallets.length;
      for (let tried = 0; tried < count; tried++) {
        const wallet = this.wallets[this.#next] as PoolWallet;
        this.#next = (this.#next + 1) % count;
        const projected = wallet.funding.projected();
        if (projected === undefined) continue;
        const cost = wallet.funding.lastCost;
        if (projected < wallet.funding.wanted(now, cost) && !this.#refill) void this.#startRefill();
        // Enough for this send and the one after it: never sent into INSUFFICIENT_FUNDS.
        if (projected >= cost * 2n && projected > 0n) return wallet;
      }
      this.#refill ??= this.#startRefill();
      await this.#refill;
    }
  }

  /** Starts a batch refill unless one runs; its failure is thrown to whoever awaits it next. */
  #startRefill(): Promise<void> {
    if (this.#refill) return this.#refill;
    const refill = this.#topUpLow().finally(() => {
      this.#lastRefill = Date.now();
      if (this.#refill === refill) this.#refill = undefined;
    });
    // Nobody may be waiting for it: its failure is seen by the next acquire that needs it.
    refill.catch(() => undefined);
    this.#refill = refill;
    return refill;
  }

  /** Reads every wallet's balance, and tops up those below their wanted balance, in one batch. */
  async #topUpLow() {
    const { ctx, funder, source } = this.#options;
    const [balances, block] = await Promise.all([
      Promise.all(
        this.wallets.map((wallet) => ctx.client.getBalance({ address: wallet.address, blockTag: "pending" })),
      ),
      ctx.client.getBlock({ blockTag: "latest" }),
    ]);
    this.feePerGas = ctx.fees.newTransaction(((block.baseFeePerGas ?? 0n) * 3n) / 2n).maxFeePerGas;
    const now = Date.now();
    const low: { wallet: PoolWallet; amount: bigint }[] = [];
    for (const [index, wallet] of this.wallets.entries()) {
      const balance = balances[index] ?? 0n;
      wallet.funding.balanceRead(balance);
      const reserve = wallet.funding.lastCost;
      // Topped up before it runs dry: below its wanted balance, or with less than half of it to go
      // at the next check.
      if (balance < wallet.funding.wanted(now, reserve)) {
        low.push({ wallet, amount: wallet.funding.topUpAmount(balance, now, reserve) });
      }
    }
    if (low.length === 0) return;
    const sent = await Promise.all(
      low.map(({ wallet, amount }) =>
        sendTransaction(ctx, {
          account: funder,
          to: wallet.address,
          value: amount,
          gas: TRANSFER_GAS,
          source,
        }),
      ),
    );
    this.topUps += low.length;
    this.batches++;
    const outcomes = await Promise.all(sent.map((one) => one.wait()));
    const failed = outcomes.find(({ record }) => record.status !== "confirmed");
    if (failed) throw new TransactionFailedError(failed.record.hash, `funding ${failed.reason}`);
    const after = await Promise.all(
      low.map(({ wallet }) => ctx.client.getBalance({ address: wallet.address, blockTag: "pending" })),
    );
    for (const [index, { wallet }] of low.entries()) wallet.funding.balanceRead(after[index] ?? 0n);
  }

  /** Resolves once no refill is under way (it may have failed: that is the next send's to see). */
  async idle(): Promise<void> {
    while (this.#refill) await this.#refill.catch(() => undefined);
  }

  /**
   * Sends every wallet's balance, less a transfer's fee, back to the funder; wallets holding no
   * more than the fee are left as they are. Call it while nothing sends from the pool.
   */
  async reclaim(): Promise<ReclaimResult> {
    const { ctx, funder, source } = this.#options;
    await this.idle();
    const [balances, block] = await Promise.all([
      Promise.all(
        this.wallets.map((wallet) => ctx.client.getBalance({ address: wallet.address, blockTag: "pending" })),
      ),
      ctx.client.getBlock({ blockTag: "latest" }),
    ]);
    // The fee policy's cap for a transfer now (twice the base fee plus the tip): the sender prices
    // it the same, so the value plus the fee fits the balance.
    const fee = TRANSFER_GAS * ctx.fees.newTransaction(block.baseFeePerGas).maxFeePerGas;
    const sends = await Promise.all(
      this.wallets.map(async (wallet, index) => {
        const balance = balances[index] ?? 0n;
        if (balance <= fee) return undefined;
        const amount = balance - fee;
        const sent = await sendTransaction(ctx, {
          account: wallet.account,
          to: funder.address,
          value: amount,
          gas: TRANSFER_GAS,
          source,
        });
        return { address: wallet.address, amount, sent };
      }),
    );
    const reclaimed: ReclaimResult["reclaimed"] = [];
    for (const entry of sends) {
      if (!entry) continue;
      const { record, reason } = await entry.sent.wait();
      if (record.status !== "confirmed") throw new TransactionFailedError(record.hash, `reclaim ${reason}`);
      reclaimed.push({ address: entry.address, amount: entry.amount, hash: record.hash });
    }
    for (const wallet of this.wallets) wallet.funding.balanceRead(0n);
    return { funder: funder.address, reclaimed, total: reclaimed.reduce((sum, one) => sum + one.amount, 0n) };
  }
}
