import type { ExplorerStore, RegisteredContractRecord } from "@privnet/core";
import { type ContractRow, type LabelRow, toContract, toLabel } from "@privnet/core/internal";
import type { Address } from "viem";
import type { SqliteExplorerContext } from "./sqliteConnection.js";

/** Users' own labels and registered ABIs: one row per address, in any letter case. */
export function sqliteExplorerNames({
  sql,
  ensureOpen,
}: SqliteExplorerContext): Pick<ExplorerStore, "labels" | "contracts"> {
  return {
    labels: {
      async set(address: Address, name: string) {
        ensureOpen();
        const row = sql(
          `INSERT INTO explorer_labels (address, name, updated_at) VALUES (?, ?, ?)
           ON CONFLICT (address) DO UPDATE SET address = excluded.address, name = excluded.name, updated_at = excluded.updated_at
           RETURNING *`,
        ).get(address, name, new Date().toISOString());
        return toLabel(row as LabelRow);
      },
      async remove(address: Address) {
        ensureOpen();
        return sql("DELETE FROM explorer_labels WHERE address = ?").run(address).changes > 0;
      },
      async get(address: Address) {
        ensureOpen();
        const row = sql("SELECT * FROM explorer_labels WHERE address = ?").get(address);
        return row && toLabel(row as LabelRow);
      },
      async list() {
        ensureOpen();
        return sql("SELECT * FROM explorer_labels ORDER BY lower(address)")
          .all()
          .map((row) => toLabel(row as LabelRow));
      },
    },
    contracts: {
      async put(record: RegisteredContractRecord) {
        ensureOpen();
        const row = sql(
          `INSERT INTO explorer_contracts (address, name, abi, created_at) VALUES (?, ?, ?, ?)
           ON CONFLICT (address) DO UPDATE SET address = excluded.address, name = excluded.name, abi = excluded.abi,
             created_at = excluded.created_at
           RETURNING *`,
        ).get(record.address, record.name, JSON.stringify(record.abi), record.createdAt);
        return toContract(row as ContractRow);
      },
      async get(address: Address) {
        ensureOpen();
        const row = sql("SELECT * FROM explorer_contracts WHERE address = ?").get(address);
        return row && toContract(row as ContractRow);
      },
      async list() {
        ensureOpen();
        return sql("SELECT * FROM explorer_contracts ORDER BY created_at, address")
          .all()
          .map((row) => toContract(row as ContractRow));
      },
      async remove(address: Address) {
        ensureOpen();
        return sql("DELETE FROM explorer_contracts WHERE address = ?").run(address).changes > 0;
      },
    },
  };
}
