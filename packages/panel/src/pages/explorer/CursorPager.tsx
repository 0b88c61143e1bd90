/** Newest / Newer / Older buttons over a list paged by the API's opaque cursor. */
export function CursorPager({
  label,
  cursors,
  nextCursor,
  busy,
  onChange,
}: {
  /** The list's name; the pager is "<label>: pages". */
  label: string;
  /** The cursors of the pages before this one: empty on the newest page. */
  cursors: readonly string[];
  nextCursor: string | null | undefined;
  busy: boolean;
  onChange(cursors: string[]): void;
}) {
  return (
    <nav className="pager" aria-label={`${label}: pages`}>
      <button type="button" disabled={cursors.length === 0} onClick={() => onChange([])}>
        Newest
      </button>
      <button type="button" disabled={cursors.length === 0} onClick={() => onChange(cursors.slice(0, -1))}>
        Newer
      </button>
      <span className="muted" aria-live="polite">
        Page {cursors.length + 1}
      </span>
      <button
        type="button"
        disabled={!nextCursor || busy}
        onClick={() => nextCursor && onChange([...cursors, nextCursor])}
      >
        Older
      </button>
    </nav>
  );
}
