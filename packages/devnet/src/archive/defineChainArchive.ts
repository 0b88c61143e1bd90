import { defineService, type Service } from "@privnet/core";
import type { AnvilInstance } from "../anvil/defineAnvil.js";
import { archiveChain, type ChainArchiver } from "./archiveChain.js";
import { type ChainArchive, openChainArchive } from "./chainArchive.js";

/** The devnet's chain archive as a service: see {@link defineChainArchive}. */
export type ChainArchiveService = Service & {
  readonly path: string;
  /** Archives every block `depth` below the head (default: the archive's depth) now; answers the archive's top block. */
  catchUp(depth?: number): Promise<number | undefined>;
};

/**
 * The writer of the devnet's chain archive, started after anvil and before the relay (which reads
 * the file), stopped after the relay: its start opens (or creates) the file and catches up with
 * anvil — dropping what a lost stop or a rollback took off the chain — before the chain port
 * answers; then it follows anvil every `interval` ms.
 *
 * @example
 * const archive = defineChainArchive({ anvil, path, depth: 64, blockTime: 2 });
 * await startServices([anvil, archive, relay]);
 */
export function defineChainArchive(parameters: {
  anvil: AnvilInstance;
  path: string;
  depth: number;
  /** The devnet's block time (default 2): a pass each block (each second while it mines per transaction). */
  blockTime?: number | undefined;
  onLog?: ((line: string) => void) | undefined;
}): ChainArchiveService {
  let running: { archive: ChainArchive; archiver: ChainArchiver } | undefined;
  const service = defineService({
    name: "the chain archive",
    async start() {
      const archive = openChainArchive(parameters.path);
      const archiver = archiveChain({
        archive,
        anvilUrl: () => parameters.anvil.url,
        depth: parameters.depth,
        interval: Math.max(1, parameters.blockTime ?? 2) * 1000,
        ...(parameters.onLog ? { onLog: parameters.onLog } : {}),
      });
      running = { archive, archiver };
      await archiver.catchUp();
    },
    async stop() {
      await running?.archiver.stop();
      running?.archive.close();
      running = undefined;
    },
  });
  return Object.defineProperties(service, {
    path: { value: parameters.path, enumerable: true },
    catchUp: { value: async (depth?: number) => running?.archiver.catchUp(depth) },
  }) as ChainArchiveService;
}
