// Test helpers for adapter authors. Imports vitest, so it stays out of the main entry.
export * from "../storage/conformance/index.js";
export { readWholeHistory } from "../storage/readWholeHistory.js";
