import { existsSync } from "node:fs";
import type { AnvilRpc, ClockCall } from "../anvil/clock/createDevnetClock.js";
import type { RelayLink } from "../anvil/clock/relayTypes.js";
import {
  ARCHIVED_METHODS,
  type ArchiveAnswer,
  type ArchiveReader,
  answerFromArchive,
} from "./archiveAnswers.js";
import { type ChainArchive, highestOnChain, openChainArchive } from "./chainArchive.js";

const archived: ReadonlySet<string> = new Set(ARCHIVED_METHODS);

/**
 * The chain port's archive: reads of blocks, transactions, receipts and logs that anvil no longer
 * keeps (`--transaction-block-keeper`) are answered from the devnet's chain archive at `path`
 * (opened read-only), exactly as anvil answered them while it held them. Anything else, and any
 * block above the archive or no longer on anvil's chain, goes to anvil untouched. In a batch that
 * mixes both, the relay answers the whole batch, asking anvil for its other calls.
 *
 * @example
 * composeRelay([..., archiveLink({ path: join(dataDir, "chain-archive.db"), rpc }), removedLogs]);
 */
export function archiveLink(options: {
  path: string;
  rpc: AnvilRpc;
  /**
   * Has the archive take every block up to the head: called before a call that mines more than one
   * block, which could push blocks out of anvil's window before the archive's next pass.
   */
  catchUp?: (() => Promise<unknown>) | undefined;
}): RelayLink {
  const { rpc } = options;
  let archive: ChainArchive | undefined;
  const open = () => {
    if (!archive && existsSync(options.path)) archive = openChainArchive(options.path, { readOnly: true });
    return archive;
  };
  const forward = async (call: ClockCall): Promise<ArchiveAnswer> => {
    try {
      return { result: await rpc(call.method, call.params) };
    } catch (error) {
      return { error: { code: -32000, message: error instanceof Error ? error.message : String(error) } };
    }
  };

  return {
    name: "archive",
    reads: ["eth_getBlock", "eth_getTransactionBy", "eth_getTransactionReceipt", "eth_getLogs", ...MINE_MANY],
    async handle(request, next) {
      const { calls } = request;
      if (options.catchUp && calls.some(minesMany)) await options.catchUp().catch(() => undefined);
      if (!calls.some((call) => archived.has(call.method))) return next(request);
      const store = open();
      if (!store) return next(request);
      let checked: Promise<number | undefined> | undefined;
      const reader: ArchiveReader = {
        archive: store,
        rpc,
        trustedTop: () => (checked ??= trustedTop(store, rpc)),
      };
      const answers = await Promise.all(
        calls.map((call) => (archived.has(call.method) ? answerFromArchive(reader, call) : undefined)),
      );
      if (answers.every((answer) => answer === undefined)) return next(request);
      const bodies = await Promise.all(
        calls.map(async (call, index) => ({
          jsonrpc: "2.0",
          id: call.id ?? null,
          ...(answers[index] ?? (await forward(call))),
        })),
      );
      return { from: "relay", body: request.batch ? bodies : bodies[0] };
    },
  };
}

const MINE_MANY = ["anvil_mine", "hardhat_mine"];

/** `anvil_mine(n)` / `hardhat_mine(n)` with n > 1. */
function minesMany(call: ClockCall): boolean {
  if (!MINE_MANY.includes(call.method)) return false;
  try {
    return BigInt((call.params[0] as string | number | undefined) ?? 1) > 1n;
  } catch {
    return false;
  }
}

/**
 * The highest archived block on anvil's chain: the archive's top, unless a rollback the writer has
 * not caught up with took it off (then found by bisection). anvil not answering (a restart under
 * way): none, and anvil answers the call itself, or fails to.
 */
async function trustedTop(archive: ChainArchive, rpc: AnvilRpc): Promise<number | undefined> {
  const hashAt = async (number: number) =>
    (await rpc<{ hash: string } | null>("eth_getBlockByNumber", [`0x${number.toString(16)}`, false]))?.hash;
  const top = await highestOnChain(archive, hashAt).catch(() => -1);
  return top < 0 ? undefined : top;
}
