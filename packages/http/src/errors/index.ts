export { describeZodError, zodErrorCode } from "./describeZodError.js";
export { errorStatus, type HttpErrorCode } from "./errorStatus.js";
export { HttpError } from "./HttpError.js";
export { PortInUseError, type PortInUseErrorParameters } from "./PortInUseError.js";
export { type ErrorEnvelope, type ErrorResponse, toErrorResponse } from "./toErrorResponse.js";
