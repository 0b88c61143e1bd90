import { type Address, parseEther } from "viem";
import { deriveAccounts } from "../chain/deriveAccounts.js";
import { KEY_INDEXES } from "../chain/keyIndexes.js";
import { SYSTEM_MNEMONIC } from "../chain/systemAccounts.js";
import type { BotError } from "../context/BotEvent.js";
import { type TransactionEntry, toTransactionEntry } from "../context/TransactionEntry.js";
import { BotExistsError, BotNotFoundError, InvalidBotConfigError } from "../errors/bots.js";
import { InvalidQueryError } from "../errors/sender.js";
import type { SenderContext } from "../sender/SenderContext.js";
import { toFastAccount } from "../signing/toFastAccount.js";
import { DEFAULT_POOL_LIMIT } from "./autoPendingLimit.js";
import { type BotBaseConfig, MAX_PENDING_LIMIT, mergeBotConfig } from "./BotConfig.js";
import type { BotContractInfo, BotDefinition } from "./BotDefinition.js";
import { BotRunner, type BotStatus, type BotTransition } from "./BotRunner.js";
import type { BotStatsSnapshot } from "./BotStats.js";
import { allocateBotKeyIndex } from "./botKeyIndexes.js";
import { type BuiltInBotConfigs, builtinBotEntries } from "./builtinBots.js";
import { readBotEnv } from "./readBotEnv.js";

export type BotsOptions = {
  /**
   * Settings of each built-in bot by name (`transfer`, `erc20`, `nft`; see docs/bots.md);
   * environment variables override them.
   */
  [Name in keyof BuiltInBotConfigs]?: Partial<BuiltInBotConfigs[Name]> | undefined;
} & {
  /** Your own bots, registered before bots resume so that they resume too. */
  custom?: readonly BotDefinition[] | undefined;
  /** Index of the system account that tops bots up. Default 20. */
  funderIndex?: number | undefined;
  /**
   * A bot below this balance (decimal ETH) is topped up; a bot that spends fast is kept above 20 s
   * of its measured spend instead, when that is more. Default "10".
   */
  minBalance?: string | undefined;
  /**
   * The least a top-up sends (decimal ETH); a bot that spends fast gets twice its wanted balance.
   * Default "100".
   */
  topUp?: string | undefined;
  /**
   * The most transactions the node's pool takes from one sender: the bound of the pending limit
   * of a bot at interval 0 without `maxPending`. Default: 10,000 on anvil (whose pool has no
   * limit), 5,000 on other nodes (geth keeps 5,120 pending transactions in all by default).
   */
  poolLimit?: number | undefined;
  /** Resume the bots that were running when the platform last closed. Default true. */
  resume?: boolean | undefined;
  /**
   * Resume them only once this settles (not at all if it rejects), instead of while the platform
   * starts: `privnet up` holds them until its devnet mines at its block time again, so that they
   * do not send into the at-once mining of the set-up. Default: none.
   */
  resumeAfter?: Promise<unknown> | undefined;
  /**
   * Where the built-in bots' variables (`TRANSFER_*`, `ERC20_*`, `NFT_*`) are read. Default
   * `process.env` (none outside Node).
   */
  env?: Record<string, string | undefined> | undefined;
};

/** One bot in `status()`: the shape of each entry of `GET /bots/status`. */
export type BotStatusEntry = {
  status: BotStatus;
  /** The bot's own sending address. */
  address: Address;
  /**
   * The contract the bot deployed and works with — the erc20 bot's token, the nft bot's
   * collection — while the chain has its code; null before it is deployed (it is on the bot's
   * first start, and again after the chain lost it) and for bots without one (transfer).
   */
  contract: Address | null;
  config: Record<string, unknown>;
  stats: BotStatsSnapshot;
};

export type BotLogs = {
  bot: string;
  /** The bot's transactions from the history, newest first. */
  transactions: TransactionEntry[];
  /** Its recent errors (this process), newest first. */
  errors: BotError[];
};

const WINDOWS = [5n, 20n, 60n] as const;

/**
 * `platform.bots`: the built-in transfer, erc20 and nft bots and any custom ones, each with its
 * own key and loop. Created by `createPlatform`.
 */
export class BotEngine {
  readonly #ctx: SenderContext;
  readonly #options: BotsOptions;
  readonly #runners = new Map<string, BotRunner<BotBaseConfig>>();
  readonly #addresses = new Set<string>();
  readonly #blockTimes = new Map<bigint, bigint>();
  readonly #funding: { minBalance: bigint; topUp: bigint };
  readonly #funder;
  readonly #env;
  #capacity: Promise<{ blockGasLimit: bigint; poolLimit: number }> | undefined;
  #closed = false;

