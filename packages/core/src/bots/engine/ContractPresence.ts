import { type Address, isAddressEqual, type PublicClient } from "viem";
import type { BotContractInfo } from "../BotDefinition.js";

/**
 * What is known of one bot's contract: its address, and whether the chain has its code (undefined:
 * being read, or the read failed at `failedAt`).
 */
type Known = { address: Address; live: boolean | undefined; failedAt?: number };

/** After a read failed (the node away), the next is tried no sooner than this (ms). */
const RETRY_AFTER_MS = 2_000;

/**
 * Whether the chain has each bot's contract, kept in memory so that a status never waits on the
 * node: a contract is known to be there once its deployment confirmed (the bot's `deployed`
 * event), and read again (`eth_getCode`, beside everything else) when the chain went back, when a
 * bot's stored address is new to it, and a while after a read failed. Until a read answers, the
 * stored address stands, as it does while the node is away.
 */
export class ContractPresence {
  readonly #client: PublicClient;
  readonly #known = new Map<string, Known>();

  constructor(client: PublicClient) {
    this.#client = client;
  }

  /** `contract` (the bot's, as its data says) if the chain has its code as far as known, else null. */
  live(bot: string, contract: BotContractInfo | null): BotContractInfo | null {
    if (!contract) return null;
    const known = this.#known.get(bot);
    const stale =
      !known ||
      !isAddressEqual(known.address, contract.address) ||
      (known.failedAt !== undefined && Date.now() - known.failedAt >= RETRY_AFTER_MS);
    if (stale) {
      this.#read(bot, contract.address);
      return contract;
    }
    return known.live === false ? null : contract;
  }

  /** The bot's deployment of `address` confirmed: the chain has it. */
  deployed(bot: string, address: Address): void {
    this.#known.set(bot, { address, live: true });
  }

  /** The chain went back: every contract known is read again. */
  rewound(): void {
    for (const [bot, { address }] of this.#known) this.#read(bot, address);
  }

  /** The bot is gone (an instance removed). */
  forget(bot: string): void {
    this.#known.delete(bot);
  }

  #read(bot: string, address: Address) {
    const entry: Known = { address, live: undefined };
    this.#known.set(bot, entry);
    this.#client.getCode({ address }).then(
      (code) => {
        // A deployment confirmed meanwhile, or a newer read, has the last word.
        if (this.#known.get(bot) === entry) entry.live = code !== undefined && code !== "0x";
      },
      () => {
        // The node is away: read again when asked after a while.
        if (this.#known.get(bot) === entry) entry.failedAt = Date.now();
      },
    );
  }
}
