/** A mistake in the command line, the environment or the config: printed without a stack trace. */
export class UsageError extends Error {
  override name = "UsageError";
}
