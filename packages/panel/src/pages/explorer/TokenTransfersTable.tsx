import type { TokenTransfer } from "../../api/explorer";
import { AddressLink } from "../../components/AddressLink";
import { Amount } from "../../components/Amount";

/** Token movements: the amount with its symbol (or the token id), the token, from and to. */
export function TokenTransfersTable({
  transfers,
  label,
}: {
  transfers: readonly TokenTransfer[];
  label: string;
}) {
  return (
    <div className="table-scroll">
      <table aria-label={label}>
        <thead>
          <tr>
            <th scope="col" className="num">
              Amount
            </th>
            <th scope="col">From</th>
            <th scope="col">To</th>
            <th scope="col" className="narrow-drop">
              Token
            </th>
          </tr>
        </thead>
        <tbody>
          {transfers.map((transfer) => (
            <tr key={`${transfer.logIndex}-${transfer.tokenId ?? ""}-${transfer.from}-${transfer.to}`}>
              <td className="num mono wrap">
                {transfer.standard === "erc721" ? (
                  <>
                    {transfer.symbol ?? "NFT"} #{transfer.tokenId}
                  </>
                ) : (
                  <>
                    <Amount
                      units={transfer.amount}
                      decimals={transfer.decimals ?? 0}
                      symbol={transfer.symbol}
                    />
                    {transfer.tokenId !== null ? ` (id ${transfer.tokenId})` : ""}
                  </>
                )}
              </td>
              <td className="wrap">
                <AddressLink address={transfer.from} label={transfer.fromLabel} />
              </td>
              <td className="wrap">
                <AddressLink address={transfer.to} label={transfer.toLabel} />
              </td>
              <td className="narrow-drop">
                <AddressLink address={transfer.token} label={transfer.tokenLabel} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
