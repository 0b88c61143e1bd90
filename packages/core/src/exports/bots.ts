// @privnet/core/bots — the public bot kit: what a scenario author needs to write a catalogue of
// bots for the engine, and what privnet's own scenarios (@privnet/scenarios) are written with.
// Covered by semver like the main entry; a change here changes api/core.api.md.

// Defining bots and catalogues
export {
  type BotCatalogue,
  type CatalogueConfigs,
  defineCatalogue,
} from "../bots/BotCatalogue.js";
export {
  type AmountRange,
  amountRange,
  type BotBaseConfig,
  decimalAmount,
  recipientsSource,
} from "../bots/BotConfig.js";
export type {
  BotCheckContext,
  BotConfigOf,
  BotContext,
  BotContract,
  BotContractInfo,
  BotDefinition,
  BotDefinitionParameters,
  BotEnv,
  BotTransaction,
} from "../bots/BotDefinition.js";
export type { BotOverrides } from "../bots/BotOverrides.js";
export { defineBot } from "../bots/defineBot.js";
export { deployBotContract } from "../bots/deployBotContract.js";
// The seed's bots: core's default catalogue
export {
  ERC20_BOT_DEFAULTS,
  ERC20_BOT_SUPPLY,
  type Erc20BotConfig,
  erc20Bot,
  erc20BotSchema,
} from "../bots/erc20Bot.js";
// What scenarios share: gas estimated once per kind of send, sends waited for together, the head
export { type EstimateCache, type EstimateCacheParameters, estimateCache } from "../bots/estimateCache.js";
export type { BotHead } from "../bots/HeadFeed.js";
export { NFT_BOT_DEFAULTS, type NftBotConfig, nftBot, nftBotSchema } from "../bots/nftBot.js";
// Amounts, gas, fees and the node's refusals, as the platform's sender reckons them
export { randomAmount } from "../bots/randomAmount.js";
export { type SeedBots, seedBots } from "../bots/seedBots.js";
export { type SettleInput, sendAll, settle } from "../bots/settle.js";
export {
  TRANSFER_BOT_DEFAULTS,
  type TransferBotConfig,
  transferBot,
  transferBotSchema,
} from "../bots/transferBot.js";
// Types the bot context names
export type { PlatformContracts } from "../contracts/connectPlatformContracts.js";
export { type TransactionFees, transactionFees } from "../fees/feePolicy.js";
export { TRANSFER_GAS } from "../fees/transferGas.js";
export { classifyNodeError, type NodeErrorKind } from "../sender/classifyNodeError.js";
export { MAX_BLOBS_PER_TRANSACTION } from "../sender/prepareBlobs.js";
export type { AuthorizationListEntry } from "../sender/resolveAuthorizationList.js";
export type { SendTransactionReturnType } from "../sender/sendTransaction.js";
