// Test helpers for adapter authors and bot authors. Imports vitest, so it stays out of the main entry.
export { nextBotEvents, transactionWith } from "../bots/fixtures/nextBotEvents.js";
export { openBotPlatform } from "../bots/fixtures/openBotPlatform.js";
export {
  type StorageAdapterFactory,
  type StorageAdapterFixture,
  testStorageAdapter,
} from "../storage/conformance/testStorageAdapter.js";
export { readWholeHistory } from "../storage/readWholeHistory.js";
