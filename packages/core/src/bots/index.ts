export {
  type BotCatalogue,
  type CatalogueConfigs,
  checkCatalogues,
  defineCatalogue,
} from "./BotCatalogue.js";
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
export {
  type BotControls,
  BotEngine,
  type BotInstanceParameters,
  type BotLogs,
  type BotScenario,
  type BotStatusEntry,
  type BotsOptions,
  type TrafficImportResult,
} from "./BotEngine.js";
export type { BotOverrides } from "./BotOverrides.js";
export type {
  BotRestartStatus,
  BotRunnerControls,
  BotStatus,
  BotTransition,
  PersistedBotState,
} from "./BotRunner.js";
export type { BotStatsSnapshot, PersistedBotCounters } from "./BotStats.js";
export { type BotActions, type BotActionsContext, botActions } from "./botActions.js";
export { DEFAULT_WALLET_SEED, deriveChildKey } from "./controls/deriveChildKey.js";
export type { Throughput } from "./controls/ThroughputGate.js";
export type { ReclaimResult } from "./controls/WalletPool.js";
export { defineBot } from "./defineBot.js";
export { deployBotContract } from "./deployBotContract.js";
export { ERC20_BOT_DEFAULTS, ERC20_BOT_SUPPLY, type Erc20BotConfig, erc20Bot } from "./erc20Bot.js";
export { NFT_BOT_DEFAULTS, type NftBotConfig, nftBot } from "./nftBot.js";
export { type BotEnvOverrides, readBotEnv } from "./readBotEnv.js";
export { type SeedBots, seedBots } from "./seedBots.js";
export {
  parseTrafficText,
  scenarioRegistry,
  stringifyTrafficDocument,
  type TrafficBot,
  type TrafficDocument,
  type TrafficGroup,
  type TrafficRegistry,
  type TrafficValidation,
  trafficDocumentSchema,
  validateTrafficDocument,
} from "./traffic/trafficDocument.js";
export { TRANSFER_BOT_DEFAULTS, type TransferBotConfig, transferBot } from "./transferBot.js";
