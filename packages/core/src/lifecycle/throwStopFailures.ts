/**
 * The one rule for stops that failed while a list of instances stopped (a platform's services,
 * the stack's servers, a devnet's processes): nothing failed, nothing is thrown; one failed, its
 * own error is thrown as it is; several failed, an `AggregateError` of them all, in the order they
 * stopped, whose message names each.
 *
 * @example
 * throwStopFailures([{ name: "admin API", error }]); // throws error
 */
export function throwStopFailures(failures: readonly { name: string; error: unknown }[]): void {
  if (failures.length === 0) return;
  if (failures.length === 1) throw (failures[0] as { error: unknown }).error;
  const described = failures.map(
    ({ name, error }) => `${name}: ${error instanceof Error ? error.message : String(error)}`,
  );
  throw new AggregateError(
    failures.map((failure) => failure.error),
    `${failures.length} parts failed to stop (${described.join("; ")}).`,
  );
}
