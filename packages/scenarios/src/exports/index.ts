// @privnet/scenarios: privnet's built-in traffic scenarios as catalogues for core's bot engine,
// written only against @privnet/core's public entries (the bot kit: @privnet/core/bots). A change
// here changes api/scenarios.api.md (`pnpm api:check` fails until the report is updated).

export {
  BUILTIN_SCENARIO_NAMES,
  type BuiltinScenarioName,
  builtinScenarios,
  trafficScenarios,
} from "../builtinScenarios.js";
export {
  LENDING_BOT_DEFAULTS,
  type LendingBotConfig,
  type LendingRun,
  lendingBot,
  lendingBotSchema,
} from "../defi/lendingBot.js";
export {
  LIQUIDATION_KEEPER_BOT_DEFAULTS,
  type LiquidationKeeperBotConfig,
  type LiquidationKeeperRun,
  liquidationKeeperBot,
  liquidationKeeperBotSchema,
} from "../defi/liquidationKeeperBot.js";
export {
  UNISWAP_V2_BOT_DEFAULTS,
  type UniswapV2BotConfig,
  type UniswapV2Run,
  uniswapV2Bot,
  uniswapV2BotSchema,
} from "../defi/uniswapV2Bot.js";
export { SCENARIO_KEY_INDEXES } from "../keyIndexes.js";
export { BLOB_BOT_DEFAULTS, type BlobBotConfig, blobBot, blobBotSchema } from "../scenarios/blobBot.js";
export { type CallArgument, callArgument } from "../scenarios/callArguments.js";
export { CALL_BOT_DEFAULTS, type CallBotConfig, callBot, callBotSchema } from "../scenarios/callBot.js";
export {
  CREATE2_BOT_DEFAULTS,
  type Create2BotConfig,
  create2Bot,
  create2BotSchema,
} from "../scenarios/create2Bot.js";
export {
  DEPLOY_BOT_DEFAULTS,
  type DeployBotConfig,
  deployBot,
  deployBotSchema,
} from "../scenarios/deployBot.js";
export {
  ERC1155_BOT_DEFAULTS,
  type Erc1155BotConfig,
  type Erc1155Run,
  erc1155Bot,
  erc1155BotSchema,
} from "../scenarios/erc1155Bot.js";
export {
  GAS_BURNER_BOT_DEFAULTS,
  type GasBurnerBotConfig,
  gasBurnerBot,
  gasBurnerBotSchema,
} from "../scenarios/gasBurnerBot.js";
export {
  SET_CODE_BOT_DEFAULTS,
  type SetCodeBotConfig,
  setCodeBot,
  setCodeBotSchema,
} from "../scenarios/setCodeBot.js";
export {
  STORAGE_SPAM_BOT_DEFAULTS,
  type StorageSpamBotConfig,
  storageSpamBot,
  storageSpamBotSchema,
} from "../scenarios/storageSpamBot.js";
export {
  TX_FUZZ_BOT_DEFAULTS,
  type TxFuzzBotConfig,
  txFuzzBot,
  txFuzzBotSchema,
} from "../scenarios/txFuzzBot.js";
export {
  INVALID_TRANSACTION_KINDS,
  type InvalidTransactionKind,
  TX_FUZZ_INVALID_BOT_DEFAULTS,
  type TxFuzzInvalidBotConfig,
  txFuzzInvalidBot,
  txFuzzInvalidBotSchema,
} from "../scenarios/txFuzzInvalidBot.js";
