export {
  type EventStream,
  type EventStreamOptions,
  endEventStream,
  openEventStream,
} from "./openEventStream.js";
