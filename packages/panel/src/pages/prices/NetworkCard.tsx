import { adminApi } from "../../api/adminApi";
import { Amount } from "../../components/Amount";
import { ErrorNotice } from "../../components/ErrorNotice";
import { Loading } from "../../components/Loading";
import { formatInteger } from "../../format/formatAmount";

const NETWORK_REFRESH_MS = 5_000;

/** Chain id, latest block and gas price, read again every few seconds. */
export function NetworkCard() {
  const network = adminApi.useQuery("get", "/network", undefined, { refetchInterval: NETWORK_REFRESH_MS });
  const info = network.data;
  return (
    <section className="card" aria-labelledby="network-title">
      <h2 id="network-title">Network</h2>
      {network.error ? <ErrorNotice error={network.error} title="The network could not be read." /> : null}
      {network.isPending ? <Loading what="network info" /> : null}
      {info ? (
        <dl className="fields">
          <dt>Chain id</dt>
          <dd>{info.chainId}</dd>
          <dt>Latest block</dt>
          <dd>{formatInteger(info.blockNumber)}</dd>
          <dt>Gas price</dt>
          <dd>
            <Amount units={info.gasPrice} decimals={9} symbol="gwei" />
          </dd>
        </dl>
      ) : null}
    </section>
  );
}
