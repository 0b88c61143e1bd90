// Test helpers for adapter authors. Imports vitest, so it stays out of the main entry.
export {
  type StorageAdapterFactory,
  type StorageAdapterFixture,
  testStorageAdapter,
} from "../storage/conformance/testStorageAdapter.js";
export { readWholeHistory } from "../storage/readWholeHistory.js";
