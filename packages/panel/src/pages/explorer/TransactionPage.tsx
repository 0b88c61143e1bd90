import { adminApi } from "../../api/adminApi";
import { AddressLink } from "../../components/AddressLink";
import { Amount } from "../../components/Amount";
import { CopyButton } from "../../components/CopyButton";
import { ErrorNotice } from "../../components/ErrorNotice";
import { Loading } from "../../components/Loading";
import { StatusBadge } from "../../components/StatusBadge";
import { Time } from "../../components/Time";
import { BlockLink } from "../../components/TxLink";
import { formatInteger } from "../../format/formatAmount";
import { usePageTitle } from "../../layout/usePageTitle";
import { CallTree } from "./CallTree";
import { DecodedArgs } from "./DecodedArgs";
import { RevertLocationCard } from "./RevertLocationCard";
import { StateChangesSection } from "./StateChangesSection";
import { TokenTransfersTable } from "./TokenTransfersTable";

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
          <section className="card" aria-label="Transaction">
            <dl className="fields">
              <dt>Hash</dt>
              <dd>
                <span className="mono break">{transaction.hash}</span>{" "}
                <CopyButton text={transaction.hash} what="transaction hash" />
              </dd>
              <dt>Status</dt>
              <dd>
                <StatusBadge status={transaction.status} />
                {transaction.blockNumber !== null ? (
                  <>
                    {" "}
                    in block <BlockLink number={transaction.blockNumber} /> (position {transaction.index})
                  </>
                ) : null}
              </dd>
              {transaction.timestamp !== null ? (
                <>
                  <dt>Time</dt>
                  <dd>
                    <Time when={transaction.timestamp} />
                  </dd>
                </>
              ) : null}
              <dt>From</dt>
              <dd>
                <AddressLink address={transaction.from} label={transaction.fromLabel} />{" "}
                <CopyButton text={transaction.from} what="sender address" />
              </dd>
              <dt>To</dt>
              <dd>
                {transaction.to ? (
                  <>
                    <AddressLink address={transaction.to} label={transaction.toLabel} />{" "}
                    <CopyButton text={transaction.to} what="recipient address" />
                  </>
                ) : transaction.contractAddress ? (
                  <>
                    Created{" "}
                    <AddressLink
                      address={transaction.contractAddress}
                      label={transaction.contractAddressLabel}
                    />
                  </>
                ) : (
                  "–"
                )}
              </dd>
              <dt>Value</dt>
              <dd className="mono">
                <Amount units={transaction.value} decimals={18} symbol="ETH" />
              </dd>
              <dt>Fee</dt>
              <dd>
                <span className="mono">
                  <Amount units={transaction.fee} decimals={18} symbol="ETH" />
                </span>{" "}
                <span className="muted">
                  ({formatInteger(transaction.gasUsed)} of {formatInteger(data.gasLimit)} gas at{" "}
                  <Amount units={transaction.effectiveGasPrice} decimals={9} symbol="gwei" />)
                </span>
              </dd>
              <dt>Kind</dt>
              <dd>
                {transaction.kind} (type {data.type}), nonce {data.nonce}
                {transaction.sentByPrivnet ? ", sent by privnet" : ", sent from outside privnet"}
              </dd>
            </dl>
          </section>

          <section className="card" aria-labelledby="tx-call">
            <h2 id="tx-call">Call</h2>
            {transaction.method ? (
              <>
                <p>
                  <span className="mono">
                    {transaction.method.contract}.{transaction.method.name}
                  </span>{" "}
                  <span className="muted small">{transaction.method.signature}</span>
                </p>
                <DecodedArgs args={transaction.method.args} label="Arguments" />
              </>
            ) : (
              <p className="muted">
                {transaction.selector
                  ? `Function ${transaction.selector}: no known ABI decodes it.`
                  : transaction.kind === "deploy"
                    ? "A deployment: the input is the contract's code."
                    : "No call: a plain transfer."}
              </p>
            )}
            {data.input !== "0x" ? (
              <details>
                <summary>Raw input ({(data.input.length - 2) / 2} bytes)</summary>
                <p className="mono break small">{data.input}</p>
              </details>
            ) : null}
          </section>

          {transaction.tokenTransfers.length > 0 ? (
            <section aria-labelledby="tx-transfers">
              <h2 id="tx-transfers">Token transfers</h2>
              <TokenTransfersTable transfers={transaction.tokenTransfers} label="Token transfers" />
            </section>
          ) : null}

          <section aria-labelledby="tx-logs">
            <h2 id="tx-logs">Logs ({data.logs.length})</h2>
            {data.logs.length === 0 ? <p className="muted">No logs.</p> : null}
            <ol className="logs">
              {data.logs.map((log) => (
                <li key={log.index} className="card" aria-label={`Log ${log.index}`}>
                  <p>
                    <span className="muted">#{log.index}</span>{" "}
                    <AddressLink address={log.address} label={log.addressLabel} />{" "}
                    {log.event ? (
                      <strong className="mono">{log.event.name}</strong>
                    ) : (
                      <span className="muted">(not decoded)</span>
                    )}
                  </p>
                  {log.event ? (
                    <DecodedArgs args={log.event.args} label={`Log ${log.index}: ${log.event.name}`} />
                  ) : (
                    <dl className="fields small">
                      {log.topics.map((topic, index) => (
                        // biome-ignore lint/suspicious/noArrayIndexKey: a log's topics never move.
                        <div key={index} className="field">
                          <dt>Topic {index}</dt>
                          <dd className="mono break">{topic}</dd>
                        </div>
                      ))}
                      <dt>Data</dt>
                      <dd className="mono break">{log.data}</dd>
                    </dl>
                  )}
                </li>
              ))}
            </ol>
          </section>

          {data.consoleLogs.length > 0 ? (
            <section className="card" aria-labelledby="tx-console">
              <h2 id="tx-console">console.log</h2>
              <pre className="mono">{data.consoleLogs.join("\n")}</pre>
            </section>
          ) : null}

          <section aria-labelledby="tx-trace">
            <h2 id="tx-trace">Call trace</h2>
            {data.trace ? (
              <div className="trace">
                <CallTree frame={data.trace} />
              </div>
            ) : (
              <p className="muted">The node gives no trace (it has no debug_traceTransaction).</p>
            )}
          </section>

          {data.stateChanges ? <StateChangesSection changes={data.stateChanges} /> : null}

          {data.blobVersionedHashes && data.blobVersionedHashes.length > 0 ? (
            <section className="card" aria-labelledby="tx-blobs">
              <h2 id="tx-blobs">Blobs ({data.blobVersionedHashes.length})</h2>
              <ol>
                {data.blobVersionedHashes.map((blob) => (
                  <li key={blob} className="mono break">
                    {blob}
                  </li>
                ))}
              </ol>
            </section>
          ) : null}

          {data.authorizationList && data.authorizationList.length > 0 ? (
            <section aria-labelledby="tx-authorizations">
              <h2 id="tx-authorizations">Authorizations ({data.authorizationList.length})</h2>
              <div className="table-scroll">
                <table aria-label="Authorizations">
                  <thead>
                    <tr>
                      <th scope="col">Authority</th>
                      <th scope="col">Delegates to</th>
                      <th scope="col" className="num narrow-drop">
                        Chain
                      </th>
                      <th scope="col" className="num narrow-drop">
                        Nonce
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.authorizationList.map((authorization, index) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: the list is the transaction's, fixed.
                      <tr key={index}>
                        <td>
                          {authorization.authority ? <AddressLink address={authorization.authority} /> : "–"}
                        </td>
                        <td>
                          <AddressLink address={authorization.address} />
                        </td>
                        <td className="num narrow-drop">{authorization.chainId}</td>
                        <td className="num narrow-drop">{authorization.nonce}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </section>
          ) : null}
        </>
      ) : null}
    </>
  );
}
