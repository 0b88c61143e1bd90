import type { ChainTransactionAnswer } from "../../api/explorer";
import { AddressLink } from "../../components/AddressLink";
import { Amount } from "../../components/Amount";
import { CopyButton } from "../../components/CopyButton";
import { StatusBadge } from "../../components/StatusBadge";
import { Time } from "../../components/Time";
import { BlockLink } from "../../components/TxLink";
import { formatInteger } from "../../format/formatAmount";

/** The transaction's card: hash, status and block, time, from and to, value, fee, kind. */
export function TransactionFields({ data }: { data: ChainTransactionAnswer }) {
  const { transaction } = data;
  return (
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
          <Recipient transaction={transaction} />
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
  );
}

/** Who it went to: the recipient, the contract a deployment created, or nobody. */
function Recipient({ transaction }: { transaction: ChainTransactionAnswer["transaction"] }) {
  if (transaction.to) {
    return (
      <>
        <AddressLink address={transaction.to} label={transaction.toLabel} />{" "}
        <CopyButton text={transaction.to} what="recipient address" />
      </>
    );
  }
  if (transaction.contractAddress) {
    return (
      <>
        Created <AddressLink address={transaction.contractAddress} label={transaction.contractAddressLabel} />
      </>
    );
  }
  return <>–</>;
}
