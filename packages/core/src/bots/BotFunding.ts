/** A bot's balance is kept above what it spends in this many seconds (several blocks, and a top-up's own inclusion). */
export const FUND_AHEAD_SECONDS = 20n;
/** The spend rate is measured over this many seconds (or since the first send, if that is shorter). */
const RATE_WINDOW_SECONDS = 10;

/**
 * What one bot spends and how much its top-ups must be: the spend rate measured from the bot's
 * own sends (value + gas × fee cap of each), the last balance read, and what was spent since. A
 * bot at interval 0 can spend tens of ETH a block; fixed top-ups fall behind it (issue 12), these
 * follow it:
 *
 * - wanted balance: at least `minBalance`, and at least {@link FUND_AHEAD_SECONDS} of the
 *   measured spend;
 * - a top-up brings the balance to twice the wanted one (and sends at least `topUp`), so that it
 *   lasts as long again before the next.
 *
 * @example
 * const funding = new BotFunding({ minBalance: parseEther("10"), topUp: parseEther("100") });
 * funding.spent(parseEther("0.01"));
 * if (balance < funding.wanted()) send(funding.topUpAmount(balance));
 */
export class BotFunding {
  readonly minBalance: bigint;
  readonly topUp: bigint;
  /** Wei spent per second, by the second (Unix seconds), over the last window. */
  readonly #perSecond = new Map<number, bigint>();
  #firstSpend: number | undefined;
  #balance: bigint | undefined;
  #spentSinceRead = 0n;
  /** Cost of the transactions counted as spent that the node has not taken (or refused) yet. */
  #unsettled = 0n;
  #lastCost = 0n;

  constructor(options: { minBalance: bigint; topUp: bigint }) {
    this.minBalance = options.minBalance;
    this.topUp = options.topUp;
  }

  /**
   * Counts a transaction's worst-case cost (value + gas limit × max fee) as it goes to the sender;
   * call {@link sent} once the node took it or it was refused.
   */
  spent(wei: bigint, now = Date.now()) {
    const second = Math.floor(now / 1000);
    this.#firstSpend ??= now;
    this.#perSecond.set(second, (this.#perSecond.get(second) ?? 0n) + wei);
    for (const kept of this.#perSecond.keys())
      if (kept <= second - RATE_WINDOW_SECONDS) this.#perSecond.delete(kept);
    this.#spentSinceRead += wei;
    this.#unsettled += wei;
    this.#lastCost = wei;
  }

  /** The node took (or refused) a transaction counted by {@link spent}: a balance read from now on shows it. */
  sent(wei: bigint) {
    this.#unsettled -= wei;
  }

  /** The cost of the last transaction sent (0 before the first). */
  get lastCost(): bigint {
    return this.#lastCost;
  }

  /** Measured spend in wei per second. */
  rate(now = Date.now()): bigint {
    if (this.#firstSpend === undefined) return 0n;
    const since = Math.floor(now / 1000) - RATE_WINDOW_SECONDS;
    let total = 0n;
    for (const [second, wei] of this.#perSecond) if (second > since) total += wei;
    // Early on the window is mostly empty: divide by the time the bot has spent for, at least 1 s.
    const seconds = Math.min(RATE_WINDOW_SECONDS, Math.max(1, (now - this.#firstSpend) / 1000));
    return (total * 1000n) / BigInt(Math.round(seconds * 1000));
  }

  /**
   * The balance the bot should hold now: the most of `minBalance`, {@link FUND_AHEAD_SECONDS} of
   * the measured spend, and twice `reserve` (what the transactions being prepared may cost).
   */
  wanted(now = Date.now(), reserve = 0n): bigint {
    return max(this.minBalance, this.rate(now) * FUND_AHEAD_SECONDS, reserve * 2n);
  }

  /** What a top-up sends to a bot holding `balance`: up to twice the wanted balance, at least `topUp`. */
  topUpAmount(balance: bigint, now = Date.now(), reserve = 0n): bigint {
    return max(this.topUp, this.wanted(now, reserve) * 2n - balance);
  }

  /**
   * A fresh balance (the node's, pending transactions included): what the node took is in it,
   * what is still on its way to the node is not, and is taken off.
   */
  balanceRead(balance: bigint) {
    this.#balance = balance - this.#unsettled;
    this.#spentSinceRead = 0n;
  }

  /** The last balance read minus what was sent since; undefined before the first read. */
  projected(): bigint | undefined {
    return this.#balance === undefined ? undefined : this.#balance - this.#spentSinceRead;
  }
}

/** The largest of `values` (Math.max does not take bigints). */
function max(first: bigint, ...rest: bigint[]): bigint {
  let highest = first;
  for (const value of rest) if (value > highest) highest = value;
  return highest;
}
