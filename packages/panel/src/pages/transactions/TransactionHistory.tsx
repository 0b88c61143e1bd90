import { keepPreviousData } from "@tanstack/react-query";
import { useState } from "react";
import { type AdminSchemas, adminApi } from "../../api/adminApi";
import { type ContractName, useContractNames } from "../../api/useContractNames";
import { AddressLink } from "../../components/AddressLink";
import { Amount } from "../../components/Amount";
import { CopyButton } from "../../components/CopyButton";
import { ErrorNotice } from "../../components/ErrorNotice";
import { Loading } from "../../components/Loading";
import { StatusBadge } from "../../components/StatusBadge";
import { Time } from "../../components/Time";
import { TxLink } from "../../components/TxLink";
import { WrapAtDots } from "../../components/WrapAtDots";

/** How often the newest page, or a page with pending entries, is read again. */
const REFRESH_MS = 3_000;

type HistoryEntry = AdminSchemas["TransactionEntry"];

/**
 * What a history entry did, in words, from its kind and selector: "PriceOracle.updatePrices" for a
 * call of a known contract, "call 0xa9059cbb" for another, "deploy", or nothing for a plain
 * transfer (the amount says it).
 */
export function describeEntry(entry: HistoryEntry, contracts: ReadonlyMap<string, ContractName>): string {
  if (entry.kind === "deploy") return "deploy";
  if (entry.kind === "blob") return "blob";
  if (entry.kind === "set-code") return "set code";
  if (!entry.selector) return "";
  const contract = contracts.get(entry.to_address.toLowerCase());
  const fn = contract?.functions.get(entry.selector);
  return contract && fn ? `${contract.name}.${fn}` : `call ${entry.selector}`;
}

export type TransactionHistoryProps = {
  /** Only this address's transactions (sent or received). */
  address?: string;
  /** Entries per page (the API answers at most 100). */
  pageSize?: number;
  /** The table's accessible name. */
  label: string;
};

/**
 * The transaction history, newest first, paged with the API's cursor (`before` = the last id of
 * the page). Addresses of stored wallets link to their pages.
 */
export function TransactionHistory({ address, pageSize = 25, label }: TransactionHistoryProps) {
  // The cursors of the pages before this one: empty on the newest page.
  const [cursors, setCursors] = useState<number[]>([]);
  const { query, entries, hasOlder } = useHistoryPage({ address, pageSize, before: cursors.at(-1) });
  const last = entries?.at(-1);
  return (
    <div>
      {query.error ? <ErrorNotice error={query.error} title="The history could not be read." /> : null}
      {query.isPending ? <Loading what="transactions" /> : null}
      {entries && entries.length === 0 ? (
        <p className="muted">{cursors.length === 0 ? "No transactions yet." : "No older transactions."}</p>
      ) : null}
      {entries && entries.length > 0 ? <HistoryTable entries={entries} label={label} /> : null}
      <nav className="pager" aria-label={`${label}: pages`}>
        <button type="button" disabled={cursors.length === 0} onClick={() => setCursors([])}>
          Newest
        </button>
        <button
          type="button"
          disabled={cursors.length === 0}
          onClick={() => setCursors(cursors.slice(0, -1))}
        >
          Newer
        </button>
        <span className="muted" aria-live="polite">
          Page {cursors.length + 1}
        </span>
        <button
          type="button"
          disabled={!hasOlder || !last || query.isPlaceholderData}
          onClick={() => last && setCursors([...cursors, last.id])}
        >
          Older
        </button>
      </nav>
    </div>
  );
}

/**
 * One page of the history before `before` (the newest without it). One entry more than shown is
 * read, which tells whether an older page exists. The newest page, or one with pending entries, is
 * read again every {@link REFRESH_MS}.
 */
function useHistoryPage({
  address,
  pageSize,
  before,
}: {
  address: string | undefined;
  pageSize: number;
  before: number | undefined;
}) {
  const query = adminApi.useQuery(
    "get",
    "/transactions",
    {
      params: {
        query: {
          limit: String(pageSize + 1),
          ...(before === undefined ? {} : { before: String(before) }),
          ...(address === undefined ? {} : { address }),
        },
      },
    },
    {
      placeholderData: keepPreviousData,
      refetchInterval: (current) =>
        before === undefined || current.state.data?.some((entry) => entry.status === "pending")
          ? REFRESH_MS
          : false,
    },
  );
  return { query, entries: query.data?.slice(0, pageSize), hasOlder: (query.data?.length ?? 0) > pageSize };
}

/** The page's entries: what, amount and status in view at any width; id, block, hash and time beside. */
function HistoryTable({ entries, label }: { entries: readonly HistoryEntry[]; label: string }) {
  const contracts = useContractNames();
  return (
    <div className="table-scroll">
      <table aria-label={label}>
        <thead>
          <tr>
            <th scope="col" className="narrow-drop">
              Id
            </th>
            <th scope="col">What</th>
            <th scope="col" className="num">
              Amount (ETH)
            </th>
            <th scope="col">Status</th>
            <th scope="col" className="num narrow-drop">
              Block
            </th>
            <th scope="col" className="narrow-drop">
              Hash
            </th>
            <th scope="col" className="narrow-drop">
              Time
            </th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={entry.id}>
              <td className="narrow-drop">{entry.id}</td>
              <td className="wrap">
                <span className="what">
                  <WrapAtDots text={describeEntry(entry, contracts)} />
                </span>{" "}
                <AddressLink address={entry.from_address} />
                {" → "}
                <AddressLink address={entry.to_address} />
                {/* On a phone the hash and the time fold under the parties. */}
                <span className="narrow-only small muted">
                  <TxLink hash={entry.tx_hash} keep={4} /> <Time when={entry.created_at} />
                </span>
              </td>
              <td className="num mono">
                <Amount value={entry.amount} />
              </td>
              <td>
                <StatusBadge status={entry.status} />
              </td>
              <td className="num narrow-drop">{entry.block_number ?? "–"}</td>
              <td className="narrow-drop">
                <TxLink hash={entry.tx_hash} />{" "}
                <CopyButton text={entry.tx_hash} what={`hash of transaction ${entry.id}`} />
              </td>
              <td className="narrow-drop">
                <Time when={entry.created_at} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
