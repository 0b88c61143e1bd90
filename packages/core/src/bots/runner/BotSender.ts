import { type Address, concat, type Hex, type LocalAccount } from "viem";
import { CREATE2_FACTORY_ADDRESS } from "../../sender/create2Factory.js";
import { deployCreate2 } from "../../sender/deployCreate2.js";
import { estimateTransactionGas } from "../../sender/estimateTransactionGas.js";
import type { SenderContext } from "../../sender/SenderContext.js";
import { type SendTransactionReturnType, sendTransaction } from "../../sender/sendTransaction.js";
import type { TransactionRecord } from "../../storage/StorageAdapter.js";
import { waitForTransaction } from "../../transactions/waitForTransaction.js";
import type { BotTransaction } from "../BotDefinition.js";
import type { BotFunding } from "../BotFunding.js";
import type { BotStats } from "../BotStats.js";
import type { PoolWallet } from "../controls/WalletPool.js";
import type { BotReporter } from "./BotReporter.js";
import type { BotStateStore } from "./BotStateStore.js";
import type { FundingLoop } from "./FundingLoop.js";
import type { PendingLimit } from "./PendingLimit.js";
import type { Wakeups } from "./Wakeups.js";

export type BotSenderParameters = {
  ctx: SenderContext;
  name: string;
  /** The bot's own key. */
  account: LocalAccount;
  stats: BotStats;
  reporter: BotReporter;
  store: BotStateStore;
  wakeups: Wakeups;
  /** The own key's funding: its spend, and the fee a send is reckoned at. */
  funds: FundingLoop;
  pendingLimit: PendingLimit;
  /** The most a send pays per gas (wei), now and when replaced. */
  maxFeePerGasCap: bigint;
  /** The max fee per gas a pool wallet's send is reckoned at, as its pool's last refill priced it. */
  poolFeePerGas(): bigint | undefined;
  /** The platform is closing: work cut short by it is not the bot's error. */
  closing(): boolean;
};

/**
 * Sends a bot's transactions through the platform's send pipeline, as its own key, a pool's
 * wallet or an account of its own, and keeps its numbers: each send's gas and cost go into the
 * spend (the funding rule) and the pending limit before it is sent; once the node took it, it is
 * counted sent, emitted and followed until it settles (confirmed or failed), when it is counted
 * again and the run's waiters are woken.
 */
export class BotSender {
  readonly #parameters: BotSenderParameters;

  constructor(parameters: BotSenderParameters) {
    this.#parameters = parameters;
  }

