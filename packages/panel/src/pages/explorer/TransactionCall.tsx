import type { ChainTransactionAnswer } from "../../api/explorer";
import { DecodedArgs } from "./DecodedArgs";

/** What the call card reads: a mined transaction's details, or a simulated call. */
export type CallData = Pick<ChainTransactionAnswer, "input"> & {
  transaction: Pick<ChainTransactionAnswer["transaction"], "method" | "selector" | "kind">;
};

/**
 * The call: the decoded function and its arguments, or what the input is, and the raw input.
 * `idPrefix` keeps the heading's id unique where several calls share a page.
 */
export function TransactionCall({ data, idPrefix = "tx" }: { data: CallData; idPrefix?: string }) {
  const { transaction } = data;
  return (
    <section className="card" aria-labelledby={`${idPrefix}-call`}>
      <h2 id={`${idPrefix}-call`}>Call</h2>
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
  );
}
