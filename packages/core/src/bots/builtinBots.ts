import type { KEY_INDEXES } from "../chain/keyIndexes.js";
import type { AmountRange } from "./BotConfig.js";
import type { BotDefinition } from "./BotDefinition.js";
import { lendingBot } from "./defi/lendingBot.js";
import { liquidationKeeperBot } from "./defi/liquidationKeeperBot.js";
import { uniswapV2Bot } from "./defi/uniswapV2Bot.js";
import { erc20Bot } from "./erc20Bot.js";
import { nftBot } from "./nftBot.js";
import { blobBot } from "./scenarios/blobBot.js";
import { callBot } from "./scenarios/callBot.js";
import { create2Bot } from "./scenarios/create2Bot.js";
import { deployBot } from "./scenarios/deployBot.js";
import { erc1155Bot } from "./scenarios/erc1155Bot.js";
import { gasBurnerBot } from "./scenarios/gasBurnerBot.js";
import { setCodeBot } from "./scenarios/setCodeBot.js";
import { storageSpamBot } from "./scenarios/storageSpamBot.js";
import { txFuzzBot } from "./scenarios/txFuzzBot.js";
import { txFuzzInvalidBot } from "./scenarios/txFuzzInvalidBot.js";
import { transferBot } from "./transferBot.js";

/** What the platform knows of one built-in bot beyond its definition. */
export type BuiltinBot = {
  /** Its `defineBot` definition: name, key, schema, defaults, setup and tick. */
  readonly definition: BotDefinition;
  /** Its environment variables' prefix: `<PREFIX>_INTERVAL`, `<PREFIX>_MAX_PENDING`, `<PREFIX>_RECIPIENTS`. */
  readonly envPrefix: string;
  /**
   * The bot sends amounts: it reads `<PREFIX>_AMOUNT`, `<PREFIX>_RANDOM`, `<PREFIX>_RANDOM_MIN` and
   * `<PREFIX>_RANDOM_MAX`, and `<PREFIX>_RANDOM=true` without ends picks this range.
   */
  readonly randomRange?: AmountRange | undefined;
};

/**
 * The built-in bots, in the order the status lists them: the one list of them. The seed's three
 * come first, then the traffic scenarios (docs/bots.md is their catalogue). The engine
 * registers these, the environment is read by their prefixes, the platform's options and a
 * start's overrides are typed by them, and the servers describe them from it. The bot's name is
 * also its state key (`bots:<name>`), history source, event `bot` and route (`/bots/<name>/…`).
 */
export const BUILTIN_BOTS = {
  transfer: { definition: transferBot, envPrefix: "TRANSFER", randomRange: { min: "0.001", max: "0.1" } },
  erc20: { definition: erc20Bot, envPrefix: "ERC20", randomRange: { min: "1", max: "100" } },
  nft: { definition: nftBot, envPrefix: "NFT" },
  erc1155: { definition: erc1155Bot, envPrefix: "ERC1155" },
  call: { definition: callBot, envPrefix: "CALL" },
  deploy: { definition: deployBot, envPrefix: "DEPLOY" },
  create2: { definition: create2Bot, envPrefix: "CREATE2" },
  "gas-burner": { definition: gasBurnerBot, envPrefix: "GAS_BURNER" },
  "storage-spam": { definition: storageSpamBot, envPrefix: "STORAGE_SPAM" },
  blob: { definition: blobBot, envPrefix: "BLOB" },
  "set-code": { definition: setCodeBot, envPrefix: "SET_CODE" },
  "tx-fuzz": { definition: txFuzzBot, envPrefix: "TX_FUZZ" },
  "tx-fuzz-invalid": { definition: txFuzzInvalidBot, envPrefix: "TX_FUZZ_INVALID" },
  "uniswap-v2": { definition: uniswapV2Bot, envPrefix: "UNISWAP_V2" },
  lending: { definition: lendingBot, envPrefix: "LENDING" },
  "liquidation-keeper": { definition: liquidationKeeperBot, envPrefix: "LIQUIDATION_KEEPER" },
} as const satisfies Record<string, BuiltinBot>;

/** A built-in bot's name: `"transfer" | "erc20" | "nft"` and the scenarios' (`"erc1155"`, `"blob"`, …). */
export type BuiltinBotName = keyof typeof BUILTIN_BOTS;

/** The built-in bots' names, in the registry's order. */
export const BUILTIN_BOT_NAMES = Object.keys(BUILTIN_BOTS) as BuiltinBotName[];

/** Each built-in bot, with its name, in the registry's order. */
export function builtinBotEntries(): [BuiltinBotName, BuiltinBot][] {
  return BUILTIN_BOT_NAMES.map((name) => [name, BUILTIN_BOTS[name]]);
}

/** The built-in bots' settings, by bot name. */
export type BuiltInBotConfigs = {
  [Name in BuiltinBotName]: (typeof BUILTIN_BOTS)[Name]["definition"]["defaults"];
};

// Each bot's name is its registry key, and every built-in bot has its own key index (the key
// table lives below the bots, in chain/keyIndexes.ts): the compiler keeps the three in step.
type Keyed = { [Name in BuiltinBotName]: (typeof BUILTIN_BOTS)[Name]["definition"]["name"] };
const _namesMatchKeys: { [Name in BuiltinBotName]: Name } = {} as Keyed;
const _everyBotHasAKey: Record<BuiltinBotName, number> = {} as (typeof KEY_INDEXES)["bots"];
const _everyKeyHasABot: Record<keyof (typeof KEY_INDEXES)["bots"], unknown> = BUILTIN_BOTS;
void [_namesMatchKeys, _everyBotHasAKey, _everyKeyHasABot];
