import { useEffect } from "react";
import { ORACLE_BASE_PATH } from "./oracleApi";
import { useBatchedInvalidation } from "./useBatchedInvalidation";
import { useEventStream } from "./useEventStream";

/** A burst of events (a block confirming many bot transfers) reads once. */
const READ_DELAY_MS = 300;
/** A chain can also grow without any event (another tool's transactions, empty blocks). */
const QUIET_READ_MS = 2_000;

/**
 * Keeps the queries under `queryKey` following the chain: read again after each burst of the
 * existing event streams (the bots' transactions, the oracle's price updates, both of which land
 * in new blocks), and every 2 s meanwhile, since blocks also come without any event.
 *
 * @example
 * const stream = useChainActivity(["get", "/chain/blocks"], page === 0);
 */
export function useChainActivity(queryKey: readonly unknown[], enabled: boolean) {
  const read = useBatchedInvalidation(queryKey, READ_DELAY_MS);
  const onEvent = () => {
    if (enabled) read();
  };
  const bots = useEventStream("admin API", "/bots/events", onEvent);
  useEventStream("oracle API", `${ORACLE_BASE_PATH}/prices/stream`, onEvent);
  useEffect(() => {
    if (!enabled) return;
    const timer = setInterval(read, QUIET_READ_MS);
    return () => clearInterval(timer);
  }, [enabled, read]);
  return bots;
}
