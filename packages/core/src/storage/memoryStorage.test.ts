import { testStorageAdapter } from "@privnet/core/testing";
import { memoryStorage } from "./memoryStorage.js";

testStorageAdapter("memory", () => ({ storage: memoryStorage() }));
