import { Link } from "wouter";
import { shortHex } from "../format/shortHex";

/**
 * A transaction hash, shortened, linking to its transaction page; the full hash is in the title
 * and the accessible name.
 *
 * @example
 * <TxLink hash={entry.tx_hash} />
 */
export function TxLink({ hash, keep = 6 }: { hash: string; keep?: number }) {
  return (
    <Link href={`/tx/${hash}`} className="mono" title={hash} aria-label={`Transaction ${hash}`}>
      {shortHex(hash, keep)}
    </Link>
  );
}

/** A block number linking to its block page. */
export function BlockLink({ number }: { number: number | string }) {
  return (
    <Link href={`/blocks/${number}`} aria-label={`Block ${number}`}>
      {number}
    </Link>
  );
}
