// @privnet/core/internal/workers — NOT PUBLIC API, like @privnet/core/internal. Calls between a
// worker thread and its owner, in an entry of its own that imports nothing else of core, so that
// a thread (the devnet's clock relay) loads it without the rest of the SDK.
export {
  type WorkerAnswers,
  type WorkerCalls,
  type WorkerCallsOptions,
  type WorkerEndpoint,
  type WorkerMethods,
  workerCalls,
} from "../../workers/workerCalls.js";
