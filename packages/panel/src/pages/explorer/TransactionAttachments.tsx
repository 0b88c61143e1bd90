import type { ChainTransactionAnswer } from "../../api/explorer";
import { AddressLink } from "../../components/AddressLink";

/** What the newer kinds carry: a blob transaction's blobs, a set-code transaction's authorizations. */
export function TransactionAttachments({ data }: { data: ChainTransactionAnswer }) {
  return (
    <>
      {data.blobVersionedHashes && data.blobVersionedHashes.length > 0 ? (
        <section className="card" aria-labelledby="tx-blobs">
          <h2 id="tx-blobs">Blobs ({data.blobVersionedHashes.length})</h2>
          <ol>
            {data.blobVersionedHashes.map((blob) => (
              <li key={blob} className="mono break">
                {blob}
              </li>
            ))}
          </ol>
        </section>
      ) : null}
      {data.authorizationList && data.authorizationList.length > 0 ? (
        <AuthorizationsSection authorizations={data.authorizationList} />
      ) : null}
    </>
  );
}

function AuthorizationsSection({
  authorizations,
}: {
  authorizations: NonNullable<ChainTransactionAnswer["authorizationList"]>;
}) {
  return (
    <section aria-labelledby="tx-authorizations">
      <h2 id="tx-authorizations">Authorizations ({authorizations.length})</h2>
      <div className="table-scroll">
        <table aria-label="Authorizations">
          <thead>
            <tr>
              <th scope="col">Authority</th>
              <th scope="col">Delegates to</th>
              <th scope="col" className="num narrow-drop">
                Chain
              </th>
              <th scope="col" className="num narrow-drop">
                Nonce
              </th>
            </tr>
          </thead>
          <tbody>
            {authorizations.map((authorization, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the list is the transaction's, fixed.
              <tr key={index}>
                <td>{authorization.authority ? <AddressLink address={authorization.authority} /> : "–"}</td>
                <td>
                  <AddressLink address={authorization.address} />
                </td>
                <td className="num narrow-drop">{authorization.chainId}</td>
                <td className="num narrow-drop">{authorization.nonce}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
