import type { ChainTransactionAnswer } from "../../api/explorer";

type RevertLocation = NonNullable<ChainTransactionAnswer["revertLocation"]>;

/**
 * Where a reverted transaction reverted in the source, read from the reverting contract's build
 * artifact: the file, line and column, the line itself, and the calls that led there, each with
 * its own line where its contract has an artifact.
 */
export function RevertLocationCard({
  location,
  idPrefix = "tx",
}: {
  location: RevertLocation;
  idPrefix?: string;
}) {
  return (
    <section className="card" aria-labelledby={`${idPrefix}-revert-location`}>
      <h2 id={`${idPrefix}-revert-location`}>Where it reverted</h2>
      <p className="mono" data-testid="revert-file">
        {location.file}:{location.line}:{location.column}
      </p>
      <pre className="mono">{location.text}</pre>
      <ol aria-label="Call path">
        {location.callPath.map((frame, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a path may pass the same frame name twice
          <li key={index}>
            <span className="mono">{frame.name}</span>
            {frame.file ? (
              <span className="muted mono">
                {" "}
                {frame.file}:{frame.line}
              </span>
            ) : null}
          </li>
        ))}
      </ol>
    </section>
  );
}
