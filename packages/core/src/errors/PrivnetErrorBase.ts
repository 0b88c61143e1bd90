import type { ErrorCode } from "./errorCodes.js";

// The base class, apart from `isPrivnetError` (in PrivnetError.ts), which narrows to every class
// built on it: the error classes of this folder import the base from here, everyone else from
// PrivnetError.ts or the package.

export type PrivnetErrorOptions = {
  /** Longer explanation: what was seen, what to do about it. */
  details?: string;
  /** The error that caused this one. */
  cause?: unknown;
};

/**
 * Base class of every error privnet raises: a stable `code`, a short message a person
 * understands, and optional details.
 *
 * @example
 * try { await platform.network.info(); }
 * catch (error) { if (error instanceof PrivnetError && error.code === "CHAIN_UNREACHABLE") … }
 */
export class PrivnetError extends Error {
  override name = "PrivnetError";
  readonly code: ErrorCode;
  readonly shortMessage: string;
  readonly details: string | undefined;

  constructor(code: ErrorCode, shortMessage: string, options: PrivnetErrorOptions = {}) {
    super(options.details ? `${shortMessage}\n\n${options.details}` : shortMessage, {
      cause: options.cause,
    });
    this.code = code;
    this.shortMessage = shortMessage;
    this.details = options.details;
  }
}
