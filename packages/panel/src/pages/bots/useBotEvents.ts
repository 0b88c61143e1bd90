import type { BotEvent } from "@privnet/core";
import { useCallback, useRef, useState } from "react";
import type { AdminSchemas } from "../../api/adminApi";
import { useBatchedInvalidation } from "../../api/useBatchedInvalidation";
import { useEventStream } from "../../api/useEventStream";

/** A bot event as the stream carries it: its history entry as GET /transactions spells it. */
export type StreamedBotEvent = Omit<BotEvent, "transaction"> & {
  transaction?: AdminSchemas["TransactionEntry"];
};

/** A bot event with its arrival number, a stable key for the log. */
export type LoggedBotEvent = StreamedBotEvent & { seq: number };

/** Events kept for the log on the page. */
const KEPT_EVENTS = 50;
/** Several events in a burst (a block confirms many transfers) read the status once. */
const STATUS_READ_DELAY_MS = 250;

/**
 * The bots' live events from `GET /bots/events` (server-sent events, not polling): the newest
 * first, and after each burst the bots' status (with its counters) read again.
 *
 * @example
 * const { events, stream } = useBotEvents();
 */
export function useBotEvents() {
  const [events, setEvents] = useState<LoggedBotEvent[]>([]);
  const sequence = useRef(0);
  const readStatus = useBatchedInvalidation(["get", "/bots/status"], STATUS_READ_DELAY_MS);
  const onEvent = useCallback(
    ({ event, data }: { event: string | undefined; data: string }) => {
      if (event !== "bot") return;
      let parsed: StreamedBotEvent;
      try {
        parsed = JSON.parse(data) as StreamedBotEvent;
      } catch {
        return;
      }
      const logged = { ...parsed, seq: ++sequence.current };
      setEvents((current) => [logged, ...current].slice(0, KEPT_EVENTS));
      readStatus();
    },
    [readStatus],
  );
  const stream = useEventStream("admin API", "/bots/events", onEvent);
  return { events, stream };
}
