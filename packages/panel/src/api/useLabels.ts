import { useMemo } from "react";
import { adminApi } from "./adminApi";

/** A name the API gives an address (the same everywhere: a user's own label wins). */
export type AddressLabel = { name: string; source: string } | null | undefined;

/** Labels change when a wallet, a contract or a user's label is added: read again this often at most. */
const LABELS_STALE_MS = 10_000;

/**
 * Every labelled address (`GET /labels`: wallets, system accounts, bots, the deployer, the oracle's
 * updater, contracts, users' own labels on top) by lower-case address: names for addresses where
 * an answer carries none (the history's entries, a send's result).
 *
 * @example
 * const { labels } = useLabels();
 * labels.get(address.toLowerCase())?.name; // "Platform deployer"
 */
export function useLabels(): {
  labels: ReadonlyMap<string, NonNullable<AddressLabel>>;
  /** The table could not be read (an older server, the explorer turned off). */
  failed: boolean;
} {
  const query = adminApi.useQuery("get", "/labels", undefined, { staleTime: LABELS_STALE_MS });
  const labels = useMemo(
    () => new Map((query.data?.labels ?? []).map((entry) => [entry.address.toLowerCase(), entry.label])),
    [query.data],
  );
  return { labels, failed: query.isError };
}
