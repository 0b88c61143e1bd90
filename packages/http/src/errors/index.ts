export { describeZodError, zodErrorCode } from "./describeZodError.js";
export { errorStatus } from "./errorStatus.js";
export { HttpError, type HttpErrorCode } from "./HttpError.js";
export { PortInUseError, type PortInUseErrorParameters } from "./PortInUseError.js";
export { type ErrorEnvelope, type ErrorResponse, toErrorResponse } from "./toErrorResponse.js";
