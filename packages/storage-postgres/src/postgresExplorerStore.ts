import type { ExplorerStore } from "@privnet/core";
import type { PostgresExplorerContext } from "./postgresConnection.js";
import { postgresExplorerNames } from "./postgresExplorerNames.js";
import { postgresExplorerReads } from "./postgresExplorerReads.js";
import { postgresExplorerSums } from "./postgresExplorerSums.js";
import { postgresExplorerWrites } from "./postgresExplorerWrites.js";

/**
 * The explorer's tables (migration 4) in PostgreSQL: the indexer's writes, the reads, and users'
 * labels and registered ABIs.
 */
export function postgresExplorerStore(ctx: PostgresExplorerContext): ExplorerStore {
  return {
    ...postgresExplorerWrites(ctx),
    ...postgresExplorerReads(ctx),
    ...postgresExplorerSums(ctx),
    ...postgresExplorerNames(ctx),
  };
}
