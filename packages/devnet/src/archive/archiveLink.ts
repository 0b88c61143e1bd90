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
  /**
   * While anvil mines a block per transaction (automine), the calls that may mine one it lets
   * through before it has the archive catch up: fewer than the blocks anvil keeps past the
   * archive's depth, so that none leaves anvil before the archive took it. Default: no such count.
   */
  slack?: number | undefined;
}): RelayLink {
  const { rpc } = options;
  const mining = automineWatch(rpc);
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
    reads: [
      "eth_getBlock",
      "eth_getTransactionBy",
      "eth_getTransactionReceipt",
      "eth_getLogs",
      ...MINE_MANY,
      ...MINE_ONE,
      ...MINING_MODE,
    ],
    async handle(request, next) {
      const { calls } = request;
      if (options.catchUp && (calls.some(minesMany) || (await mining.due(calls, options.slack))))
        await options.catchUp().catch(() => undefined);
      // A change of mining mode is asked again once anvil made it.
      if (mining.changes(calls)) return next(request).finally(() => mining.forget());
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
/** Calls that mine a block each while anvil automines. */
const MINE_ONE = ["eth_sendRawTransaction", "eth_sendTransaction", "evm_mine"];
/** Calls that change how anvil mines. */
const MINING_MODE = ["evm_setAutomine", "evm_setIntervalMining", "anvil_setIntervalMining"];

/**
 * Counts the calls that mine a block each while anvil automines (asked once, then followed through
 * the calls that change it); `due` says when `slack` of them passed since the last catch-up.
 */
function automineWatch(rpc: AnvilRpc) {
  let automine: Promise<boolean> | undefined;
  let mined = 0;
  return {
    changes: (calls: readonly ClockCall[]) => calls.some((call) => MINING_MODE.includes(call.method)),
    forget() {
      automine = undefined;
    },
    async due(calls: readonly ClockCall[], slack: number | undefined): Promise<boolean> {
      if (slack === undefined) return false;
      const mining = calls.filter(
        (call) => MINE_ONE.includes(call.method) || MINE_MANY.includes(call.method),
      );
      if (mining.length === 0) return false;
      automine ??= rpc<boolean>("anvil_getAutomine", []).catch(() => false);
      if (!(await automine)) return false;
      mined += mining.length;
      if (mined < slack) return false;
      mined = mining.length;
      return true;
    },
  };
}

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
