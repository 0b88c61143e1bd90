import { Link } from "wouter";
import type { AdminSchemas } from "../../api/adminApi";
import { AddressLink } from "../../components/AddressLink";
import { Amount } from "../../components/Amount";
import { CopyButton } from "../../components/CopyButton";
import { ErrorNotice } from "../../components/ErrorNotice";
import { StatusBadge } from "../../components/StatusBadge";
import { useTransactionStatus } from "./useTransactionStatus";

export type SendOutcome = AdminSchemas["PendingSend"] | AdminSchemas["ConfirmedSend"];

/** A send's hash and status; a pending one turns confirmed (or failed) by itself. */
export function SendResult({ outcome }: { outcome: SendOutcome }) {
  const followed = useTransactionStatus(outcome.hash, outcome.from);
  const status = outcome.status === "confirmed" ? "confirmed" : (followed.entry?.status ?? "pending");
  const block = outcome.status === "confirmed" ? outcome.blockNumber : followed.entry?.block_number;
  return (
    <section className="card" aria-label="Send result">
      <h2>Sent</h2>
      <dl className="fields">
        <dt>Hash</dt>
        <dd>
          <Link
            href={`/tx/${outcome.hash}`}
            className="mono break"
            aria-label={`Transaction ${outcome.hash}`}
          >
            {outcome.hash}
          </Link>{" "}
          <CopyButton text={outcome.hash} what="transaction hash" />
        </dd>
        <dt>From</dt>
        <dd>
          <AddressLink address={outcome.from} />
        </dd>
        <dt>To</dt>
        <dd>
          <AddressLink address={outcome.to} />
        </dd>
        <dt>Amount</dt>
        <dd className="mono">
          <Amount value={outcome.amount} symbol="ETH" />
        </dd>
        <dt>Status</dt>
        <dd>
          <span role="status">
            <StatusBadge status={status} />
            {block !== undefined && block !== null ? ` in block ${block}` : ""}
          </span>
        </dd>
      </dl>
      {followed.error && status === "pending" ? (
        <ErrorNotice error={followed.error} title="The status could not be read; retrying." />
      ) : null}
    </section>
  );
}
