import type { ChainTransactionAnswer } from "../../api/explorer";
import { CallTree } from "./CallTree";

/** What the contracts printed with console.log (Hardhat's), and the call trace as a tree. */
export function TransactionTrace({
  data,
  idPrefix = "tx",
}: {
  /** A mined transaction's answer, or a simulated call's (which has no `traceUnavailable`). */
  data: Pick<ChainTransactionAnswer, "consoleLogs" | "trace"> & {
    traceUnavailable?: ChainTransactionAnswer["traceUnavailable"];
  };
  idPrefix?: string;
}) {
  return (
    <>
      {data.consoleLogs.length > 0 ? (
        <section className="card" aria-labelledby={`${idPrefix}-console`}>
          <h2 id={`${idPrefix}-console`}>console.log</h2>
          <pre className="mono">{data.consoleLogs.join("\n")}</pre>
        </section>
      ) : null}

      <section aria-labelledby={`${idPrefix}-trace`}>
        <h2 id={`${idPrefix}-trace`}>Call trace</h2>
        {data.trace ? (
          <div className="trace">
            <CallTree frame={data.trace} />
          </div>
        ) : data.traceUnavailable ? (
          // "Block 12 is older than the node's state window (128 blocks): no trace or state changes."
          <p className="muted">{`${data.traceUnavailable.charAt(0).toUpperCase()}${data.traceUnavailable.slice(1)}.`}</p>
        ) : (
          <p className="muted">The node gives no trace (it has no debug_traceTransaction).</p>
        )}
      </section>
    </>
  );
}
