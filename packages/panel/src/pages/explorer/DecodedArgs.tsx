import { AddressLink } from "../../components/AddressLink";

export type DecodedArg = { name: string; type: string; value: unknown };

/** One decoded value: an address as a link with its name, anything else as JSON would spell it. */
export function DecodedValue({ type, value }: { type: string; value: unknown }) {
  if (type === "address" && typeof value === "string") return <AddressLink address={value} />;
  if (typeof value === "string") return <span className="mono break">{value}</span>;
  return <span className="mono break">{JSON.stringify(value)}</span>;
}

/** A decoded call's or event's arguments: name, type, value. */
export function DecodedArgs({ args, label }: { args: readonly DecodedArg[]; label: string }) {
  if (args.length === 0) return <p className="muted small-print">No arguments.</p>;
  return (
    <div className="table-scroll">
      <table aria-label={label} className="args">
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col" className="narrow-drop">
              Type
            </th>
            <th scope="col">Value</th>
          </tr>
        </thead>
        <tbody>
          {args.map((arg, index) => (
            // Arguments may be unnamed; their position is their identity.
            // biome-ignore lint/suspicious/noArrayIndexKey: arguments never move.
            <tr key={index}>
              <th scope="row">{arg.name || `#${index}`}</th>
              <td className="mono narrow-drop">{arg.type}</td>
              <td className="wrap">
                <DecodedValue type={arg.type} value={arg.value} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
