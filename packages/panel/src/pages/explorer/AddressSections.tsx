import type { ChainAddressAnswer } from "../../api/explorer";
import { AddressLink } from "../../components/AddressLink";
import { Amount } from "../../components/Amount";
import { ChainTransactionsTable } from "./ChainTransactionsTable";
import { CursorPager } from "./CursorPager";

/** An address's token balances, for known tokens. */
export function TokenBalances({ data }: { data: ChainAddressAnswer }) {
  return (
    <section aria-labelledby={`tokens-${data.address}`}>
      <h2 id={`tokens-${data.address}`}>Tokens</h2>
      {data.tokenBalances.length === 0 ? (
        <p className="muted">No token balances.</p>
      ) : (
        <div className="table-scroll">
          <table aria-label="Token balances">
            <thead>
              <tr>
                <th scope="col">Token</th>
                <th scope="col" className="num">
                  Balance
                </th>
              </tr>
            </thead>
            <tbody>
              {data.tokenBalances.map((token) => (
                <tr key={token.token}>
                  <td>
                    <AddressLink address={token.token} label={token.tokenLabel} />
                  </td>
                  <td className="num mono">
                    <Amount units={token.balance} decimals={token.decimals ?? 0} symbol={token.symbol} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/** An address's transactions from the chain's index (sent, received, or moving its tokens), paged. */
export function AddressTransactions({
  data,
  cursors,
  busy,
  onPage,
  title,
}: {
  data: ChainAddressAnswer;
  cursors: string[];
  busy: boolean;
  onPage(cursors: string[]): void;
  title: string;
}) {
  return (
    <section aria-labelledby={`chain-txs-${data.address}`}>
      <h2 id={`chain-txs-${data.address}`}>{title}</h2>
      {data.transactions.length === 0 ? (
        <p className="muted">
          {cursors.length === 0 ? "No transactions in the index." : "No older transactions."}
        </p>
      ) : (
        <ChainTransactionsTable transactions={data.transactions} label={title} />
      )}
      <CursorPager
        label={title}
        cursors={cursors}
        nextCursor={data.nextCursor}
        busy={busy}
        onChange={onPage}
      />
    </section>
  );
}
