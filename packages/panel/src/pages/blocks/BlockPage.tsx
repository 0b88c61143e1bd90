import { Link } from "wouter";
import { adminApi } from "../../api/adminApi";
import { AddressLink } from "../../components/AddressLink";
import { Amount } from "../../components/Amount";
import { CopyButton } from "../../components/CopyButton";
import { ErrorNotice } from "../../components/ErrorNotice";
import { Loading } from "../../components/Loading";
import { Time } from "../../components/Time";
import { formatInteger } from "../../format/formatAmount";
import { usePageTitle } from "../../layout/usePageTitle";
import { ChainTransactionsTable } from "../explorer/ChainTransactionsTable";
import { GasBar } from "./GasBar";

/** One block, by number or hash: its fields and its transactions. */
export function BlockPage({ id }: { id: string }) {
  const query = adminApi.useQuery("get", "/chain/blocks/{numberOrHash}", {
    params: { path: { numberOrHash: id } },
  });
  const block = query.data?.block;
  usePageTitle(block ? `Block ${block.number}` : `Block ${id}`);
  return (
    <>
      <p>
        <Link href="/blocks">← All blocks</Link>
      </p>
      {query.error ? <ErrorNotice error={query.error} title={`Block ${id} could not be read.`} /> : null}
      {query.isPending ? <Loading what={`block ${id}`} /> : null}
      {block ? (
        <>
          <h1>Block {block.number}</h1>
          <nav className="actions" aria-label="Neighbouring blocks">
            {block.number > 0 ? (
              <Link href={`/blocks/${block.number - 1}`}>← Block {block.number - 1}</Link>
            ) : null}
            <Link href={`/blocks/${block.number + 1}`}>Block {block.number + 1} →</Link>
          </nav>
          <section className="card" aria-label="Block">
            <dl className="fields">
              <dt>Hash</dt>
              <dd>
                <span className="mono break">{block.hash}</span>{" "}
                <CopyButton text={block.hash} what="block hash" />
              </dd>
              <dt>Parent</dt>
              <dd>
                <Link href={`/blocks/${block.parentHash}`} className="mono break">
                  {block.parentHash}
                </Link>
              </dd>
              <dt>Time</dt>
              <dd>
                <Time when={block.timestamp} />
              </dd>
              <dt>Transactions</dt>
              <dd>{block.transactionCount}</dd>
              <dt>Gas used</dt>
              <dd>
                <GasBar used={block.gasUsed} limit={block.gasLimit} /> of {formatInteger(block.gasLimit)}
              </dd>
              <dt>Base fee</dt>
              <dd className="mono">
                {block.baseFeePerGas === null ? (
                  "–"
                ) : (
                  <Amount units={block.baseFeePerGas} decimals={9} symbol="gwei" />
                )}
              </dd>
              <dt>Fee recipient</dt>
              <dd>
                <AddressLink address={block.miner} />
              </dd>
            </dl>
          </section>
          <section aria-labelledby="block-transactions">
            <h2 id="block-transactions">Transactions</h2>
            {query.data && query.data.transactions.length > 0 ? (
              <ChainTransactionsTable
                transactions={query.data.transactions}
                label={`Transactions of block ${block.number}`}
                showBlock={false}
              />
            ) : (
              <p className="muted">This block has no transactions.</p>
            )}
          </section>
        </>
      ) : null}
    </>
  );
}
