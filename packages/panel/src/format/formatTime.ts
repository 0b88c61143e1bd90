/**
 * An ISO 8601 timestamp in the browser's time zone, to the second: "2026-11-22 09:00:00".
 *
 * @example
 * formatTime("2026-11-22T08:00:00.000Z");
 */
export function formatTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const pad = (value: number) => String(value).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}
