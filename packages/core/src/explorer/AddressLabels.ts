import type { Address } from "viem";
import type { StoredPlatformContracts } from "../contracts/ensurePlatformContracts.js";
import type { ExplorerStore } from "../storage/ExplorerStore.js";
import type { StorageAdapter } from "../storage/StorageAdapter.js";
import type { ContractRegistry } from "./ContractRegistry.js";
import type { AddressLabel, KnownContract } from "./ExplorerShapes.js";

/** Where the labels come from, besides the stored wallets and the users' own. */
export type AddressLabelSources = {
  storage: StorageAdapter;
  store: ExplorerStore;
  registry: ContractRegistry;
  /**
   * Each bot's own key, by bot name, and the wallets of its pool (`wallet`: the index), read from
   * memory whenever the table is.
   */
  bots(): { name: string; address: Address; wallet?: number | undefined }[];
  /** The stored platform deployment (its deployer), if any. */
  deployment(): Promise<StoredPlatformContracts | undefined>;
  /** The oracle's updater key. */
  updater: Address;
  /** The contracts matched to build artifacts so far, read live (a match lands between reads). */
  matched?: (() => ReadonlyMap<string, KnownContract>) | undefined;
};

/** Longest label a user may give an address. */
export const MAX_LABEL_LENGTH = 64;

const FRESH_FOR = 3_000;

/**
 * One label table for every address the platform knows, with a user's own label on top: stored
 * wallets (`wallet`, or `system` for the 21 prefunded accounts), each bot's key and the wallets of
 * its pool (`bot`: "transfer bot", "transfer bot wallet 3"), the
 * platform's deployer and the oracle's updater (`platform`), contracts by name (`contract`). Read
 * at most every few seconds; `forget()` drops it at once.
 *
 * @example
 * const labels = await addressLabels.all();
 * labels.get(address.toLowerCase()); // { name: "transfer bot", source: "bot" }
 */
export class AddressLabels {
  readonly #sources: AddressLabelSources;
  #table: { at: number; bots: string; labels: Promise<Map<string, AddressLabel>> } | undefined;

  constructor(sources: AddressLabelSources) {
    this.#sources = sources;
  }

  forget() {
    this.#table = undefined;
  }

  async all(): Promise<Map<string, AddressLabel>> {
    const labels = await this.#stored();
    const matched = this.#sources.matched?.();
    if (!matched || matched.size === 0) return labels;
    const merged = new Map(labels);
    for (const [address, contract] of matched) {
      if (!merged.has(address)) merged.set(address, { name: contract.name, source: "contract" });
    }
    return merged;
  }

  #stored(): Promise<Map<string, AddressLabel>> {
    // A bot started with a new wallet pool is labelled at once, not after the table's freshness.
    const bots = this.#sources.bots();
    const botsKey = bots.map((bot) => bot.address).join();
    if (!this.#table || Date.now() - this.#table.at > FRESH_FOR || this.#table.bots !== botsKey) {
      const labels = this.#read(bots);
      this.#table = { at: Date.now(), bots: botsKey, labels };
      labels.catch(() => {
        if (this.#table?.labels === labels) this.#table = undefined;
      });
    }
    return this.#table.labels;
  }

  /** A function that labels addresses from one read of the table. */
  async labeller(): Promise<(address: Address | null) => AddressLabel | null> {
    const labels = await this.#stored();
    const matched = this.#sources.matched;
    return (address) => {
      if (!address) return null;
      const key = address.toLowerCase();
      const label = labels.get(key);
      if (label) return label;
      const contract = matched?.().get(key);
      return contract ? { name: contract.name, source: "contract" } : null;
    };
  }

  async #read(bots: ReturnType<AddressLabelSources["bots"]>): Promise<Map<string, AddressLabel>> {
    const { storage, store, registry } = this.#sources;
    const [wallets, contracts, deployment, own] = await Promise.all([
      storage.wallets.list(),
      registry.all(),
      this.#sources.deployment().catch(() => undefined),
      store.labels.list(),
    ]);
    const labels = new Map<string, AddressLabel>();
    // Lowest priority first: each later source overwrites.
    for (const wallet of wallets) {
      labels.set(wallet.address.toLowerCase(), {
        name: wallet.name,
        source: wallet.system ? "system" : "wallet",
      });
    }
    for (const bot of bots) {
      const name = bot.wallet === undefined ? `${bot.name} bot` : `${bot.name} bot wallet ${bot.wallet}`;
      labels.set(bot.address.toLowerCase(), { name, source: "bot" });
    }
    if (deployment)
      labels.set(deployment.deployer.toLowerCase(), { name: "Platform deployer", source: "platform" });
    labels.set(this.#sources.updater.toLowerCase(), { name: "Oracle updater", source: "platform" });
    for (const [address, contract] of contracts)
      labels.set(address, { name: contract.name, source: "contract" });
    for (const label of own) labels.set(label.address.toLowerCase(), { name: label.name, source: "user" });
    return labels;
  }
}
