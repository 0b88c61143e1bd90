/**
 * How long ago something happened, for a person: "just now", "42 s ago", "5 min ago", "3 h ago",
 * "2 d ago".
 *
 * @example
 * formatAge(Date.now() - 90_000); // "1 min ago"
 */
export function formatAge(thenMs: number, nowMs: number = Date.now()): string {
  const seconds = Math.max(0, Math.round((nowMs - thenMs) / 1000));
  if (seconds < 2) return "just now";
  if (seconds < 60) return `${seconds} s ago`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min ago`;
  if (seconds < 86_400) return `${Math.floor(seconds / 3600)} h ago`;
  return `${Math.floor(seconds / 86_400)} d ago`;
}
