export { type BareRelay, startBareRelay } from "./bareRelay.js";
export { type BenchResults, type Figure, figure, type Machine } from "./Figure.js";
export {
  type ClassGrowth,
  diffHeapSnapshots,
  type HeapSnapshot,
  readHeapSnapshot,
} from "./heapSnapshots.js";
export { type LoadFromOutsideOptions, type LoadResult, loadFromOutside } from "./loadFromOutside.js";
export { median } from "./median.js";
export { type RawBaselinesOptions, rawBaselines } from "./rawBaselines.js";
export { readMachine } from "./readMachine.js";
export {
  BENCH_RUN_ENV,
  formatFigure,
  readResults,
  recordAsMeasured,
  recordFigures,
  resultsFile,
  writeResults,
} from "./recordFigures.js";
export { runConcurrently } from "./runConcurrently.js";
export {
  allSettled,
  type BatchCost,
  collectGarbage,
  formatMemory,
  type MemoryReading,
  readMemory,
  residentByMapping,
  sendBatch,
  settledMemory,
  startSoak,
  trackPeakHeap,
} from "./soakSends.js";
export { describeTarget, meetsTarget, type Target, targets } from "./targets.js";
export { withCpuProfile } from "./withCpuProfile.js";
