import type { CallFrame } from "../../api/explorer";
import { AddressLink } from "../../components/AddressLink";
import { Amount } from "../../components/Amount";
import { formatInteger } from "../../format/formatAmount";
import { DecodedArgs } from "./DecodedArgs";

/**
 * A call trace as a tree of disclosure widgets: each frame says its kind, callee, function and
 * value, opens to its decoded arguments, raw input and output, and holds its inner calls. Frames
 * are open to the depth `openDepth`.
 */
export function CallTree({
  frame,
  depth = 0,
  openDepth = 2,
}: {
  frame: CallFrame;
  depth?: number;
  openDepth?: number;
}) {
  const value = BigInt(frame.value || "0");
  return (
    <details className="call" open={depth < openDepth}>
      <summary>
        <span className="badge">{frame.type}</span>{" "}
        {frame.to ? (
          <AddressLink address={frame.to} label={frame.toLabel} />
        ) : (
          <span className="muted">(new contract)</span>
        )}
        {frame.method ? (
          <span className="mono">.{frame.method.name}</span>
        ) : frame.input.length >= 10 ? (
          <span className="mono muted">.{frame.input.slice(0, 10)}</span>
        ) : null}
        {value > 0n ? (
          <>
            {" "}
            · <Amount units={value} decimals={18} symbol="ETH" />
          </>
        ) : null}{" "}
        <span className="muted small">· {formatInteger(frame.gasUsed)} gas</span>
        {frame.error ? <span className="badge badge-reverted"> {frame.error}</span> : null}
      </summary>
      <div className="call-body">
        {frame.method ? (
          <DecodedArgs args={frame.method.args} label={`Arguments of ${frame.method.signature}`} />
        ) : null}
        <dl className="fields small">
          <dt>From</dt>
          <dd>
            <AddressLink address={frame.from} label={frame.fromLabel} />
          </dd>
          <dt>Input</dt>
          <dd className="mono break">{frame.input}</dd>
          {frame.output ? (
            <>
              <dt>Output</dt>
              <dd className="mono break">{frame.output}</dd>
            </>
          ) : null}
        </dl>
        {frame.calls.length > 0 ? (
          <ol className="call-children">
            {frame.calls.map((child, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a trace never changes once read.
              <li key={index}>
                <CallTree frame={child} depth={depth + 1} openDepth={openDepth} />
              </li>
            ))}
          </ol>
        ) : null}
      </div>
    </details>
  );
}
