import { useCallback } from "react";
import { adminApi } from "../../api/adminApi";
import { useBatchedInvalidation } from "../../api/useBatchedInvalidation";
import { useEventStream } from "../../api/useEventStream";

/** Several events in a burst (a fault and its recovery) read the history once. */
const HISTORY_READ_DELAY_MS = 100;

/**
 * Whether this stack can inject faults, and the last fault events, newest first: `GET
 * /chain/faults`, read again whenever `GET /chain/events` announces one (a fault asked here, by
 * another page, over HTTP or in the SDK alike).
 *
 * @example
 * const { history, stream, refresh } = useFaults();
 */
export function useFaults() {
  const history = adminApi.useQuery("get", "/chain/faults");
  const refresh = useBatchedInvalidation(["get", "/chain/faults"], HISTORY_READ_DELAY_MS);
  const onEvent = useCallback(
    ({ event }: { event: string | undefined }) => {
      if (event?.startsWith("chain.")) refresh();
    },
    [refresh],
  );
  const stream = useEventStream("admin API", "/chain/events", onEvent);
  return { history, stream, refresh };
}
