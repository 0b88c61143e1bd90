import type { AdminSchemas } from "../../api/adminApi";
import { Amount } from "../../components/Amount";
import { Time } from "../../components/Time";
import { BlockLink, TxLink } from "../../components/TxLink";
import { formatInteger } from "../../format/formatAmount";
import { shortHex } from "../../format/shortHex";

type FaultEvent = AdminSchemas["ChainFaultEvent"];

const TIMED_NAMES = {
  stall: "the stall",
  unreachable: "the refused RPC",
  feeSpike: "the fee spike",
} as const;

const seconds = (ms: number) => `${formatInteger(Math.round(ms / 100) / 10)} s`;

/** Transactions by hash, each linking to its page, with what became of it. */
function Transactions({
  label,
  hashes,
  note,
}: {
  label: string;
  hashes: string[];
  note?: (hash: string) => string;
}) {
  if (hashes.length === 0) return null;
  return (
    <details>
      <summary>
        {label} ({formatInteger(hashes.length)})
      </summary>
      <ul aria-label={label}>
        {hashes.map((hash) => (
          <li key={hash}>
            <TxLink hash={hash} /> {note ? <span className="muted">{note(hash)}</span> : null}
          </li>
        ))}
      </ul>
    </details>
  );
}

function Reorged({ event }: { event: Extract<FaultEvent, { type: "reorged" }> }) {
  const remined = new Set(event.remined);
  return (
    <>
      <strong>Reorganisation, depth {event.depth}:</strong> head <BlockLink number={event.oldHead.number} /> →{" "}
      <BlockLink number={event.newHead.number} />. {formatInteger(event.orphaned.length)} transactions
      orphaned, {formatInteger(event.remined.length)} mined again, {formatInteger(event.dropped.length)}{" "}
      dropped.
      <div className="table-scroll">
        <table aria-label={`Blocks replaced at ${event.at}`}>
          <thead>
            <tr>
              <th scope="col">Block</th>
              <th scope="col">Old hash</th>
              <th scope="col">New hash</th>
            </tr>
          </thead>
          <tbody>
            {event.replaced.map((block) => (
              <tr key={block.number}>
                <td className="num">
                  <BlockLink number={block.number} />
                </td>
                <td className="mono" title={block.oldHash}>
                  {shortHex(block.oldHash, 6)}
                </td>
                <td className="mono" title={block.newHash}>
                  {shortHex(block.newHash, 6)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Transactions
        label="Orphaned transactions"
        hashes={event.orphaned}
        note={(hash) => (remined.has(hash) ? "mined again" : "dropped")}
      />
    </>
  );
}

/** One fault event as a person reads it. */
function FaultEntry({ event }: { event: FaultEvent }) {
  switch (event.type) {
    case "reorged":
      return <Reorged event={event} />;
    case "poolDropped":
      return (
        <>
          <strong>Pool dropped:</strong> {formatInteger(event.dropped.length)} pending transactions gone.
          <Transactions label="Dropped transactions" hashes={event.dropped} />
        </>
      );
    case "restarted":
      return (
        <>
          <strong>Node restarted</strong> ({event.keepPool ? "pool kept" : "pool lost"}): down{" "}
          {seconds(event.downMs)}, back at block <BlockLink number={event.head.number} />.
          <Transactions
            label="Pending before the restart"
            hashes={event.pool}
            note={() => (event.keepPool ? "sent again" : "lost")}
          />
        </>
      );
    case "stalled":
      return (
        <>
          <strong>Stall:</strong> no blocks for {seconds(event.ms)} from block{" "}
          <BlockLink number={event.head} />, until <Time when={event.endsAt} />.
        </>
      );
    case "unreachable":
      return (
        <>
          <strong>RPC unreachable:</strong> connections refused for {seconds(event.ms)}, until{" "}
          <Time when={event.endsAt} />.
        </>
      );
    case "feeSpiked":
      return (
        <>
          <strong>Fee spike:</strong> base fee <Amount units={event.baseFee} decimals={9} symbol="gwei" /> for{" "}
          {formatInteger(event.blocks)} blocks from block <BlockLink number={event.fromBlock} />.
        </>
      );
    case "recovered":
      return (
        <>
          <strong>Recovered</strong> from {TIMED_NAMES[event.fault]}.
        </>
      );
    case "adminCall":
      return (
        <>
          <strong>Admin call:</strong> <code>{event.method}</code> from {event.client} with the {event.token}{" "}
          token
          {event.block === null ? (
            ""
          ) : (
            <>
              , at block <BlockLink number={event.block} />
            </>
          )}
          .
        </>
      );
  }
}

/**
 * What the faults did, newest first: which blocks were replaced (old → new hash), which
 * transactions were orphaned, mined again or dropped, restarts, stalls and their recovery.
 */
export function FaultTimeline({ events }: { events: FaultEvent[] }) {
  return (
    <section aria-labelledby="fault-timeline-title">
      <h2 id="fault-timeline-title">Timeline</h2>
      {events.length === 0 ? <p className="muted">No fault yet.</p> : null}
      <ol className="event-log fault-timeline" aria-labelledby="fault-timeline-title">
        {events.map((event) => (
          <li key={`${event.type}-${event.at}`}>
            <Time when={event.at} /> <FaultEntry event={event} />
          </li>
        ))}
      </ol>
    </section>
  );
}
