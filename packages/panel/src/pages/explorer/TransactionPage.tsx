import { adminApi } from "../../api/adminApi";
import { ErrorNotice } from "../../components/ErrorNotice";
import { Loading } from "../../components/Loading";
import { usePageTitle } from "../../layout/usePageTitle";
import { RerunSection } from "./RerunSection";
import { RevertLocationCard } from "./RevertLocationCard";
import { StateChangesSection } from "./StateChangesSection";
import { TokenTransfersTable } from "./TokenTransfersTable";
import { TransactionAttachments } from "./TransactionAttachments";
import { TransactionCall } from "./TransactionCall";
import { TransactionFields } from "./TransactionFields";
import { TransactionLogs } from "./TransactionLogs";
import { TransactionTrace } from "./TransactionTrace";

/** A pending transaction is read again until it is mined. */
const PENDING_REFRESH_MS = 1_000;

/**
 * One transaction of the chain, whoever sent it: status, block, who, the decoded call, the token
 * transfers, the fee, the revert reason, the decoded logs, the call trace, and the blobs or
 * authorizations of the newer kinds.
 */
export function TransactionPage({ hash }: { hash: string }) {
  const query = adminApi.useQuery(
    "get",
    "/chain/transactions/{hash}",
    { params: { path: { hash } } },
    {
      refetchInterval: (current) =>
        current.state.data?.transaction.blockNumber === null ? PENDING_REFRESH_MS : false,
    },
  );
  const data = query.data;
  const transaction = data?.transaction;
  usePageTitle(transaction ? transaction.summary : "Transaction");
  return (
    <>
      <h1>Transaction</h1>
      {query.error ? <ErrorNotice error={query.error} title="The transaction could not be read." /> : null}
      {query.isPending ? <Loading what="the transaction" /> : null}
      {data && transaction ? (
        <>
          <p className="lead">{transaction.summary}</p>
          {data.revertReason !== null || transaction.status === "reverted" ? (
            <p className="notice notice-error" role="alert">
              <strong>Reverted: </strong>
              {data.revertReason ?? "no reason given"}
            </p>
          ) : null}
          {data.revertLocation ? <RevertLocationCard location={data.revertLocation} /> : null}
          <TransactionFields data={data} />
          <TransactionCall data={data} />
          {transaction.tokenTransfers.length > 0 ? (
            <section aria-labelledby="tx-transfers">
              <h2 id="tx-transfers">Token transfers</h2>
              <TokenTransfersTable transfers={transaction.tokenTransfers} label="Token transfers" />
            </section>
          ) : null}
          <TransactionLogs logs={data.logs} />
          <TransactionTrace data={data} />
          {data.stateChanges ? <StateChangesSection changes={data.stateChanges} /> : null}
          <TransactionAttachments data={data} />
          {transaction.blockNumber !== null ? <RerunSection hash={hash} data={data} /> : null}
        </>
      ) : null}
    </>
  );
}
