import { type Address, getAddress, type LocalAccount, toHex } from "viem";
import type { PlatformContractsService } from "../../contracts/connectPlatformContracts.js";
import { InvalidBotConfigError } from "../../errors/bots.js";
import type { SenderContext } from "../../sender/SenderContext.js";
import type { BotBaseConfig } from "../BotConfig.js";
import type { BotContext, BotTransaction } from "../BotDefinition.js";
import type { BotStats } from "../BotStats.js";
import type { BotHead } from "../HeadFeed.js";
import type { BotReporter } from "./BotReporter.js";
import type { BotSender } from "./BotSender.js";
import type { BotStateStore } from "./BotStateStore.js";

/** The stored wallets a bot picks recipients from are read again after this long. */
const WALLETS_CACHE_MS = 5_000;

export type BotContextParts = {
  ctx: SenderContext;
  name: string;
  account: LocalAccount;
  head: BotHead;
  sender: BotSender;
  store: BotStateStore;
  reporter: BotReporter;
  stats: BotStats;
  recipients: RecipientPicker;
  /** The addresses of the run's wallet pool; empty without one. */
  wallets: readonly Address[];
  /** The platform's contracts; absent on an engine made without them. */
  contracts?: PlatformContractsService | undefined;
  /** Runs work beside the ticks; its failure is the bot's error. */
  background(task: () => Promise<unknown>): void;
};

/** What `setup` and each tick of a run get (a tick with a pool gets a wallet's `account` and `send` over it). */
export function createBotContext<Config extends BotBaseConfig>(
  parts: BotContextParts,
  config: Config,
): BotContext<Config> {
  const { name, account, sender, store, reporter, stats } = parts;
  const send = (transaction: BotTransaction) => sender.send(transaction);
  return {
    root: { account, address: account.address, send },
    wallets: parts.wallets,
    name,
    address: account.address,
    account,
    config,
    client: parts.ctx.client,
    head: parts.head,
    send,
    data: {
      get: <T>(key: string) => store.data[key] as T | undefined,
      set: (key, value) => store.setData(key, value),
    },
    emit: (event) => reporter.emit(event),
    background: (task) => parts.background(task),
    pickRecipient: (source) =>
      parts.recipients.pick(
        source ?? (config as { recipients?: "wallets" | "fresh" }).recipients ?? "wallets",
      ),
    count: (counter, by = 1) => {
      stats.count(counter, by);
      store.scheduleSave();
    },
    platformContracts: async () => {
      if (!parts.contracts)
        throw new InvalidBotConfigError(name, "this bot engine has no platform contracts.");
      return parts.contracts.get();
    },
  };
}

/**
 * Picks a bot's recipients: a stored wallet that is neither a system wallet nor a bot's (read at
 * most every {@link WALLETS_CACHE_MS}), or a fresh address.
 */
export class RecipientPicker {
  readonly #ctx: SenderContext;
  readonly #botAddresses: () => ReadonlySet<string>;
  #cache: { at: number; addresses: Address[] } | undefined;

  constructor(ctx: SenderContext, botAddresses: () => ReadonlySet<string>) {
    this.#ctx = ctx;
    this.#botAddresses = botAddresses;
  }

  async pick(source: "wallets" | "fresh"): Promise<Address> {
    if (source === "wallets") {
      const now = Date.now();
      if (!this.#cache || now - this.#cache.at > WALLETS_CACHE_MS) {
        const bots = this.#botAddresses();
        const wallets = await this.#ctx.storage.wallets.list();
        this.#cache = {
          at: now,
          addresses: wallets
            .filter((wallet) => !wallet.system && !bots.has(wallet.address.toLowerCase()))
            .map((wallet) => wallet.address),
        };
      }
      const addresses = this.#cache.addresses;
      const picked = addresses[Math.floor(Math.random() * addresses.length)];
      if (picked) return picked;
    }
    // A fresh address: 20 random bytes (nobody holds its key; the value just moves there).
    return getAddress(toHex(crypto.getRandomValues(new Uint8Array(20))));
  }
}
