import {
  type ArchivedBlock,
  type ChainArchive,
  encodeBlock,
  highestOnChain,
  type RpcBlock,
  type RpcReceipt,
} from "./chainArchive.js";

export type ArchiveChainParameters = {
  archive: ChainArchive;
  /** anvil's own URL (not the relay's: the relay answers old blocks from this archive). */
  anvilUrl: () => string;
  /** Blocks below the head a block waits before it is archived: deeper than a reorganisation goes. */
  depth: number;
  /** Milliseconds between passes. */
  interval: number;
  /** Told when a block's transactions were gone from anvil before they were archived. */
  onLog?: (line: string) => void;
};

/** The writer that follows anvil; see {@link archiveChain}. */
export type ChainArchiver = {
  /** Archives every block `depth` below the head now (default: the writer's); answers the archive's top block. */
  catchUp(depth?: number): Promise<number | undefined>;
  /** Ends the passes once the one under way is done. */
  stop(): Promise<void>;
};

/** Blocks read from anvil at once (each: the full block and its receipts). */
const BATCH = 8;

/**
 * Archives anvil's blocks before anvil drops their transactions (`--transaction-block-keeper`):
 * every `interval` ms, each block from the archive's top to `depth` below the head is read once —
 * the block with its transactions and `eth_getBlockReceipts` — and written. Before that, the
 * archive's top is checked against anvil's block at that height: after a rollback, a reorganisation
 * or a restart that lost blocks, the archived blocks no longer on anvil's chain are dropped (found
 * by bisection, {@link highestOnChain}), and archived again from the new chain.
 *
 * @example
 * const archiver = archiveChain({ archive, anvilUrl: () => anvil.url, depth: 64, interval: 2_000 });
 * await archiver.catchUp();
 */
export function archiveChain(parameters: ArchiveChainParameters): ChainArchiver {
  const { archive, depth } = parameters;
  /**
   * One call to anvil, answered parsed and as the text anvil sent: the archive keeps that text, so
   * nothing is serialised again on this thread (viem's transport answers parsed values only).
   */
  const request = async <T>(method: string, params: unknown[]): Promise<{ result: T; text: string }> => {
    const response = await fetch(parameters.anvilUrl(), {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
    });
    const text = await response.text();
    const answer = JSON.parse(text) as { result?: T; error?: { message?: string } };
    if (answer.error) throw new Error(`${method}: ${answer.error.message ?? "refused"}`);
    return { result: answer.result as T, text };
  };
  const anvilHash = async (number: number) =>
    (await request<{ hash: string } | null>("eth_getBlockByNumber", [hex(number), false])).result?.hash;

  /** Drops the archived blocks anvil's chain no longer has. */
  const reconcile = async () => {
    const onChain = await highestOnChain(archive, anvilHash);
    if (onChain !== archive.top()?.number) archive.dropAbove(onChain);
  };
  const read = async (number: number): Promise<ArchivedBlock & { text: string }> => {
    const [block, receipts] = await Promise.all([
      request<RpcBlock>("eth_getBlockByNumber", [hex(number), true]),
      request<RpcReceipt[] | null>("eth_getBlockReceipts", [hex(number)]),
    ]);
    if (block.result.transactions.length === 0 && BigInt(block.result.gasUsed as string) > 0n)
      parameters.onLog?.(`the chain archive missed block ${number}: anvil no longer had its transactions`);
    return { block: block.result, receipts: receipts.result ?? [], text: `[${block.text},${receipts.text}]` };
  };
  const pass = async (deep = depth) => {
    const head = Number((await request<string>("eth_blockNumber", [])).result);
    await reconcile();
    const last = head - deep;
    for (let from = (archive.top()?.number ?? -1) + 1; from <= last; from += BATCH) {
      const numbers = Array.from({ length: Math.min(BATCH, last - from + 1) }, (_, index) => from + index);
      const blocks = await Promise.all(numbers.map(read));
      // A rollback between the reads: the next pass finds it.
      if (!consecutive(blocks, archive.top()?.hash)) return;
      archive.put(await Promise.all(blocks.map((block) => encodeBlock(block, block.text))));
    }
  };

  let running: Promise<void> = Promise.resolve();
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const queue = (deep?: number) => {
    running = running
      .then(() => pass(deep))
      .catch((error: unknown) => {
        parameters.onLog?.(
          `the chain archive could not read anvil: ${error instanceof Error ? error.message : String(error)}`,
        );
      });
    return running;
  };
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => void queue().then(schedule), parameters.interval);
    timer.unref();
  };
  schedule();
  return {
    async catchUp(deep) {
      await queue(deep);
      return archive.top()?.number;
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}

/** Blocks that follow `parent` and each other, each with its own receipts. */
function consecutive(blocks: ArchivedBlock[], parent: string | undefined): boolean {
  return blocks.every(
    ({ block, receipts }, index) =>
      (index === 0
        ? parent === undefined || block.parentHash === parent
        : block.parentHash === blocks[index - 1]?.block.hash) &&
      receipts.length === block.transactions.length &&
      receipts.every((receipt) => receipt.blockHash === block.hash),
  );
}

function hex(number: number): string {
  return `0x${number.toString(16)}`;
}
