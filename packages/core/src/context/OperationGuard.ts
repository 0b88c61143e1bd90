/**
 * Runs one platform operation: refuses it with `PLATFORM_CLOSED` once `close()` began, and counts
 * it until it settles so that `close()` lets it finish before the storage goes away. Every action
 * group wraps its asynchronous operations in it.
 */
export type OperationGuard = <R>(operation: () => Promise<R>) => Promise<R>;

/** What every action group gets besides the services it calls: the platform's {@link OperationGuard}. */
export type GuardedContext = { readonly guard: OperationGuard };
