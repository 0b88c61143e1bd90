import type { ExplorerStore, RegisteredContractRecord } from "@privnet/core";
import { type ContractRow, type LabelRow, toContract, toLabel } from "@privnet/core/internal";
import type { Address } from "viem";
import type { PostgresExplorerContext } from "./postgresConnection.js";

/** Users' own labels and registered ABIs: one row per address, in any letter case. */
export function postgresExplorerNames({
  s,
  query,
}: PostgresExplorerContext): Pick<ExplorerStore, "labels" | "contracts"> {
  const contractColumns = "address, name, abi::text AS abi, created_at";
  return {
    labels: {
      async set(address: Address, name: string) {
        const { rows } = await query<LabelRow>(
          `INSERT INTO ${s}.explorer_labels (address, name, updated_at) VALUES ($1, $2, $3)
           ON CONFLICT (lower(address)) DO UPDATE SET address = excluded.address, name = excluded.name, updated_at = excluded.updated_at
           RETURNING *`,
          [address, name, new Date().toISOString()],
        );
        return toLabel(rows[0] as LabelRow);
      },
      async remove(address: Address) {
        const { rowCount } = await query(
          `DELETE FROM ${s}.explorer_labels WHERE lower(address) = lower($1)`,
          [address],
        );
        return (rowCount ?? 0) > 0;
      },
      async get(address: Address) {
        const { rows } = await query<LabelRow>(
          `SELECT * FROM ${s}.explorer_labels WHERE lower(address) = lower($1)`,
          [address],
        );
        return rows[0] && toLabel(rows[0]);
      },
      async list() {
        const { rows } = await query<LabelRow>(
          `SELECT * FROM ${s}.explorer_labels ORDER BY lower(address) COLLATE "C"`,
        );
        return rows.map(toLabel);
      },
    },
    contracts: {
      async put(record: RegisteredContractRecord) {
        const { rows } = await query<ContractRow>(
          `INSERT INTO ${s}.explorer_contracts (address, name, abi, created_at) VALUES ($1, $2, $3::json, $4)
           ON CONFLICT (lower(address)) DO UPDATE SET address = excluded.address, name = excluded.name, abi = excluded.abi,
             created_at = excluded.created_at
           RETURNING ${contractColumns}`,
          [record.address, record.name, JSON.stringify(record.abi), record.createdAt],
        );
        return toContract(rows[0] as ContractRow);
      },
      async get(address: Address) {
        const { rows } = await query<ContractRow>(
          `SELECT ${contractColumns} FROM ${s}.explorer_contracts WHERE lower(address) = lower($1)`,
          [address],
        );
        return rows[0] && toContract(rows[0]);
      },
      async list() {
        const { rows } = await query<ContractRow>(
          `SELECT ${contractColumns} FROM ${s}.explorer_contracts ORDER BY created_at COLLATE "C", address COLLATE "C"`,
        );
        return rows.map(toContract);
      },
      async remove(address: Address) {
        const { rowCount } = await query(
          `DELETE FROM ${s}.explorer_contracts WHERE lower(address) = lower($1)`,
          [address],
        );
        return (rowCount ?? 0) > 0;
      },
    },
  };
}
