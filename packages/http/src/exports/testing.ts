// Test drivers for servers built on @privnet/http. Imports vitest, so it stays out of the main entry.

export type { RouteDefinition } from "../routes/defineRoute.js";
export { type CurlRequestOptions, curlRequest } from "../testing/curlRequest.js";
export { type HttpRequestOptions, httpRequest } from "../testing/httpRequest.js";
export type { RawAnswer } from "../testing/RawAnswer.js";
export { rawRequest } from "../testing/rawRequest.js";
export {
  type MalformedInputSweepOptions,
  malformedBodies,
  RawJsonNumber,
  sweepMalformedInput,
} from "../testing/sweepMalformedInput.js";
export { postJson, withoutBody } from "../testing/withoutBody.js";
