import { useMemo } from "react";
import { type AdminSchemas, adminApi } from "../../api/adminApi";
import { systemAddresses } from "../../api/systemAddresses.generated";

/** How often the wallet list (and so every balance) is read again while a page shows it. */
export const WALLETS_REFRESH_MS = 5_000;

export type PanelWallet = AdminSchemas["WalletSummary"] & { system: boolean };

const system = new Set(systemAddresses.map((address) => address.toLowerCase()));

/**
 * The stored wallets with their balances, kept fresh, each marked `system` when it is one of the
 * chain's prefunded accounts.
 *
 * @example
 * const { wallets, byAddress } = useWallets();
 */
export function useWallets({ enabled = true }: { enabled?: boolean } = {}) {
  const query = adminApi.useQuery("get", "/wallets", undefined, {
    refetchInterval: WALLETS_REFRESH_MS,
    enabled,
  });
  const wallets = useMemo<PanelWallet[] | undefined>(
    () => query.data?.map((wallet) => ({ ...wallet, system: system.has(wallet.address.toLowerCase()) })),
    [query.data],
  );
  const byAddress = useMemo(
    () => new Map((wallets ?? []).map((wallet) => [wallet.address.toLowerCase(), wallet])),
    [wallets],
  );
  return { ...query, wallets, byAddress };
}
