import { useEffect, useState } from "react";

/**
 * The current time in milliseconds, updated every `everyMs`: for ages ("12 s ago") that move on
 * their own.
 *
 * @example
 * const now = useNow(1000);
 */
export function useNow(everyMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
