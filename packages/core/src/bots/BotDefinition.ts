import type { Abi, AccessList, Address, Hex, LocalAccount, PublicClient } from "viem";
import type { z } from "zod";
import type { PlatformContracts } from "../contracts/connectPlatformContracts.js";
import type { AuthorizationListEntry } from "../sender/resolveAuthorizationList.js";
import type { SendTransactionReturnType } from "../sender/sendTransaction.js";
import type { AmountRange, BotBaseConfig } from "./BotConfig.js";
import type { BotHead } from "./HeadFeed.js";

/**
 * A bot's whole config: the settings every bot has (`interval`, `maxPending`) and those of its
 * schema, as the schema parses them.
 */
export type BotConfigOf<Schema extends z.ZodObject> =
  Schema extends z.ZodObject<infer Shape>
    ? // zod types an empty object's output as { [k: string]: never }: no settings beyond the base.
      [keyof Shape] extends [never]
      ? BotBaseConfig
      : // One object type, not an intersection: editors and type errors show its fields.
        { [Key in keyof (BotBaseConfig & z.output<Schema>)]: (BotBaseConfig & z.output<Schema>)[Key] }
    : never;

/**
 * What a bot sends: a transfer, a call or a deployment (no `to`), and any kind the platform's
 * sender takes (see `platform.sender.sendTransaction`): with an access list, EIP-7702
 * authorizations (type 4), EIP-4844 blobs (type 3), or a `salt` for a CREATE2 deployment.
 */
export type BotTransaction = {
  to?: Address | undefined;
  /** Wei. Default 0. */
  value?: bigint | undefined;
  data?: Hex | undefined;
  /** Default: the node's estimate + 20 % (exactly 21,000 for a plain transfer). */
  gas?: bigint | undefined;
  /** EIP-2930 access list, signed into the transaction. */
  accessList?: AccessList | undefined;
  /** `"legacy"` (type 0) or `"eip2930"` (type 1) for a one-gas-price transaction; default type 2. */
  type?: "legacy" | "eip2930" | "eip1559" | undefined;
  /** EIP-7702 authorizations: a set-code transaction (needs `to`). */
  authorizationList?: readonly AuthorizationListEntry[] | undefined;
  /** EIP-4844 blobs, whole (viem's `toBlobs`): a blob transaction (needs `to` and Cancun). */
  blobs?: readonly Hex[] | undefined;
  /** Max fee per blob gas; default twice the blob base fee (raised on each replacement). */
  maxFeePerBlobGas?: bigint | undefined;
  /**
   * With no `to`: deploys `data` (the init code) through the deterministic CREATE2 factory with
   * this 32-byte salt (`platform.sender.deployCreate2`); the result's `contractAddress` is known
   * before it is mined.
   */
  salt?: Hex | undefined;
  /**
   * Sign as this account instead of the bot's key: a wallet the bot derived and funded itself (a
   * scenario's borrowers or traders). Sent through the same pipeline and counted in the bot's
   * stats; its cost is not taken from the bot's balance (the bot funds the account beforehand).
   */
  account?: LocalAccount | undefined;
};

/** What `setup` and `tick` get: the bot's key, its config for this run, its stored data, and a sender. */
export type BotContext<Config extends BotBaseConfig = BotBaseConfig> = {
  readonly name: string;
  readonly address: Address;
  readonly account: LocalAccount;
  readonly config: Config;
  readonly client: PublicClient;
  /**
   * The chain's head as the platform's one follower of it sees it (`head.number`), read from
   * memory: what a bot that acts on new blocks compares with, instead of asking the node each
   * tick. It moves at the platform's polling interval.
   */
  readonly head: BotHead;
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
  /**
   * Adds `by` (default 1) to one of the bot's own counters, shown in its stats (`counters`) and
   * kept across restarts: what a scenario measures beyond sends (refusals, findings…).
   */
  count(counter: string, by?: number): void;
  /**
   * The platform's contracts (PriceOracle, LendingPool, PRIV, USDC, DAI…), deployed when missing,
   * for scenarios that work with them (`lending`, `liquidation-keeper`). Fails with
   * `INVALID_BOT_CONFIG` on an engine created without them.
   */
  platformContracts(): Promise<PlatformContracts>;
  /**
   * The bot's own key. Setup always runs as it; with a wallet pool (config `wallets`) each tick
   * runs as one of the pool's wallets (`account`, `address` and `send` above are that wallet's),
   * and this sends as the bot itself — for what only the owner of its contracts may do (mint…).
   * Without a pool it is the same as `account`, `address` and `send`.
   */
  readonly root: {
    readonly account: LocalAccount;
    readonly address: Address;
    send(transaction: BotTransaction): Promise<SendTransactionReturnType>;
  };
  /** The addresses of the bot's wallet pool, in derivation order; empty without one. */
  readonly wallets: readonly Address[];
};

