/** A status word with its colour: pending, confirmed, failed, Running, Stopped, System, Stale… */
export function StatusBadge({ status, label }: { status: string; label?: string }) {
  return <span className={`badge badge-${status.toLowerCase()}`}>{label ?? status}</span>;
}