  /**
   * Sends `transaction` as `wallet` (a pool's) or the bot. `check` runs once the gas is estimated,
   * before anything is spent or sent: it may refuse by throwing.
   */
  async send(
    transaction: BotTransaction,
    check: () => void = () => {},
    wallet?: PoolWallet,
  ): Promise<SendTransactionReturnType> {
    const { ctx, funds, stats, reporter, store } = this.#parameters;
    // A scenario's own account (a borrower or trader it funded) spends that account's ETH, not the
    // bot's: it is not counted. A pool wallet's spend counts against that wallet's funding.
    const account = transaction.account ?? wallet?.account ?? this.#parameters.account;
    const counted = transaction.account === undefined;
    const funding = wallet?.funding ?? funds.funding;
    const feePerGas = wallet ? (this.#parameters.poolFeePerGas() ?? funds.feePerGas) : funds.feePerGas;
    const gas = transaction.gas ?? (await this.#estimate(account.address, transaction));
    check();
    const cost = gas === undefined || !counted ? 0n : (transaction.value ?? 0n) + gas * feePerGas;
    if (gas !== undefined && counted) this.#spent(gas, cost, funding, !wallet);
    let sent: SendTransactionReturnType;
    try {
      sent = await this.#submit(account, transaction, gas);
    } finally {
      funding.sent(cost);
    }
    if (gas === undefined && counted) {
      // The sender chose the gas limit: the spend counts it once the node has the transaction.
      const chosen = await ctx.client
        .getTransaction({ hash: sent.record.hash })
        .then((mined) => mined.gas)
        .catch(() => undefined);
      if (chosen !== undefined) {
        const spent = (transaction.value ?? 0n) + chosen * feePerGas;
        this.#spent(chosen, spent, funding, !wallet);
        funding.sent(spent);
      }
    }
    const acceptedAt = Date.now();
    stats.sentOne(sent.record.id);
    reporter.transaction(sent.record);
    store.scheduleSave();
    sent.wait().then(
      ({ record }) => this.#settle(record, Date.now() - acceptedAt),
      // The platform is closing: the record stays pending and is followed after a restart.
      () => undefined,
    );
    return sent;
  }

  /** Follows a record a previous run left pending, and counts it when it settles. */
  async follow(id: number): Promise<void> {
    const { ctx, stats, reporter, closing } = this.#parameters;
    try {
      const record = await ctx.storage.transactions.get(id);
      if (!record) {
        // Not in the history any more (another store?): count it as lost.
        if (stats.pendingIds.delete(id)) stats.failed++;
        return;
      }
      if (record.status !== "pending") {
        this.#settle(record, null);
        return;
      }
      const entry = await waitForTransaction(ctx, id);
      const settled = await ctx.storage.transactions.get(entry.id);
      if (settled) this.#settle(settled, null);
    } catch (error) {
      // The platform closed meanwhile: followed again on the next start. Anything else (the
      // storage failing) is the bot's error; the record stays pending in its stats.
      if (!closing()) reporter.error(error);
    }
  }

  /**
   * The gas limit, known before the send so that the spend and the pending limit count it. An
   * estimate that fails leaves it to the sender, which reports why (its estimate fails the same).
   * Blobs and authorizations are estimated by the sender, once prepared and signed; a CREATE2
   * deployment too while the factory is not on the chain (a call to its empty address would
   * estimate as a plain transfer).
   */
  async #estimate(from: Address, transaction: BotTransaction): Promise<bigint | undefined> {
    if (transaction.blobs !== undefined || transaction.authorizationList !== undefined) return undefined;
    const create2 = isCreate2(transaction);
    if (create2 && !(await this.#hasCode(CREATE2_FACTORY_ADDRESS))) return undefined;
    // A CREATE2 deployment is a call to the factory with the salt before the init code.
    return estimateTransactionGas(this.#parameters.ctx, {
      from,
      to: create2 ? CREATE2_FACTORY_ADDRESS : transaction.to,
      value: transaction.value ?? 0n,
      data:
        create2 && transaction.data ? concat([transaction.salt as Hex, transaction.data]) : transaction.data,
      accessList: transaction.accessList,
    }).catch(() => undefined);
  }

  #submit(
    account: LocalAccount,
    transaction: BotTransaction,
    gas: bigint | undefined,
  ): Promise<SendTransactionReturnType> {
    const { ctx, name, maxFeePerGasCap } = this.#parameters;
    const common = {
      account,
      value: transaction.value,
      gas,
      accessList: transaction.accessList,
      source: name,
      maxFeePerGasCap,
    };
    if (isCreate2(transaction)) {
      return deployCreate2(ctx, {
        ...common,
        salt: transaction.salt as Hex,
        initCode: transaction.data ?? "0x",
      });
    }
    return sendTransaction(ctx, {
      ...common,
      to: transaction.to,
      data: transaction.data,
      authorizationList: transaction.authorizationList,
      blobs: transaction.blobs,
      type: transaction.type,
      maxFeePerBlobGas: transaction.maxFeePerBlobGas,
    });
  }

  /**
   * Counts a send's gas limit and cost (wei) in the spend (the bot's own funding, or a pool
   * wallet's) and the pending limit. Ticks held until the bot's own first cost is known go on (a
   * pool's wallets hold none).
   */
  #spent(gas: bigint, cost: bigint, funding: BotFunding, ownKey: boolean) {
    const { funds, wakeups, pendingLimit } = this.#parameters;
    const first = ownKey && funds.funding.lastCost === 0n;
    funding.spent(cost);
    if (first) wakeups.wake(); // ticks held until a transaction's cost was known go on
    pendingLimit.sent(gas);
  }

  #settle(record: TransactionRecord, latencyMs: number | null) {
    const { stats, reporter, store, wakeups } = this.#parameters;
    if (record.status === "pending") return;
    if (!stats.settled(record.id, record.status, record.blockNumber, latencyMs)) return;
    reporter.transaction(record);
    store.scheduleSave();
    wakeups.wake();
  }

  async #hasCode(address: Address): Promise<boolean> {
    const code = await this.#parameters.ctx.client.getCode({ address }).catch(() => undefined);
    return code !== undefined && code !== "0x";
  }
}

/** A CREATE2 deployment through the deterministic factory: a salt and no `to`. */
function isCreate2(transaction: BotTransaction): boolean {
  return transaction.salt !== undefined && transaction.to === undefined;
}