/** What a bot's `check` gets: its name, the config of the run about to start, and the chain. */
export type BotCheckContext<Config extends BotBaseConfig = BotBaseConfig> = {
  readonly name: string;
  readonly config: Config;
  readonly client: PublicClient;
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

/**
 * The environment variables a bot reads when the platform starts: `<PREFIX>_INTERVAL`,
 * `<PREFIX>_MAX_PENDING` and `<PREFIX>_RECIPIENTS`, and with `randomRange` also `<PREFIX>_AMOUNT`,
 * `<PREFIX>_RANDOM`, `<PREFIX>_RANDOM_MIN` and `<PREFIX>_RANDOM_MAX` (`<PREFIX>_RANDOM=true`
 * without ends picks this range).
 */
export type BotEnv = {
  /** Upper-case letters, digits and underscores, e.g. `"TRANSFER"`. */
  prefix: string;
  randomRange?: AmountRange | undefined;
};

/**
 * What {@link defineBot} takes. The bot's config type is inferred from `schema`; what `setup`
 * returns is handed to every `tick` of that run (`state`).
 */
export type BotDefinitionParameters<Name extends string, Schema extends z.ZodObject, State> = {
  /** Unique; names the bot's state, history source, events and HTTP routes (`/bots/<name>/…`). */
  name: Name;
  /**
   * Index of the bot's key on the system mnemonic (m/44'/60'/0'/0/<index>). Default: allocated
   * from 110 up (past every index a registered bot names) and remembered in storage. The
   * platform's own indexes are refused here (0–20 system wallets, 21 the oracle's updater, 22 the
   * contracts' owner); one another registered bot holds is refused when this one is registered.
   */
  keyIndex?: number | undefined;
  /** The environment variables the bot reads when the platform starts (see {@link BotEnv}). Default: none. */
  env?: BotEnv | undefined;
  /**
   * Why the bot has no use for a wallet pool (it sends from accounts of its own, or as one actor):
   * given, a start or instance with `wallets` is refused with `INVALID_BOT_CONFIG` giving this
   * reason, and a traffic document giving it one is invalid.
   */
  refusesWalletPool?: string | undefined;
  /** Settings beyond `interval` and `maxPending`, as a zod object: what start requests may override. */
  schema?: Schema | undefined;
  /**
   * Defaults of every setting (checked against the schema when the bot is defined). `interval`
   * default 5000, `maxPending` 64.
   */
  defaults?: Partial<BotConfigOf<Schema>> | undefined;
  /**
   * The contract setup deploys with `deployBotContract` (under `contract.key`): its address
   * is shown in the bot's status (`contract`) and in `GET /contracts` once deployed.
   */
  contract?: BotContract | undefined;
  /**
   * Runs at each start, before anything is stored or sent: refuses a run the bot cannot do by
   * throwing — `BOT_UNSUPPORTED` when the node lacks what it needs (blobs before Cancun),
   * `INVALID_BOT_CONFIG` for a config the schema alone cannot judge. The start fails with that
   * error (a 4xx over HTTP) instead of the bot failing tick after tick.
   */
  check?: ((ctx: BotCheckContext<BotConfigOf<Schema>>) => Promise<void>) | undefined;
  /**
   * Runs at each start before the first tick (deploy contracts, read state), and again after the
   * chain went back (reset or revert). An error is reported and retried. What it returns is the
   * run's state, handed to each tick.
   */
  setup?: ((ctx: BotContext<BotConfigOf<Schema>>) => Promise<State>) | undefined;
  /**
   * One step of work, every `interval` ms while running, with the state the last `setup` returned.
   * An error is counted and reported; the bot goes on.
   */
  tick: (ctx: BotContext<BotConfigOf<Schema>>, state: State) => Promise<void>;
};

/**
 * A bot as the engine runs it, made by {@link defineBot}. `BotDefinition` alone (the defaults)
 * stands for any bot: what `platform.bots.register` and `bots.custom` take.
 */
export type BotDefinition<
  Config extends BotBaseConfig = BotBaseConfig,
  State = unknown,
  Name extends string = string,
> = {
  readonly name: Name;
  readonly keyIndex: number | undefined;
  readonly env: BotEnv | undefined;
  /** Why the bot refuses a wallet pool; undefined when it takes one. */
  readonly refusesWalletPool: string | undefined;
  readonly schema: z.ZodObject;
  readonly defaults: Config;
  readonly contract: BotContract | undefined;
  /** Refuses a start the bot cannot run (see {@link BotDefinitionParameters.check}). */
  check?(ctx: BotCheckContext<Config>): Promise<void>;
  setup(ctx: BotContext<Config>): Promise<State>;
  tick(ctx: BotContext<Config>, state: State): Promise<void>;
};
