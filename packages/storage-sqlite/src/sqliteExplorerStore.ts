import type { ExplorerStore } from "@privnet/core";
import type { SqliteExplorerContext } from "./sqliteConnection.js";
import { sqliteExplorerNames } from "./sqliteExplorerNames.js";
import { sqliteExplorerReads } from "./sqliteExplorerReads.js";
import { sqliteExplorerSums } from "./sqliteExplorerSums.js";
import { sqliteExplorerWrites } from "./sqliteExplorerWrites.js";

/**
 * The explorer's tables (migration 4) of a SQLite store: the indexer's writes (a block's rows in
 * one commit, a rewind or a prune one range delete), the reads, and users' labels and ABIs.
 */
export function sqliteExplorerStore(ctx: SqliteExplorerContext): ExplorerStore {
  return {
    ...sqliteExplorerWrites(ctx),
    ...sqliteExplorerReads(ctx),
    ...sqliteExplorerSums(ctx),
    ...sqliteExplorerNames(ctx),
  };
}
