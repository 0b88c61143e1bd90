export {
  noteRoute,
  noteServerError,
  type ObserveOptions,
  observeRequests,
  type RequestLogger,
  type RequestObservation,
} from "./observeRequests.js";
