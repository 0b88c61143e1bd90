import { Link } from "wouter";
import type { ChainTransaction } from "../../api/explorer";
import { AddressLink } from "../../components/AddressLink";
import { Amount } from "../../components/Amount";
import { StatusBadge } from "../../components/StatusBadge";
import { Time } from "../../components/Time";
import { BlockLink, TxLink } from "../../components/TxLink";
import { WrapAtDots } from "../../components/WrapAtDots";

/**
 * Transactions of the chain's index: what each did in words (the API's summary, linking to the
 * transaction), its value and status; on a wide screen also who, the block, the hash and the time.
 * On a phone the hash and block fold under the summary.
 */
export function ChainTransactionsTable({
  transactions,
  label,
  showBlock = true,
}: {
  transactions: readonly ChainTransaction[];
  label: string;
  showBlock?: boolean;
}) {
  return (
    <div className="table-scroll">
      <table aria-label={label}>
        <thead>
          <tr>
            <th scope="col">What</th>
            <th scope="col" className="narrow-drop">
              From
            </th>
            <th scope="col" className="narrow-drop">
              To
            </th>
            <th scope="col" className="num">
              Value (ETH)
            </th>
            <th scope="col">Status</th>
            {showBlock ? (
              <th scope="col" className="num narrow-drop">
                Block
              </th>
            ) : null}
            <th scope="col" className="narrow-drop">
              Hash
            </th>
            <th scope="col" className="narrow-drop">
              Time
            </th>
          </tr>
        </thead>
        <tbody>
          {transactions.map((transaction) => (
            <tr key={transaction.hash}>
              <td className="wrap summary">
                <Link href={`/tx/${transaction.hash}`}>
                  <WrapAtDots text={transaction.summary} />
                </Link>
                <span className="narrow-only small muted">
                  <TxLink hash={transaction.hash} keep={4} />
                  {transaction.blockNumber !== null ? ` · block ${transaction.blockNumber}` : ""}
                </span>
              </td>
              <td className="narrow-drop">
                <AddressLink address={transaction.from} label={transaction.fromLabel} />
              </td>
              <td className="narrow-drop">
                {transaction.to ? (
                  <AddressLink address={transaction.to} label={transaction.toLabel} />
                ) : transaction.contractAddress ? (
                  <>
                    new{" "}
                    <AddressLink
                      address={transaction.contractAddress}
                      label={transaction.contractAddressLabel}
                    />
                  </>
                ) : (
                  "–"
                )}
              </td>
              <td className="num mono">
                <Amount units={transaction.value} decimals={18} />
              </td>
              <td>
                <StatusBadge status={transaction.status} />
              </td>
              {showBlock ? (
                <td className="num narrow-drop">
                  {transaction.blockNumber !== null ? <BlockLink number={transaction.blockNumber} /> : "–"}
                </td>
              ) : null}
              <td className="narrow-drop">
                <TxLink hash={transaction.hash} />
              </td>
              <td className="narrow-drop">
                {transaction.timestamp === null ? "pending" : <Time when={transaction.timestamp} />}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
