import type { SimulatedCall } from "../../api/explorer";
import { AddressLink } from "../../components/AddressLink";
import { Amount } from "../../components/Amount";
import { StatusBadge } from "../../components/StatusBadge";
import { formatInteger } from "../../format/formatAmount";
import { DecodedArgs } from "../explorer/DecodedArgs";
import { RevertLocationCard } from "../explorer/RevertLocationCard";
import { StateChangesSection } from "../explorer/StateChangesSection";
import { TokenTransfersTable } from "../explorer/TokenTransfersTable";
import { TransactionCall } from "../explorer/TransactionCall";
import { TransactionLogs } from "../explorer/TransactionLogs";
import { TransactionTrace } from "../explorer/TransactionTrace";

/**
 * One simulated call, explained with the transaction page's parts: status and gas, the revert
 * and where it happened, the decoded call and what it returned, token transfers, logs, console
 * output and call trace, and the state changes by variable. `idPrefix` keeps each section's id
 * unique when several calls share the page.
 */
export function SimulatedCallView({ call, idPrefix }: { call: SimulatedCall; idPrefix: string }) {
  const { transaction } = call;
  return (
    <article className="simulated-call" aria-labelledby={`${idPrefix}-heading`}>
      <h2 id={`${idPrefix}-heading`}>
        Call {transaction.index}: {transaction.summary}
      </h2>
      {transaction.status === "reverted" ? (
        <p className="notice notice-error" role="alert">
          <strong>Reverted: </strong>
          {call.revertReason ?? "no reason given"}
        </p>
      ) : null}
      {call.revertLocation ? <RevertLocationCard location={call.revertLocation} idPrefix={idPrefix} /> : null}
      <section className="card" aria-label={`Call ${transaction.index}`}>
        <dl className="fields">
          <dt>Status</dt>
          <dd>
            <StatusBadge status={transaction.status} /> <span className="muted">simulated, not sent</span>
          </dd>
          <dt>From</dt>
          <dd>
            <AddressLink address={transaction.from} label={transaction.fromLabel} />
          </dd>
          <dt>To</dt>
          <dd>
            {transaction.to ? (
              <AddressLink address={transaction.to} label={transaction.toLabel} />
            ) : transaction.contractAddress ? (
              <>
                Creates{" "}
                <AddressLink address={transaction.contractAddress} label={transaction.contractAddressLabel} />
              </>
            ) : (
              "–"
            )}
          </dd>
          <dt>Value</dt>
          <dd className="mono">
            <Amount units={transaction.value} decimals={18} symbol="ETH" />
          </dd>
          <dt>Gas</dt>
          <dd className="mono">{formatInteger(transaction.gasUsed)}</dd>
        </dl>
      </section>
      <TransactionCall data={call} idPrefix={idPrefix} />
      {call.returned && call.returned.length > 0 ? (
        <section className="card" aria-labelledby={`${idPrefix}-returned`}>
          <h2 id={`${idPrefix}-returned`}>Returned</h2>
          <DecodedArgs args={call.returned} label={`Call ${transaction.index} returned`} />
        </section>
      ) : null}
      {transaction.tokenTransfers.length > 0 ? (
        <section aria-labelledby={`${idPrefix}-transfers`}>
          <h2 id={`${idPrefix}-transfers`}>Token transfers</h2>
          <TokenTransfersTable
            transfers={transaction.tokenTransfers}
            label={`Call ${transaction.index} token transfers`}
          />
        </section>
      ) : null}
      <TransactionLogs logs={call.logs} idPrefix={idPrefix} />
      <TransactionTrace data={call} idPrefix={idPrefix} />
      {call.stateChanges ? <StateChangesSection changes={call.stateChanges} idPrefix={idPrefix} /> : null}
    </article>
  );
}
