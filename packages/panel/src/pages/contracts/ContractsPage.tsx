import { adminApi } from "../../api/adminApi";
import { AddressLink } from "../../components/AddressLink";
import { ErrorNotice } from "../../components/ErrorNotice";
import { Loading } from "../../components/Loading";
import { StatusBadge } from "../../components/StatusBadge";
import { usePageTitle } from "../../layout/usePageTitle";
import { ReadFunctions, readFunctions } from "./ReadFunctions";
import { RegisterContractForm } from "./RegisterContractForm";

type KnownContract = { name: string; address: string; source: string; abi: readonly unknown[] };

/** Saves the ABI as `<name>.abi.json` from the browser's memory: nothing is fetched again. */
function downloadAbi(contract: KnownContract) {
  const blob = new Blob([`${JSON.stringify(contract.abi, null, 2)}\n`], { type: "application/json" });
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = `${contract.name.replace(/[^\w.-]+/g, "_")}.abi.json`;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

/**
 * Every contract privnet knows (its own, the bots', and those users registered): the ABI to
 * download, the read functions callable from forms, and the form to register another.
 */
export function ContractsPage() {
  usePageTitle("Contracts");
  const query = adminApi.useQuery("get", "/contracts");
  const data = query.data;
  const contracts: KnownContract[] = data
    ? [
        ...data.contracts.map((contract) => ({ ...contract, source: "platform" })),
        ...Object.values(data.bots).flatMap((contract) => (contract ? [{ ...contract, source: "bot" }] : [])),
        ...data.registered.map((contract) => ({ ...contract, source: "user" })),
      ]
    : [];
  return (
    <>
      <h1>Contracts</h1>
      <p className="muted">
        Every contract whose ABI privnet knows: their calls, events and reverts are decoded in every list.
      </p>
      {query.error ? <ErrorNotice error={query.error} title="The contracts could not be read." /> : null}
      {query.isPending ? <Loading what="contracts" /> : null}
      {data && contracts.length === 0 ? <p className="muted">No contract is deployed yet.</p> : null}
      <div className="contracts">
        {contracts.map((contract) => (
          <section
            key={`${contract.source}-${contract.address}`}
            className="card"
            aria-label={`Contract ${contract.name}`}
          >
            <div className="section-head">
              <h2>{contract.name}</h2>
              <StatusBadge status="system" label={contract.source} />
            </div>
            <p>
              <AddressLink
                address={contract.address}
                label={{ name: contract.name, source: contract.source }}
                full
              />
            </p>
            <div className="actions">
              <button
                type="button"
                className="small"
                aria-label={`Download the ABI of ${contract.name}`}
                onClick={() => downloadAbi(contract)}
              >
                Download ABI (JSON)
              </button>
            </div>
            <details>
              <summary>Read functions ({readFunctions(contract.abi).length})</summary>
              <ReadFunctions address={contract.address} abi={contract.abi} />
            </details>
          </section>
        ))}
      </div>
      <RegisterContractForm />
    </>
  );
}
