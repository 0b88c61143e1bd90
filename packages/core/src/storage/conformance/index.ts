export {
  type StorageAdapterFactory,
  type StorageAdapterFixture,
  testStorageAdapter,
} from "./testStorageAdapter.js";
