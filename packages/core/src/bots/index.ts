export {
  type AmountRange,
  amountRange,
  type BotBaseConfig,
  decimalAmount,
  mergeBotConfig,
} from "./BotConfig.js";
export type {
  BotConfigOf,
  BotContext,
  BotContract,
  BotContractInfo,
  BotDefinition,
  BotDefinitionParameters,
  BotTransaction,
} from "./BotDefinition.js";
export { BotEngine, type BotLogs, type BotStatusEntry, type BotsOptions } from "./BotEngine.js";
export type { BotOverrides } from "./BotOverrides.js";
export type { BotStatus, BotTransition, PersistedBotState } from "./BotRunner.js";
export type { BotStatsSnapshot, PersistedBotCounters } from "./BotStats.js";
export { type BotActions, type BotActionsContext, botActions } from "./botActions.js";
export {
  BUILTIN_BOT_NAMES,
  BUILTIN_BOTS,
  type BuiltInBotConfigs,
  type BuiltinBot,
  type BuiltinBotName,
  builtinBotEntries,
} from "./builtinBots.js";
export { defineBot } from "./defineBot.js";
export { deployBotContract } from "./deployBotContract.js";
export { ERC20_BOT_DEFAULTS, ERC20_BOT_SUPPLY, type Erc20BotConfig, erc20Bot } from "./erc20Bot.js";
export { NFT_BOT_DEFAULTS, type NftBotConfig, nftBot } from "./nftBot.js";
export { type BotEnvOverrides, readBotEnv } from "./readBotEnv.js";
export { TRANSFER_BOT_DEFAULTS, type TransferBotConfig, transferBot } from "./transferBot.js";
