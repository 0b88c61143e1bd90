import type { LocalAccount } from "viem";
import { TransactionFailedError } from "../../errors/sender.js";
import { TRANSFER_GAS } from "../../fees/transferGas.js";
import type { SenderContext } from "../../sender/SenderContext.js";
import { sendTransaction } from "../../sender/sendTransaction.js";
import { BotFunding } from "../BotFunding.js";
import type { Wakeups } from "./Wakeups.js";

/** The bot's balance is read at least this often while it sends. */
const FUNDS_CHECK_EVERY_MS = 3_000;

export type FundingLoopParameters = {
  ctx: SenderContext;
  /** Tops the bot up. */
  funder: LocalAccount;
  /** The bot's own key: what is funded. */
  account: LocalAccount;
  funding: { minBalance: bigint; topUp: bigint };
  wakeups: Wakeups;
  /** The bot's loop runs: a wait ends when it stops. */
  running(): boolean;
  /** Ticks under way now, each of which may send. */
  reserved(): number;
  /** A top-up confirmed: the `funded` event. */
  funded(): void;
};

/**
 * Keeps the bot's own key ahead of its spend (see {@link BotFunding}). The balance is read every
 * {@link FUNDS_CHECK_EVERY_MS}, and at once when what is left (the last balance read minus what
 * was sent since) falls below the wanted balance, so that a top-up goes out early and runs beside
 * the ticks. A tick waits only when it must: before the first check, after an
 * `INSUFFICIENT_FUNDS`, or when what is left may not pay for every tick running now; and, until the
 * bot's first send shows what a transaction costs, ticks go one at a time. A wait ends when the
 * bot stops: a top-up waits for its block, a stop does not wait for the top-up (which goes on by
 * itself; {@link checking} is it).
 */
export class FundingLoop {
  /** The bot's spend and balance, for its own key. */
  readonly funding: BotFunding;
  /** Max fee per gas a send may pay, as the last check priced it: the spend of each send. */
  feePerGas = 0n;
  readonly #parameters: FundingLoopParameters;
  #lastCheck = 0;
  #check: Promise<void> | undefined;
  #now = true;

  constructor(parameters: FundingLoopParameters) {
    this.#parameters = parameters;
    this.funding = new BotFunding(parameters.funding);
  }

  /** The balance check (and top-up) under way, if any. */
  get checking(): Promise<void> | undefined {
    return this.#check;
  }

  /** Checks the balance before the next tick goes (at a start, after a rewind or an `INSUFFICIENT_FUNDS`). */
  checkNow(): void {
    this.#now = true;
  }

  /** Lets a tick (or setup) go once the bot can pay for it; see {@link FundingLoop}. */
  async ensure(oneAtATimeFirst = true): Promise<void> {
    const { running, reserved, wakeups } = this.#parameters;
    for (;;) {
      if (!running()) return;
      const now = Date.now();
      const projected = this.funding.projected();
      const cost = this.funding.lastCost;
      const reserve = cost * BigInt(Math.max(1, reserved()));
      const low = projected === undefined || projected < this.funding.wanted(now, reserve);
      if (!this.#check && (this.#now || low || now - this.#lastCheck >= FUNDS_CHECK_EVERY_MS)) {
        const check = this.#topUp(reserve).finally(() => {
          this.#check = undefined;
          wakeups.wake();
        });
        // A failure no tick waited for: the next tick checks again, and waits (and reports it).
        check.catch(() => {
          this.#now = true;
        });
        this.#check = check;
      }
      if (this.#check && (this.#now || projected === undefined || projected < reserve)) {
        // Woken early by a settle or a stop, it looks again.
        await Promise.race([this.#check, wakeups.next()]);
        continue;
      }
      if (oneAtATimeFirst && cost === 0n && reserved() > 1 && running()) {
        await wakeups.next(); // woken by the first send, a check's end, or a stop
        continue;
      }
      return;
    }
  }

  async #topUp(reserve: bigint) {
    const { ctx, funder, account } = this.#parameters;
    const [balance, block] = await Promise.all([
      ctx.client.getBalance({ address: account.address, blockTag: "pending" }),
      ctx.client.getBlock({ blockTag: "latest" }),
    ]);
    // As the fee policy prices a transaction (twice the base fee plus the tip), at a base fee half
    // as high again: room for it to rise until the next check (12.5 % a full block).
    this.feePerGas = ctx.fees.newTransaction(((block.baseFeePerGas ?? 0n) * 3n) / 2n).maxFeePerGas;
    this.funding.balanceRead(balance);
    this.#lastCheck = Date.now();
    this.#now = false;
    if (balance >= this.funding.wanted(Date.now(), reserve)) return;
    const sent = await sendTransaction(ctx, {
      account: funder,
      to: account.address,
      value: this.funding.topUpAmount(balance, Date.now(), reserve),
      gas: TRANSFER_GAS,
      source: "bot-funding",
    });
    const { record, reason } = await sent.wait();
    if (record.status !== "confirmed") throw new TransactionFailedError(record.hash, `funding ${reason}`);
    this.funding.balanceRead(await ctx.client.getBalance({ address: account.address, blockTag: "pending" }));
    this.#parameters.funded();
  }
}