  constructor(ctx: SenderContext, options: BotsOptions = {}) {
    this.#ctx = ctx;
    this.#options = options;
    const funderIndex = options.funderIndex ?? KEY_INDEXES.funder;
    if (!Number.isSafeInteger(funderIndex) || funderIndex < 0) {
      throw new InvalidBotConfigError(
        "bots",
        `funderIndex must be a non-negative integer, got ${funderIndex}.`,
      );
    }
    this.#funding = {
      minBalance: parseEth("minBalance", options.minBalance ?? "10"),
      topUp: parseEth("topUp", options.topUp ?? "100"),
    };
    const poolLimit = options.poolLimit;
    if (poolLimit !== undefined && (!Number.isSafeInteger(poolLimit) || poolLimit < 1)) {
      throw new InvalidBotConfigError("bots", `poolLimit must be a positive integer, got ${poolLimit}.`);
    }
    const [funder] = deriveAccounts(SYSTEM_MNEMONIC, [funderIndex]);
    // Bots sign with libsecp256k1 where it loads: at interval 0, signing is much of their cost.
    this.#funder = toFastAccount(funder?.privateKey ?? "0x");
    const env =
      options.env ?? (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env;
    this.#env = readBotEnv(env ?? {});
  }

  /** Registers the built-in and custom bots and resumes those that were running. */
  async init() {
    for (const [name, { definition }] of builtinBotEntries()) {
      await this.#add(definition, [this.#options[name], this.#env[name]]);
    }
    for (const definition of this.#options.custom ?? []) {
      await this.#add(definition, []);
    }
  }

  /** Registers a custom bot (see `defineBot`); it resumes if it was running when the platform last closed. */
  async register(definition: BotDefinition): Promise<void> {
    await this.#add(definition, []);
  }

