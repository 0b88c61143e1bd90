import { adminApi } from "../../api/adminApi";

/** How often a pending send's status is read again. */
const FOLLOW_MS = 1_000;

/**
 * Follows a send's status in the history (the sender's own entries, filtered by address) until it
 * is confirmed or failed. Undefined until the history lists it.
 *
 * @example
 * const entry = useTransactionStatus(result.hash, result.from);
 */
export function useTransactionStatus(hash: string, from: string) {
  const query = adminApi.useQuery(
    "get",
    "/transactions",
    { params: { query: { address: from, limit: "100" } } },
    {
      refetchInterval: (current) => {
        const entry = current.state.data?.find((candidate) => candidate.tx_hash === hash);
        return entry && entry.status !== "pending" ? false : FOLLOW_MS;
      },
    },
  );
  return { entry: query.data?.find((candidate) => candidate.tx_hash === hash), error: query.error };
}
