import { Link } from "wouter";
import { type AddressLabel, useLabels } from "../api/useLabels";
import { shortHex } from "../format/shortHex";
import { useWallets } from "../pages/wallets/useWallets";

export type { AddressLabel };

/**
 * Every address of the panel: its label when it has one (else the shortened address), linking to
 * its stored wallet's page when it is one, else to its address page. The full address stays in the
 * title and the accessible name.
 *
 * @example
 * <AddressLink address={transaction.from} label={transaction.fromLabel} />
 */
export function AddressLink({
  address,
  label,
  full = false,
}: {
  address: string;
  label?: AddressLabel;
  /** Show the whole address rather than the name (where the name is said already). */
  full?: boolean;
}) {
  const { labels, failed } = useLabels();
  // The answer's own label where it carries one; else the label table's, else a stored wallet's name.
  const known = label ?? labels.get(address.toLowerCase());
  // Every stored wallet has a label: only those need the wallet list (for their page's id), so a
  // page of contracts and bots does not read every wallet's balance. Without the label table, all do.
  const mayBeWallet = known ? known.source === "wallet" || known.source === "system" : failed;
  const { byAddress } = useWallets({ enabled: mayBeWallet });
  const wallet = byAddress.get(address.toLowerCase());
  const name = known?.name ?? wallet?.name;
  if (wallet) {
    return (
      <Link
        href={`/wallets/${wallet.id}`}
        title={address}
        aria-label={`Wallet ${name} (${address})`}
        className={full ? "mono break" : undefined}
      >
        {full ? address : name}
      </Link>
    );
  }
  return (
    <Link
      href={`/address/${address}`}
      title={address}
      aria-label={name ? `${name} (${address})` : `Address ${address}`}
      className={full ? "mono break" : name ? undefined : "mono"}
    >
      {full ? address : (name ?? shortHex(address))}
    </Link>
  );
}
