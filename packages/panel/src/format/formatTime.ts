const formats = new Map<string, Intl.DateTimeFormat>();

function dateTimeFormat(timeZone: string | undefined): Intl.DateTimeFormat {
  const key = timeZone ?? "";
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      hourCycle: "h23",
      timeZoneName: "short",
      ...(timeZone ? { timeZone } : {}),
    });
    formats.set(key, format);
  }
  return format;
}

/**
 * A time to the second with its zone, in the browser's time zone unless `timeZone` says
 * otherwise: "2026-11-22 09:00:00 GMT+1", "2026-11-22 08:00:00 UTC". Takes an ISO 8601 string,
 * a `Date` or Unix seconds (a block's `timestamp`).
 *
 * @example
 * formatTime("2026-11-22T08:00:00.000Z", "UTC"); // "2026-11-22 08:00:00 UTC"
 */
export function formatTime(when: string | number | Date, timeZone?: string): string {
  const date = typeof when === "number" ? new Date(when * 1000) : new Date(when);
  if (Number.isNaN(date.getTime())) return String(when);
  const parts: Record<string, string> = {};
  for (const part of dateTimeFormat(timeZone).formatToParts(date)) parts[part.type] = part.value;
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second} ${parts.timeZoneName}`;
}
