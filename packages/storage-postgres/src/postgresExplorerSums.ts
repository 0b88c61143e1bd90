import type { ExplorerStore, TokenStandard } from "@privnet/core";
import type { Address } from "viem";
import type { PostgresExplorerContext } from "./postgresConnection.js";

/**
 * The explorer's reads that stay as fast however long the index: each block's gas by sender (kept
 * with the block, migration 5) and the tokens an address moved (one index seek per token).
 */
export function postgresExplorerSums({
  s,
  query,
}: PostgresExplorerContext): Required<Pick<ExplorerStore, "blockGasBySender" | "tokensOf">> {
  return {
    async blockGasBySender(numbers: readonly bigint[]) {
      if (numbers.length === 0) return [];
      const wanted = new Set(numbers.map(String));
      const sorted = [...numbers].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
      // A range of the primary key (a window of blocks is one, or nearly), filtered here: planned
      // as an index scan whatever the table's statistics say.
      const { rows } = await query<{
        block_number: string;
        from_address: string;
        gas_used: string;
        transaction_count: number;
      }>(
        `SELECT block_number, from_address, gas_used, transaction_count FROM ${s}.explorer_block_senders
         WHERE block_number BETWEEN $1 AND $2`,
        [String(sorted[0]), String(sorted.at(-1))],
      );
      return rows
        .filter((row) => wanted.has(String(row.block_number)))
        .map((row) => ({
          blockNumber: BigInt(row.block_number),
          from: row.from_address as Address,
          gasUsed: BigInt(row.gas_used),
          transactionCount: Number(row.transaction_count),
        }));
    },
    async tokensOf(address: Address) {
      // Each token an address moved, one index seek each: the next token after the last one found
      // (a loose index scan), however many transfers of it the index holds.
      const side = (column: string) => `(WITH RECURSIVE moved(token) AS (
          SELECT min(lower(token)) FROM ${s}.explorer_token_transfers WHERE lower(${column}) = lower($1)
          UNION ALL
          SELECT (SELECT min(lower(token)) FROM ${s}.explorer_token_transfers
                  WHERE lower(${column}) = lower($1) AND lower(token) > moved.token)
          FROM moved WHERE moved.token IS NOT NULL
        )
        SELECT t.token, t.standard FROM moved, LATERAL (
          SELECT token, standard FROM ${s}.explorer_token_transfers
          WHERE lower(${column}) = lower($1) AND lower(token) = moved.token LIMIT 1
        ) t WHERE moved.token IS NOT NULL)`;
      const { rows } = await query<{ token: string; standard: string }>(
        `SELECT DISTINCT ON (lower(token)) token, standard FROM (${side("from_address")} UNION ALL ${side("to_address")}) t
         ORDER BY lower(token)`,
        [address],
      );
      return rows.map((row) => ({ token: row.token as Address, standard: row.standard as TokenStandard }));
    },
  };
}
