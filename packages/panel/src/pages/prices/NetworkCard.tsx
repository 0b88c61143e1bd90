import { formatGwei } from "viem";
import { adminApi } from "../../api/adminApi";
import { ErrorNotice } from "../../components/ErrorNotice";
import { Loading } from "../../components/Loading";

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
          <dd>{info.blockNumber}</dd>
          <dt>Gas price</dt>
          <dd>{formatGwei(BigInt(info.gasPrice))} gwei</dd>
        </dl>
      ) : null}
    </section>
  );
}
