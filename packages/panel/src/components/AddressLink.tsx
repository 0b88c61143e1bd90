import { Link } from "wouter";
import { shortHex } from "../format/shortHex";
import type { PanelWallet } from "../pages/wallets/useWallets";

/** An address: a link to its wallet's page when it is a stored wallet, else the bare address. */
export function AddressLink({ address, wallet }: { address: string; wallet: PanelWallet | undefined }) {
  if (!wallet) {
    return (
      <span className="mono" title={address}>
        {shortHex(address)}
      </span>
    );
  }
  return (
    <Link href={`/wallets/${wallet.id}`} title={address} aria-label={`Wallet ${wallet.name} (${address})`}>
      {wallet.name}
    </Link>
  );
}
