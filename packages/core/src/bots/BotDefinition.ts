import type { Abi, Address, Hex, LocalAccount, PublicClient } from "viem";
import type { z } from "zod";
import type { SendTransactionReturnType } from "../sender/sendTransaction.js";
import type { BotBaseConfig } from "./BotConfig.js";

/** What a bot sends: a transfer, a call or a deployment (no `to`). */
export type BotTransaction = {
  to?: Address | undefined;
  /** Wei. Default 0. */
  value?: bigint | undefined;
  data?: Hex | undefined;
  /** Default: the node's estimate + 20 % (exactly 21,000 for a plain transfer). */
  gas?: bigint | undefined;
};

/** What `setup` and `tick` get: the bot's key, its config for this run, its stored data, and a sender. */
export type BotContext<Config extends BotBaseConfig = BotBaseConfig> = {
  readonly name: string;
  readonly address: Address;
  readonly account: LocalAccount;
  readonly config: Config;
  readonly client: PublicClient;
  /**
   * Sends as the bot through the platform's nonce manager; counted in the bot's stats, recorded
   * with source = the bot's name, emitted as `bot` events. Resolves once the node accepted it.
   */
  send(transaction: BotTransaction): Promise<SendTransactionReturnType>;
  /** The bot's persisted data (deployed contract addresses…), kept across restarts. */
  readonly data: {
    get<T>(key: string): T | undefined;
    set(key: string, value: unknown): Promise<void>;
  };
  /** Emits a `bot` event (e.g. `deployed` with the contract's address). */
  emit(event: { type: "deployed" | "funded"; message: string; address?: Address }): void;
  /**
   * Runs `task` beside the ticks, which do not wait for it (e.g. reading a receipt once a
   * transaction is mined). Its failure is counted and reported as the bot's error, like a tick's,
   * so nothing is left to reject unhandled; one caused by the platform closing is dropped.
   */
  background(task: () => Promise<unknown>): void;
  /** A recipient per the `recipients` setting: a stored wallet (not a bot) or a fresh address. */
  pickRecipient(source?: "wallets" | "fresh"): Promise<Address>;
};

/** The contract a bot deploys and works with, as its status and `GET /contracts` show it. */
export type BotContract = {
  /** The key of the bot's data (`ctx.data`) under which `deployBotContract` stores its address. */
  key: string;
  /** What it is, e.g. the token's symbol ("BOT") or "DevNFT". */
  name: string;
  /** The Solidity contract. */
  contract: string;
  abi: Abi;
};

/** A bot's contract once deployed: where, since which block, and its ABI. */
export type BotContractInfo = Omit<BotContract, "key"> & {
  address: Address;
  /** The block that included its deployment; null when it was stored without it (an older privnet). */
  blockNumber: bigint | null;
};

export type BotDefinitionParameters<Config extends BotBaseConfig> = {
  /** Unique; names the bot's state, history source, events and HTTP routes (`/bots/<name>/…`). */
  name: string;
  /**
   * Index of the bot's key on the system mnemonic (m/44'/60'/0'/0/<index>). Default: allocated
   * from 110 up and remembered in storage. The indexes of `KEY_INDEXES` are refused (0–20 system
   * wallets, 21 the oracle's updater, 22 the contracts' owner, 100–102 the built-in bots).
   */
  keyIndex?: number | undefined;
  /** Settings beyond `interval` and `maxPending`, as a zod object: what start requests may override. */
  schema?: z.ZodObject | undefined;
  /** Defaults of every setting. `interval` default 5000, `maxPending` 64. */
  defaults?: Partial<Config> | undefined;
  /**
   * The contract setup deploys with `deployBotContract` (under `contract.key`): its address
   * is shown in the bot's status (`contract`) and in `GET /contracts` once deployed.
   */
  contract?: BotContract | undefined;
  /**
   * Runs at each start before the first tick (deploy contracts, read state), and again after the
   * chain went back (reset or revert). An error is reported and retried.
   */
  setup?: ((ctx: BotContext<Config>) => Promise<void>) | undefined;
  /** One step of work, every `interval` ms while running. An error is counted and reported; the bot goes on. */
  tick: (ctx: BotContext<Config>) => Promise<void>;
};

/** A bot as the engine runs it. */
export type BotDefinition<Config extends BotBaseConfig = BotBaseConfig> = {
  readonly name: string;
  readonly keyIndex: number | undefined;
  readonly schema: z.ZodObject;
  readonly defaults: Config;
  readonly contract: BotContract | undefined;
  setup(ctx: BotContext<Config>): Promise<void>;
  tick(ctx: BotContext<Config>): Promise<void>;
};
