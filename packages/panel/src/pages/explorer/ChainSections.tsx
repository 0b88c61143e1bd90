import { ErrorNotice } from "../../components/ErrorNotice";
import { Loading } from "../../components/Loading";
import { AddressTransactions, TokenBalances } from "./AddressSections";
import { useChainAddress } from "./useChainAddress";

/** What the chain's index knows of an address: its token balances and every transaction of it. */
export function ChainSections({ address, title }: { address: string; title: string }) {
  const { query, cursors, setCursors } = useChainAddress(address);
  return (
    <>
      {query.error ? <ErrorNotice error={query.error} title="The chain's index could not be read." /> : null}
      {query.isPending ? <Loading what="tokens and chain transactions" /> : null}
      {query.data ? (
        <>
          <TokenBalances data={query.data} />
          <AddressTransactions
            data={query.data}
            cursors={cursors}
            busy={query.isPlaceholderData}
            onPage={setCursors}
            title={title}
          />
        </>
      ) : null}
    </>
  );
}
