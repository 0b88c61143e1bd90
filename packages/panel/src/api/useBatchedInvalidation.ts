import type { QueryKey } from "@tanstack/react-query";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef } from "react";

/**
 * A function that reads the queries under `queryKey` again `delayMs` after it is first called:
 * the calls of a burst of stream events (a block confirming many transfers, the four prices of one
 * push) cause one read.
 *
 * @example
 * const refresh = useBatchedInvalidation(["get", "/bots/status"], 250);
 * onEvent = () => refresh();
 */
export function useBatchedInvalidation(queryKey: QueryKey, delayMs: number): () => void {
  const queryClient = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const key = useRef(queryKey);
  key.current = queryKey;
  useEffect(() => () => clearTimeout(timer.current), []);
  return useCallback(() => {
    timer.current ??= setTimeout(() => {
      timer.current = undefined;
      void queryClient.invalidateQueries({ queryKey: key.current });
    }, delayMs);
  }, [queryClient, delayMs]);
}
