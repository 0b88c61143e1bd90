import type { ZodError } from "zod";
import { describeZodError, zodErrorCode } from "./describeZodError.js";

/**
 * A request's path, query or body failed its route's schema. Only the router raises it: a
 * `ZodError` from anywhere else is a bug of ours (a 500), not the client's input.
 */
export class InvalidInputError extends Error {
  override name = "InvalidInputError";
  /** Core's code when every problem is one core's parser reported, else VALIDATION_FAILED. */
  readonly code: string;
  constructor(readonly zodError: ZodError) {
    super(describeZodError(zodError));
    this.code = zodErrorCode(zodError);
  }
}
