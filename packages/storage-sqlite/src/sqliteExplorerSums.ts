import type { ExplorerStore, TokenStandard } from "@privnet/core";
import { type Address, isAddressEqual } from "viem";
import type { SqliteExplorerContext } from "./sqliteConnection.js";

/**
 * The explorer's reads that stay as fast however long the index: each block's gas by sender (kept
 * with the block, migration 5) and the tokens an address moved (one index seek per token).
 */
export function sqliteExplorerSums({
  sql,
  ensureOpen,
}: SqliteExplorerContext): Required<Pick<ExplorerStore, "blockGasBySender" | "tokensOf">> {
  return {
    async blockGasBySender(numbers: readonly bigint[]) {
      ensureOpen();
      if (numbers.length === 0) return [];
      const rows = sql(
        `SELECT block_number, from_address, gas_used, transaction_count FROM explorer_block_senders
         WHERE block_number IN (${numbers.map(() => "?").join(", ")})`,
      ).all(...numbers.map(Number)) as SenderRow[];
      return rows.map((row) => ({
        blockNumber: BigInt(row.block_number),
        from: row.from_address as Address,
        gasUsed: BigInt(row.gas_used),
        transactionCount: Number(row.transaction_count),
      }));
    },
    async tokensOf(address: Address) {
      ensureOpen();
      // Each token an address moved, one index seek each: the next token after the last one found
      // (a loose index scan), however many transfers of it the index holds.
      const side = (column: string) => `WITH RECURSIVE moved(token) AS (
          SELECT min(token) FROM explorer_token_transfers WHERE ${column} = ?1
          UNION ALL
          SELECT (SELECT min(token) FROM explorer_token_transfers WHERE ${column} = ?1 AND token > moved.token)
          FROM moved WHERE moved.token IS NOT NULL
        )
        SELECT token, (SELECT standard FROM explorer_token_transfers WHERE ${column} = ?1 AND token = moved.token LIMIT 1) AS standard
        FROM moved WHERE token IS NOT NULL`;
      const rows = [
        ...(sql(side("from_address")).all(address) as { token: Address; standard: string }[]),
        ...(sql(side("to_address")).all(address) as { token: Address; standard: string }[]),
      ];
      return rows
        .filter(
          (row, index, rows) => rows.findIndex((other) => isAddressEqual(other.token, row.token)) === index,
        )
        .map((row) => ({ token: row.token, standard: row.standard as TokenStandard }));
    },
  };
}

type SenderRow = { block_number: number; from_address: string; gas_used: string; transaction_count: number };
