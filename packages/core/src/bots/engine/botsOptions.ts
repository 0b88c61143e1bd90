import { parseEther, parseGwei } from "viem";
import { deriveAccounts } from "../../chain/deriveAccounts.js";
import { KEY_INDEXES } from "../../chain/keyIndexes.js";
import { SYSTEM_MNEMONIC } from "../../chain/systemAccounts.js";
import { InvalidBotConfigError } from "../../errors/bots.js";
import { toFastAccount } from "../../signing/toFastAccount.js";
import { type BotCatalogue, type CatalogueConfigs, checkCatalogues } from "../BotCatalogue.js";
import type { BotDefinition } from "../BotDefinition.js";
import { readBotEnv } from "../readBotEnv.js";
import { type SeedBots, seedBots } from "../seedBots.js";

export type BotsOptions<Catalogues extends readonly BotCatalogue[] = [SeedBots]> =
  CatalogueSettings<Catalogues> & {
    /**
     * The scenario catalogues the platform runs, in the order it lists their bots (see
     * `defineCatalogue`): their bots are the built-in ones, typed in these options and in
     * `platform.bots.start`. Default: `[seedBots]` (transfer, erc20, nft); `builtinScenarios` of
     * `@privnet/scenarios` is the sixteen `privnet up` runs.
     */
    catalogues?: Catalogues | undefined;
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
    /**
     * The most a bot pays per gas, in gwei (decimal): its sends are priced within it, and its
     * waiting transactions, replaced at the market fee when the base fee passes their fee (a fee
     * spike), are not replaced above it. While the base fee and the tip are above it, the bots send
     * nothing and their status says why (`waiting`). Default "500".
     */
    maxFeePerGasGwei?: string | undefined;
    /** Resume the bots that were running when the platform last closed. Default true. */
    resume?: boolean | undefined;
    /**
     * Resume them only once this settles (not at all if it rejects), instead of while the platform
     * starts: `privnet up` holds them until its devnet mines at its block time again, so that they
     * do not send into the at-once mining of the set-up. Default: none.
     */
    resumeAfter?: Promise<unknown> | undefined;
    /**
     * Where the catalogue bots' variables (`TRANSFER_*`, `ERC20_*`, `NFT_*`, each by its
     * definition's `env`) are read. Default `process.env` (none outside Node).
     */
    env?: Record<string, string | undefined> | undefined;
    /**
     * Auto-restart of a bot whose setup fails: tried again after `initialMs` (default 1000), the
     * pause doubling with each failure in a row up to `maxMs` (default 60,000).
     */
    restartBackoff?: { initialMs?: number | undefined; maxMs?: number | undefined } | undefined;
  };

/**
 * Settings of each catalogue bot by name (`transfer`, `erc20`, `nft`, … see docs/bots.md);
 * environment variables override them. Catalogues known only as `BotCatalogue[]`: any name.
 */
export type CatalogueSettings<Catalogues extends readonly BotCatalogue[]> =
  string extends keyof CatalogueConfigs<Catalogues>
    ? { [name: string]: unknown }
    : {
        [Name in keyof CatalogueConfigs<Catalogues>]?:
          | Partial<CatalogueConfigs<Catalogues>[Name]>
          | undefined;
      };

/** The engine's options checked and read: what the parts are made with. */
export type ResolvedBotsOptions = ReturnType<typeof resolveBotsOptions>;

/**
 * Checks the engine's options — catalogues whole (one name, key index or environment prefix taken
 * twice), the funder's index, the amounts, the pool limit, the backoff — and reads the catalogue
 * bots' environment variables. Throws `INVALID_BOT_CONFIG` naming what is wrong, before anything
 * runs.
 */
export function resolveBotsOptions(options: BotsOptions<readonly BotCatalogue[]>) {
  const catalogues = options.catalogues ?? [seedBots];
  checkCatalogues([...catalogues, options.custom ?? []]);
  const catalogued: BotCatalogue = catalogues.flat();
  const funderIndex = options.funderIndex ?? KEY_INDEXES.funder;
  if (!Number.isSafeInteger(funderIndex) || funderIndex < 0) {
    throw new InvalidBotConfigError(
      "bots",
      `funderIndex must be a non-negative integer, got ${funderIndex}.`,
    );
  }
  const funding = {
    minBalance: parseEth("minBalance", options.minBalance ?? "10"),
    topUp: parseEth("topUp", options.topUp ?? "100"),
  };
  const maxFeePerGasCap = parseGweiCap(options.maxFeePerGasGwei ?? DEFAULT_MAX_FEE_PER_GAS_GWEI);
  const poolLimit = options.poolLimit;
  if (poolLimit !== undefined && (!Number.isSafeInteger(poolLimit) || poolLimit < 1)) {
    throw new InvalidBotConfigError("bots", `poolLimit must be a positive integer, got ${poolLimit}.`);
  }
  const [funder] = deriveAccounts(SYSTEM_MNEMONIC, [funderIndex]);
  const env = readBotEnv(
    options.env ??
      (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env ??
      {},
    catalogued,
  );
  const backoff = options.restartBackoff ?? {};
  const initialMs = backoff.initialMs ?? 1_000;
  const maxMs = backoff.maxMs ?? 60_000;
  if (
    !Number.isSafeInteger(initialMs) ||
    initialMs < 1 ||
    !Number.isSafeInteger(maxMs) ||
    maxMs < initialMs
  ) {
    throw new InvalidBotConfigError(
      "bots",
      `restartBackoff needs whole milliseconds with 1 <= initialMs <= maxMs, got ${initialMs} and ${maxMs}.`,
    );
  }
  return {
    catalogued,
    custom: options.custom ?? [],
    // Bots sign with libsecp256k1 where it loads: at interval 0, signing is much of their cost.
    funder: toFastAccount(funder?.privateKey ?? "0x"),
    funding,
    /** The bots' fee cap, in wei per gas. */
    maxFeePerGasCap,
    poolLimit,
    /** Each catalogue bot's settings from the environment, by name. */
    env,
    restartBackoff: { initialMs, maxMs },
  };
}

/** The bots' fee cap when none is given: 500 gwei, 250 times a quiet devnet's base fee of about 1 gwei. */
export const DEFAULT_MAX_FEE_PER_GAS_GWEI = "500";

function parseGweiCap(value: string) {
  try {
    const wei = parseGwei(value);
    if (wei > 0n) return wei;
  } catch {}
  throw new InvalidBotConfigError(
    "bots",
    `maxFeePerGasGwei must be a positive decimal amount of gwei, got ${JSON.stringify(value)}.`,
  );
}

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
