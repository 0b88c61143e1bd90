/**
 * Seconds of uptime as `<d>d <h>h <m>m`.
 *
 * @example
 * formatUptime(93_784); // "1d 2h 3m"
 */
export function formatUptime(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  return `${Math.floor(minutes / 1440)}d ${Math.floor((minutes % 1440) / 60)}h ${minutes % 60}m`;
}
