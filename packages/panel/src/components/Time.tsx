import { formatTime } from "../format/formatTime";

/**
 * A time with its zone ("2026-11-22 09:00:00 GMT+1"), machine-readable in `dateTime`: an ISO 8601
 * string or Unix seconds.
 */
export function Time({ when }: { when: string | number }) {
  const date = typeof when === "number" ? new Date(when * 1000) : new Date(when);
  const iso = Number.isNaN(date.getTime()) ? String(when) : date.toISOString();
  return <time dateTime={iso}>{formatTime(when)}</time>;
}
