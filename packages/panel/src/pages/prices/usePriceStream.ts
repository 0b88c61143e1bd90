import type { priceEventData } from "@privnet/oracle-http";
import { useCallback, useState } from "react";
import type { OracleSchemas } from "../../api/oracleApi";
import { ORACLE_BASE_PATH } from "../../api/oracleApi";
import { useBatchedInvalidation } from "../../api/useBatchedInvalidation";
import { useEventStream } from "../../api/useEventStream";

/**
 * One on-chain price update: when (Unix seconds) and the price in USD. `id` names the update by
 * its transaction and log (`<txHash>:<logIndex>`); a point from the snapshot sent on connect has
 * none, since the chain's price table does not say which transaction wrote it.
 */
export type PricePoint = { at: number; price: number; id?: string };

/** Updates kept per token for the chart. */
const KEPT_POINTS = 60;
/** The four tokens of one push arrive together: the price table is read once for them. */
const TABLE_READ_DELAY_MS = 250;

type Snapshot = OracleSchemas["Prices"]["prices"];
type PriceEvent = ReturnType<typeof priceEventData>;

/**
 * The oracle's price stream (`/oracle/prices/stream`, server-sent events): the recent updates of
 * every token, from the snapshot sent on connect and each on-chain update after it; each push also
 * reads the price table (`GET /oracle/prices`) again.
 *
 * @example
 * const { history, stream } = usePriceStream();
 * history.ETH; // [{ at: 1763798400, price: 3012.5 }, …]
 */
export function usePriceStream() {
  const [history, setHistory] = useState<Record<string, PricePoint[]>>({});
  const readTable = useBatchedInvalidation(["get", "/prices"], TABLE_READ_DELAY_MS);
  const onEvent = useCallback(
    ({ event, data }: { event: string | undefined; data: string }) => {
      let points: [string, PricePoint][];
      try {
        if (event === "prices") {
          const snapshot = JSON.parse(data) as Snapshot;
          points = Object.entries(snapshot)
            .filter(([, entry]) => entry.lastUpdated > 0)
            .map(([symbol, entry]) => [symbol, { at: entry.lastUpdated, price: Number(entry.price) }]);
        } else if (event === "price") {
          const update = JSON.parse(data) as PriceEvent;
          points = [
            [
              update.symbol,
              {
                at: update.lastUpdated,
                price: Number(update.price),
                id: `${update.txHash}:${update.logIndex}`,
              },
            ],
          ];
        } else {
          return;
        }
      } catch {
        return;
      }
      setHistory((current) => {
        const next = { ...current };
        for (const [symbol, point] of points) {
          const kept = next[symbol] ?? [];
          if (!isNewUpdate(kept, point)) continue;
          next[symbol] = [...kept, point].slice(-KEPT_POINTS);
        }
        return next;
      });
      if (event === "price") readTable();
    },
    [readTable],
  );
  const stream = useEventStream("oracle API", `${ORACLE_BASE_PATH}/prices/stream`, onEvent);
  return { history, stream };
}

/**
 * Whether `point` is an update the chart does not show yet. An update of the stream is one per
 * transaction and log, however alike its price and second are to the last one's: two pushes within
 * one block timestamp are two updates. The stream sends a snapshot only on connect, and no update
 * it already holds; the snapshot names no transaction, so after a reconnect it adds a point only
 * when it is not the chart's last one (an update made while the page was away).
 */
function isNewUpdate(kept: readonly PricePoint[], point: PricePoint): boolean {
  if (point.id !== undefined) return !kept.some((shown) => shown.id === point.id);
  const last = kept.at(-1);
  return last === undefined || last.at !== point.at || last.price !== point.price;
}
