import type { ChainLog } from "../../api/explorer";
import { AddressLink } from "../../components/AddressLink";
import { DecodedArgs } from "./DecodedArgs";

/** Every log of the transaction, decoded as its event where an ABI knows it, raw otherwise. */
export function TransactionLogs({ logs, idPrefix = "tx" }: { logs: readonly ChainLog[]; idPrefix?: string }) {
  return (
    <section aria-labelledby={`${idPrefix}-logs`}>
      <h2 id={`${idPrefix}-logs`}>Logs ({logs.length})</h2>
      {logs.length === 0 ? <p className="muted">No logs.</p> : null}
      <ol className="logs">
        {logs.map((log) => (
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
              <RawLog log={log} />
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}

/** A log no ABI decodes: its topics and data. */
function RawLog({ log }: { log: ChainLog }) {
  return (
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
  );
}
