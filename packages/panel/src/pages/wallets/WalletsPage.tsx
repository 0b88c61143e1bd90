import { useId, useMemo, useState } from "react";
import { Link } from "wouter";
import { Amount } from "../../components/Amount";
import { CopyButton } from "../../components/CopyButton";
import { ErrorNotice } from "../../components/ErrorNotice";
import { Loading } from "../../components/Loading";
import { StatusBadge } from "../../components/StatusBadge";
import { shortHex } from "../../format/shortHex";
import { usePageTitle } from "../../layout/usePageTitle";
import { CreateWalletForm } from "./CreateWalletForm";
import { DeleteWalletDialog, type WalletToDelete } from "./DeleteWalletDialog";
import { ImportWalletForm } from "./ImportWalletForm";
import { useWallets, WALLETS_REFRESH_MS } from "./useWallets";

/** Every stored wallet with its balance (kept fresh), and the forms to create and import one. */
export function WalletsPage() {
  usePageTitle("Wallets");
  const { wallets, error, isPending } = useWallets();
  const [filter, setFilter] = useState("");
  const [toDelete, setToDelete] = useState<WalletToDelete>();
  const filterId = useId();
  const shown = useMemo(() => {
    const needle = filter.trim().toLowerCase();
    if (!wallets || needle === "") return wallets;
    return wallets.filter(
      (wallet) =>
        wallet.name.toLowerCase().includes(needle) ||
        wallet.address.toLowerCase().includes(needle) ||
        String(wallet.id) === needle,
    );
  }, [wallets, filter]);
  return (
    <>
      <h1>Wallets</h1>
      <div className="grid-2">
        <CreateWalletForm />
        <ImportWalletForm />
      </div>
      <section aria-labelledby="wallet-list-title">
        <div className="section-head">
          <h2 id="wallet-list-title">Stored wallets{wallets ? ` (${wallets.length})` : ""}</h2>
          <div className="filter">
            <label htmlFor={filterId}>Filter</label>
            <input
              id={filterId}
              type="search"
              value={filter}
              placeholder="name, address or id"
              onChange={(event) => setFilter(event.target.value)}
            />
          </div>
        </div>
        <p className="muted small-print">Balances are read again every {WALLETS_REFRESH_MS / 1000} s.</p>
        {error ? <ErrorNotice error={error} title="The wallets could not be read." /> : null}
        {isPending ? <Loading what="wallets" /> : null}
        {shown ? (
          <div className="table-scroll">
            <table aria-labelledby="wallet-list-title">
              <thead>
                <tr>
                  <th scope="col" className="narrow-drop">
                    Id
                  </th>
                  <th scope="col">Name</th>
                  <th scope="col" className="narrow-drop">
                    Address
                  </th>
                  <th scope="col" className="num">
                    Balance (ETH)
                  </th>
                  <th scope="col" className="narrow-drop">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {shown.map((wallet) => (
                  <tr key={wallet.id} className={wallet.system ? "system" : undefined}>
                    <td className="narrow-drop">{wallet.id}</td>
                    <td className="wrap">
                      <Link href={`/wallets/${wallet.id}`}>{wallet.name}</Link>{" "}
                      {wallet.system ? <StatusBadge status="system" label="System" /> : null}
                      {/* On a phone the address folds under the name. */}
                      <span className="narrow-only mono muted small" title={wallet.address}>
                        {shortHex(wallet.address)}
                      </span>
                    </td>
                    <td className="narrow-drop">
                      <span className="mono" title={wallet.address}>
                        {shortHex(wallet.address)}
                      </span>{" "}
                      <CopyButton text={wallet.address} what={`address of ${wallet.name}`} />
                    </td>
                    <td className="num mono">
                      <Amount value={wallet.balance} />
                    </td>
                    <td className="narrow-drop">
                      <button
                        type="button"
                        className="danger small"
                        aria-label={`Delete wallet ${wallet.name}`}
                        onClick={() => setToDelete(wallet)}
                      >
                        Delete
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
        {shown && shown.length === 0 ? <p className="muted">No wallet matches.</p> : null}
      </section>
      <DeleteWalletDialog wallet={toDelete} onClose={() => setToDelete(undefined)} />
    </>
  );
}
