export type { BotError, BotEvent, BotEventType } from "./BotEvent.js";
export type { GuardedContext, OperationGuard } from "./OperationGuard.js";
export type { PlatformContext } from "./PlatformContext.js";
export type { PlatformEvents } from "./PlatformEvents.js";
export type { OracleEvent, PriceUpdate, PushReason } from "./PriceUpdate.js";
export { type TransactionEntry, toTransactionEntry } from "./TransactionEntry.js";
