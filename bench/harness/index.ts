export { type BenchResults, type Figure, figure, type Machine } from "./Figure.js";
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
export { describeTarget, meetsTarget, type Target, targets } from "./targets.js";
export { withCpuProfile } from "./withCpuProfile.js";
