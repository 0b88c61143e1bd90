import { useId, useState } from "react";
import { Link, useLocation } from "wouter";
import { adminApi } from "../../api/adminApi";
import { systemAddresses } from "../../api/systemAddresses.generated";
import { Amount } from "../../components/Amount";
import { CopyButton } from "../../components/CopyButton";
import { ErrorNotice } from "../../components/ErrorNotice";
import { Loading } from "../../components/Loading";
import { SecretField } from "../../components/SecretField";
import { StatusBadge } from "../../components/StatusBadge";
import { Time } from "../../components/Time";
import { usePageTitle } from "../../layout/usePageTitle";
import { ChainSections } from "../explorer/ChainSections";
import { TransactionHistory } from "../transactions/TransactionHistory";
import { DeleteWalletDialog } from "./DeleteWalletDialog";
import { WALLETS_REFRESH_MS } from "./useWallets";

/** One wallet: address, balance, its private key on request, and its own transactions. */
export function WalletDetailPage({ id }: { id: string }) {
  const query = adminApi.useQuery(
    "get",
    "/wallets/{id}",
    { params: { path: { id } } },
    // The answer holds the private key: not kept in the cache once the page is left.
    { refetchInterval: WALLETS_REFRESH_MS, gcTime: 0 },
  );
  const wallet = query.data;
  usePageTitle(wallet ? wallet.name : `Wallet ${id}`);
  const [showKey, setShowKey] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [, navigate] = useLocation();
  const keyId = useId();
  const system = wallet ? systemAddresses.some((address) => address === wallet.address) : false;
  return (
    <>
      <p>
        <Link href="/wallets">← All wallets</Link>
      </p>
      {query.error ? <ErrorNotice error={query.error} title={`Wallet ${id} could not be read.`} /> : null}
      {query.isPending ? <Loading what={`wallet ${id}`} /> : null}
      {wallet ? (
        <>
          <h1>
            {wallet.name} {system ? <StatusBadge status="system" label="System" /> : null}
          </h1>
          <section className="card" aria-label="Wallet">
            <dl className="fields">
              <dt>Id</dt>
              <dd>{wallet.id}</dd>
              <dt>Address</dt>
              <dd>
                <span className="mono break">{wallet.address}</span>{" "}
                <CopyButton text={wallet.address} what="address" />
              </dd>
              <dt>Balance</dt>
              <dd className="mono">
                <Amount value={wallet.balance} symbol="ETH" />
              </dd>
              <dt>Created</dt>
              <dd>
                <Time when={wallet.created_at} />
              </dd>
            </dl>
            <div className="reveal">
              <button
                type="button"
                aria-expanded={showKey}
                aria-controls={keyId}
                onClick={() => setShowKey(!showKey)}
              >
                {showKey ? "Hide private key" : "Show private key"}
              </button>
              <div id={keyId}>
                {showKey ? <SecretField label="Private key" value={wallet.private_key} /> : null}
              </div>
            </div>
            <div className="actions">
              <Link className="button" href={`/send?from=${wallet.id}`}>
                Send from this wallet
              </Link>
              <button type="button" className="danger" onClick={() => setDeleting(true)}>
                Delete wallet
              </button>
            </div>
          </section>
          <section aria-labelledby={`${keyId}-history`}>
            <h2 id={`${keyId}-history`}>Transactions of this wallet</h2>
            <TransactionHistory address={wallet.address} label={`Transactions of ${wallet.name}`} />
          </section>
          <ChainSections address={wallet.address} title={`On chain: every transaction of ${wallet.name}`} />
          <DeleteWalletDialog
            wallet={deleting ? { ...wallet, system } : undefined}
            onClose={() => setDeleting(false)}
            onDeleted={() => navigate("/wallets")}
          />
        </>
      ) : null}
    </>
  );
}
