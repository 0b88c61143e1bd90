import { Link } from "wouter";
import { Amount } from "../../components/Amount";
import { CopyButton } from "../../components/CopyButton";
import { ErrorNotice } from "../../components/ErrorNotice";
import { Loading } from "../../components/Loading";
import { StatusBadge } from "../../components/StatusBadge";
import { shortHex } from "../../format/shortHex";
import { usePageTitle } from "../../layout/usePageTitle";
import { useWallets } from "../wallets/useWallets";
import { AddressTransactions, TokenBalances } from "./AddressSections";
import { LabelForm } from "./LabelForm";
import { useChainAddress } from "./useChainAddress";

/** Any address of the chain: its name, balance, code or not, token balances and transactions. */
export function AddressPage({ address }: { address: string }) {
  const { query, cursors, setCursors } = useChainAddress(address);
  const { byAddress } = useWallets();
  const wallet = byAddress.get(address.toLowerCase());
  const data = query.data;
  const name = data?.label?.name;
  usePageTitle(name ?? `Address ${shortHex(address)}`);
  return (
    <>
      {query.error ? (
        <ErrorNotice error={query.error} title={`Address ${address} could not be read.`} />
      ) : null}
      {query.isPending ? <Loading what="the address" /> : null}
      {data ? (
        <>
          <h1>
            {name ?? "Address"}{" "}
            {data.label ? <StatusBadge status="system" label={data.label.source} /> : null}
          </h1>
          <section className="card" aria-label="Address">
            <dl className="fields">
              <dt>Address</dt>
              <dd>
                <span className="mono break">{data.address}</span>{" "}
                <CopyButton text={data.address} what="address" />
              </dd>
              <dt>Balance</dt>
              <dd className="mono">
                <Amount units={data.balance} decimals={18} symbol="ETH" />
              </dd>
              <dt>Kind</dt>
              <dd>
                {data.isContract
                  ? data.contract
                    ? `Contract ${data.contract.name} (${data.contract.source})`
                    : "Contract (no known ABI)"
                  : "Account"}
                {data.isContract ? (
                  <>
                    {" "}
                    · <Link href="/contracts">Contracts</Link>
                  </>
                ) : null}
              </dd>
              {wallet ? (
                <>
                  <dt>Stored wallet</dt>
                  <dd>
                    <Link href={`/wallets/${wallet.id}`}>{wallet.name}</Link>
                  </dd>
                </>
              ) : null}
            </dl>
            <LabelForm address={data.address} label={data.label} />
          </section>
          <TokenBalances data={data} />
          <AddressTransactions
            data={data}
            cursors={cursors}
            busy={query.isPlaceholderData}
            onPage={setCursors}
            title="Transactions"
          />
        </>
      ) : null}
    </>
  );
}
