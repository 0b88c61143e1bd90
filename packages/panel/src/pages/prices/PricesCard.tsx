import { useQueryClient } from "@tanstack/react-query";
import { oracleApi } from "../../api/oracleApi";
import { ErrorNotice } from "../../components/ErrorNotice";
import { Loading } from "../../components/Loading";
import { StatusBadge } from "../../components/StatusBadge";
import { StreamStatus } from "../../components/StreamStatus";
import { formatAge } from "../../format/formatAge";
import { formatTime } from "../../format/formatTime";
import { formatUsd } from "../../format/formatUsd";
import { useNow } from "../../layout/useNow";
import { PriceChart } from "./PriceChart";
import { usePriceStream } from "./usePriceStream";

/** Staleness is also read again this often, since a price goes stale without any event. */
const PRICES_REFRESH_MS = 15_000;

/** The oracle's on-chain prices: each with its age, staleness and a chart of its recent updates. */
export function PricesCard() {
  const queryClient = useQueryClient();
  const prices = oracleApi.useQuery("get", "/prices", undefined, { refetchInterval: PRICES_REFRESH_MS });
  const { history, stream } = usePriceStream();
  const push = oracleApi.useMutation("post", "/update", {
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["get", "/prices"] }),
  });
  const now = useNow(1_000);
  const entries = Object.entries(prices.data?.prices ?? {});
  return (
    <section className="card" aria-labelledby="prices-title">
      <div className="section-head">
        <h2 id="prices-title">Oracle prices</h2>
        <button type="button" disabled={push.isPending} onClick={() => push.mutate({})}>
          {push.isPending ? "Pushing…" : "Push prices now"}
        </button>
      </div>
      <StreamStatus
        state={stream}
        live="Live: the chart follows the oracle's price stream."
        stream="price stream"
        className="muted small-print"
      />
      {prices.error ? <ErrorNotice error={prices.error} title="The prices could not be read." /> : null}
      {push.error ? <ErrorNotice error={push.error} title="The prices were not pushed." /> : null}
      {prices.isPending ? <Loading what="prices" /> : null}
      {entries.length > 0 ? (
        <div className="table-scroll">
          <table aria-labelledby="prices-title">
            <thead>
              <tr>
                <th scope="col">Token</th>
                <th scope="col" className="num">
                  Price
                </th>
                <th scope="col">Updated</th>
                <th scope="col">State</th>
                <th scope="col" className="narrow-drop">
                  Recent updates
                </th>
              </tr>
            </thead>
            <tbody>
              {entries.map(([symbol, entry]) => (
                <tr key={symbol}>
                  <th scope="row">{symbol}</th>
                  <td className="num mono" title={`${entry.price} USD`}>
                    {formatUsd(entry.price)}
                  </td>
                  <td>
                    {/* A token never pushed is dated at 0 (1970-01-01T00:00:00.000Z). */}
                    {entry.lastUpdated > 0 ? (
                      <time dateTime={entry.lastUpdatedDate} title={formatTime(entry.lastUpdatedDate)}>
                        {formatAge(entry.lastUpdated * 1000, now)}
                      </time>
                    ) : (
                      "never"
                    )}
                  </td>
                  <td>
                    {entry.isStale ? (
                      <StatusBadge status="stale" label="Stale" />
                    ) : (
                      <StatusBadge status="fresh" label="Fresh" />
                    )}
                  </td>
                  <td className="narrow-drop">
                    <PriceChart symbol={symbol} points={history[symbol] ?? []} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}
