export { describeZodError, zodErrorCode } from "./describeZodError.js";
export { errorStatus } from "./errorStatus.js";
export { HttpError, type HttpErrorCode } from "./HttpError.js";
export { ServerPortInUseError } from "./ServerPortInUseError.js";
export { type ErrorEnvelope, type ErrorResponse, toErrorResponse } from "./toErrorResponse.js";
