import type { ChainTransactionAnswer } from "../../api/explorer";
import { AddressLink } from "../../components/AddressLink";
import { Amount } from "../../components/Amount";

type StateChanges = NonNullable<ChainTransactionAnswer["stateChanges"]>;

/** A frame's path in the call trace as a person reads it: "top call", "call 1.0". */
function framePath(path: readonly number[]): string {
  return path.length === 0 ? "top call" : `call ${path.join(".")}`;
}

/** A signed amount with its sign shown for a gain too. */
function Signed({ units, decimals, symbol }: { units: string; decimals: number; symbol: string | null }) {
  return (
    <>
      {units.startsWith("-") ? "" : "+"}
      <Amount units={units} decimals={decimals} symbol={symbol} />
    </>
  );
}

/**
 * What the transaction changed: ETH balances, token balances, and storage slots, each slot named
 * by variable (with its old and new value decoded) where the contract's artifact has a storage
 * layout, raw otherwise, with the call frames that ran over that storage.
 */
export function StateChangesSection({
  changes,
  idPrefix = "tx",
}: {
  changes: StateChanges;
  idPrefix?: string;
}) {
  return (
    <section aria-labelledby={`${idPrefix}-state`}>
      <h2 id={`${idPrefix}-state`}>State changes</h2>
      <BalanceChangesTable changes={changes} />
      {changes.storage.length === 0 ? (
        <p className="muted">No storage changed.</p>
      ) : (
        <StorageChangesTable storage={changes.storage} />
      )}
    </section>
  );
}

/** ETH and token balance changes, one row per holder and token (and token id). */
function BalanceChangesTable({ changes }: { changes: StateChanges }) {
  return (
    <div className="table-scroll">
      <table aria-label="Balance changes">
        <thead>
          <tr>
            <th scope="col">Address</th>
            <th scope="col" className="num">
              Change
            </th>
            <th scope="col" className="narrow-drop">
              Token
            </th>
          </tr>
        </thead>
        <tbody>
          {changes.balances.map((change) => (
            <tr key={`eth-${change.address}`}>
              <td className="wrap">
                <AddressLink address={change.address} label={change.label} />
              </td>
              <td className="num mono">
                <Signed units={change.delta} decimals={18} symbol="ETH" />
              </td>
              <td className="narrow-drop">ETH</td>
            </tr>
          ))}
          {changes.tokens.map((change) => (
            <tr key={`token-${change.token}-${change.holder}-${change.tokenId ?? ""}`}>
              <td className="wrap">
                <AddressLink address={change.holder} label={change.holderLabel} />
              </td>
              <td className="num mono">
                <Signed units={change.delta} decimals={change.decimals ?? 0} symbol={change.symbol} />
                {change.tokenId !== null ? ` (id ${change.tokenId})` : ""}
              </td>
              <td className="narrow-drop">
                <AddressLink address={change.token} label={change.tokenLabel} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * One row per variable a changed slot holds, or per raw slot. Names and values wrap anywhere: a
 * raw slot or value is 32 bytes of hex, which on one line pushed the last columns out of view. On
 * a phone the contract folds under the variable and the value before over the value after, so
 * that the two columns left have room.
 */
function StorageChangesTable({ storage }: { storage: StateChanges["storage"] }) {
  return (
    <div className="table-scroll">
      <table aria-label="Storage changes">
        <thead>
          <tr>
            <th scope="col" className="narrow-drop">
              Contract
            </th>
            <th scope="col" className="wrap">
              Variable (or slot)
            </th>
            <th scope="col" className="narrow-drop">
              Before
            </th>
            <th scope="col">
              <span className="narrow-only">Before →</span>
              After
            </th>
            <th scope="col" className="narrow-drop">
              Written by
            </th>
          </tr>
        </thead>
        <tbody>
          {storage.flatMap((change) => {
            const rows =
              change.variables.length > 0
                ? change.variables
                : [{ name: change.slot, type: "slot", before: change.before, after: change.after }];
            const contract = <AddressLink address={change.address} label={change.addressLabel} />;
            return rows.map((row) => (
              <tr key={`${change.address}-${change.slot}-${row.name}`}>
                <td className="wrap narrow-drop">{contract}</td>
                <td className="mono wrap">
                  {row.name} <span className="muted small">{row.type}</span>
                  <span className="narrow-only small">{contract}</span>
                </td>
                <td className="mono wrap narrow-drop">{row.before}</td>
                <td className="mono wrap">
                  <span className="narrow-only muted">{row.before} →</span>
                  {row.after}
                </td>
                <td className="narrow-drop small">{change.frames.map(framePath).join(", ") || "–"}</td>
              </tr>
            ));
          })}
        </tbody>
      </table>
    </div>
  );
}
