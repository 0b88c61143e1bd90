import type { Address } from "viem";
import type { AddressLabelRecord, ExplorerStore, RegisteredContractRecord } from "./ExplorerStore.js";

/** Users' own labels and registered ABIs in memory, one per address in any letter case. */
export function memoryExplorerNames(open: () => void): Pick<ExplorerStore, "labels" | "contracts"> {
  const labels = new Map<string, AddressLabelRecord>();
  const contracts = new Map<string, RegisteredContractRecord>();
  const copyContract = (record: RegisteredContractRecord) => ({
    ...record,
    abi: structuredClone(record.abi),
  });
  return {
    labels: {
      async set(address: Address, name: string) {
        open();
        const record = { address, name, updatedAt: new Date().toISOString() };
        labels.set(address.toLowerCase(), record);
        return { ...record };
      },
      async remove(address: Address) {
        open();
        return labels.delete(address.toLowerCase());
      },
      async get(address: Address) {
        open();
        const record = labels.get(address.toLowerCase());
        return record && { ...record };
      },
      async list() {
        open();
        return [...labels.entries()]
          .sort(([a], [b]) => compareText(a, b))
          .map(([, record]) => ({ ...record }));
      },
    },
    contracts: {
      async put(record: RegisteredContractRecord) {
        open();
        const stored = copyContract(record);
        contracts.set(record.address.toLowerCase(), stored);
        return copyContract(stored);
      },
      async get(address: Address) {
        open();
        const record = contracts.get(address.toLowerCase());
        return record && copyContract(record);
      },
      async list() {
        open();
        return [...contracts.values()]
          .sort((a, b) => compareText(a.createdAt, b.createdAt) || compareText(a.address, b.address))
          .map(copyContract);
      },
      async remove(address: Address) {
        open();
        return contracts.delete(address.toLowerCase());
      },
    },
  };
}

function compareText(a: string, b: string) {
  return a < b ? -1 : a > b ? 1 : 0;
}
