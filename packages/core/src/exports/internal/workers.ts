// @privnet/core/internal/workers — NOT PUBLIC API, like @privnet/core/internal. Calls between a
// worker thread and its owner, in an entry of its own that imports nothing else of core, so that
// a thread (the devnet's clock relay) loads it without the rest of the SDK.

// The Host and Origin rules the HTTP servers and the chain port share (pure, no imports).
export {
  addressAsHost,
  hostAllowed,
  hostNameOf,
  isSameOrigin,
  LOOPBACK_HOSTS,
  originAllowed,
} from "../../requestRules/hostRules.js";
export {
  type WorkerAnswers,
  type WorkerCalls,
  type WorkerCallsOptions,
  type WorkerEndpoint,
  type WorkerMethods,
  workerCalls,
} from "../../workers/workerCalls.js";