  /** Each bot's own sending address, by bot name (the explorer labels them). */
  accounts(): { name: string; address: Address }[] {
    return [...this.#runners.entries()].map(([name, runner]) => ({ name, address: runner.account.address }));
  }

  /** Names of the registered bots. */
  names(): string[] {
    return [...this.#runners.keys()];
  }

  async start(name: string, overrides?: unknown): Promise<BotTransition> {
    return this.#runner(name).start(overrides);
  }

  async stop(name: string): Promise<BotTransition> {
    return this.#runner(name).stop();
  }

  /** Every bot's status, config and stats, by name. */
  async status(): Promise<Record<string, BotStatusEntry>> {
    const runners = [...this.#runners.values()];
    const [windows, contracts] = await Promise.all([
      this.#windows(),
      Promise.all(runners.map((runner) => this.#liveContract(runner))),
    ]);
    const entries: Record<string, BotStatusEntry> = {};
    for (const [index, runner] of runners.entries()) {
      entries[runner.name] = this.#entry(runner, windows, contracts[index]?.address ?? null);
    }
    return entries;
  }

  /** One bot's status, config and stats. */
  async get(name: string): Promise<BotStatusEntry> {
    const runner = this.#runner(name);
    const [windows, contract] = await Promise.all([this.#windows(), this.#liveContract(runner)]);
    return this.#entry(runner, windows, contract?.address ?? null);
  }

  /**
   * The contracts of the bots that have one (erc20: its token; nft: its collection), by bot name:
   * name, Solidity contract, address, deployment block and ABI while the chain has its code,
   * null before the bot deployed it.
   */
  async contracts(): Promise<Record<string, BotContractInfo | null>> {
    const runners = [...this.#runners.values()].filter((runner) => runner.definition.contract);
    const contracts = await Promise.all(runners.map((runner) => this.#liveContract(runner)));
    return Object.fromEntries(runners.map((runner, index) => [runner.name, contracts[index] ?? null]));
  }

  /** The bot's recent transactions (from the history) and errors. */
  async logs(name: string, options: { limit?: number | undefined } = {}): Promise<BotLogs> {
    const runner = this.#runner(name);
    const limit = options.limit ?? 50;
    if (!Number.isSafeInteger(limit) || limit < 1 || limit > 500) {
      throw new InvalidQueryError(`\`limit\` must be a whole number from 1 to 500, got ${limit}.`);
    }
    const transactions: TransactionEntry[] = [];
    let before: number | undefined;
    // The bot's address also receives its top-ups: page on until enough of its own are found.
    for (let page = 0; page < 20 && transactions.length < limit; page++) {
      const records = await this.#ctx.storage.transactions.list({
        limit: 100,
        address: runner.account.address,
        ...(before === undefined ? {} : { before }),
      });
      for (const record of records) {
        if (record.source === name && transactions.length < limit)
          transactions.push(toTransactionEntry(record));
      }
      if (records.length < 100) break;
      before = records.at(-1)?.id;
    }
    return { bot: name, transactions, errors: [...runner.recentErrors] };
  }

  /** Resolves once nothing the bot sent is pending (stop it first for a final count). */
  async settled(name: string): Promise<void> {
    await this.#runner(name).settled();
  }

  /**
   * The chain went back (reset or revert, seen by the transaction watcher): running bots run their
   * setup again before their next tick, so that a contract the chain lost is deployed anew.
   */
  chainRewound() {
    for (const runner of this.#runners.values()) runner.chainRewound();
  }

  /** Stops every loop for a shutdown; running bots stay marked running and resume on the next start. */
  async close() {
    this.#closed = true;
    await Promise.all([...this.#runners.values()].map((runner) => runner.close()));
  }

  async #add(definition: BotDefinition, layers: (Record<string, unknown> | undefined)[]) {
    if (this.#runners.has(definition.name)) throw new BotExistsError(definition.name);
    // Defaults, then the platform's options (privnet.config.ts), then the environment.
    let configured = definition.defaults;
    for (const layer of layers)
      configured = mergeBotConfig(definition.name, definition.schema, configured, layer);
    const index = await allocateBotKeyIndex(this.#ctx.storage, definition.name, definition.keyIndex);
    const [derived] = deriveAccounts(SYSTEM_MNEMONIC, [index]);
    const account = toFastAccount(derived?.privateKey ?? "0x");
    const runner = new BotRunner(definition, account, configured, {
      ctx: this.#ctx,
      funder: this.#funder,
      funding: this.#funding,
      botAddresses: () => this.#addresses,
      chainCapacity: () => this.#chainCapacity(),
      explicitMaxPending: layers.some((layer) => layer?.maxPending !== undefined),
    });
    this.#runners.set(definition.name, runner);
    this.#addresses.add(account.address.toLowerCase());
    const { resume, config } = await runner.load();
    if (resume && (this.#options.resume ?? true)) {
      // The last run's config if it is still valid, else the configured one.
      const resumeRun = () => runner.start(config ?? undefined).catch(() => runner.start());
      const after = this.#options.resumeAfter;
      if (after === undefined) await resumeRun();
      else {
        runner.holdResume(config);
        // Nothing waits for it: the second start uses the configured config, checked when the
        // bot was registered, so it does not fail; a rejected `after` means "do not resume".
        void after.then(() => (this.#closed ? undefined : resumeRun())).catch(() => undefined);
      }
    }
  }

  /**
   * The block gas limit and the node's pool limit per sender (see `poolLimit`), read once; a failed
   * read is tried again on the next start.
   */
  #chainCapacity() {
    this.#capacity ??= (async () => {
      const client = this.#ctx.client;
      const [block, clientVersion] = await Promise.all([
        client.getBlock({ blockTag: "latest" }),
        client.request({ method: "web3_clientVersion" }).catch(() => ""),
      ]);
      const poolLimit =
        this.#options.poolLimit ??
        (String(clientVersion).toLowerCase().startsWith("anvil") ? MAX_PENDING_LIMIT : DEFAULT_POOL_LIMIT);
      return { blockGasLimit: block.gasLimit, poolLimit };
    })().catch((error: unknown) => {
      this.#capacity = undefined;
      throw error;
    });
    return this.#capacity;
  }

  #runner(name: string) {
    const runner = this.#runners.get(name);
    if (!runner) throw new BotNotFoundError(name, this.names());
    return runner;
  }

  /** The bot's contract if the chain has its code (or cannot be asked: then as stored). */
  async #liveContract(runner: BotRunner<BotBaseConfig>): Promise<BotContractInfo | null> {
    const contract = runner.contract();
    if (!contract) return null;
    try {
      const code = await this.#ctx.client.getCode({ address: contract.address });
      return code && code !== "0x" ? contract : null;
    } catch {
      // The node is away: the stored address is the best answer; the rest of the status still answers.
      return contract;
    }
  }

  #entry(runner: BotRunner<BotBaseConfig>, windows: Window[], contract: Address | null): BotStatusEntry {
    const rate = (window: Window | undefined) => {
      if (!window || window.seconds <= 0) return null;
      const count = runner.stats.confirmedBetween(window.from, window.to);
      return Math.round((count / window.seconds) * 100) / 100;
    };
    return {
      status: runner.status,
      address: runner.account.address,
      contract,
      config: { ...runner.config },
      stats: runner.stats.snapshot({
        last5Blocks: rate(windows[0]),
        last20Blocks: rate(windows[1]),
        last60Blocks: rate(windows[2]),
      }),
    };
  }

  /** The last 5, 20 and 60 blocks: their range and the seconds they span. */
  async #windows(): Promise<Window[]> {
    try {
      const head = await this.#ctx.client.getBlockNumber({ cacheTime: 0 });
      const time = async (number: bigint) => {
        let timestamp = this.#blockTimes.get(number);
        if (timestamp === undefined) {
          timestamp = (await this.#ctx.client.getBlock({ blockNumber: number })).timestamp;
          this.#blockTimes.set(number, timestamp);
          if (this.#blockTimes.size > 1_000) this.#blockTimes.clear();
        }
        return timestamp;
      };
      return await Promise.all(
        WINDOWS.map(async (size) => {
          const from = head > size ? head - size : 0n;
          const [start, end] = await Promise.all([time(from), time(head)]);
          return { from, to: head, seconds: Number(end - start) };
        }),
      );
    } catch {
      // The node is away: rates unknown, the rest of the status still answers.
      return [];
    }
  }
}

type Window = { from: bigint; to: bigint; seconds: number };

function parseEth(name: string, value: string) {
  try {
    const wei = parseEther(value);
    if (wei > 0n) return wei;
  } catch {}
  throw new InvalidBotConfigError(
    "bots",
    `${name} must be a positive decimal ETH amount, got ${JSON.stringify(value)}.`,
  );
}
