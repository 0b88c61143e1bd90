import { type Abi, type Address, getAddress, type Hash, type Hex, toHex } from "viem";
import { recoverAuthorizationAddress } from "viem/utils";
import type { CallTracerFrame } from "../chain/nodeClient.js";
import { traceCalls } from "../chain/traceTransaction.js";
import { TransactionNotFoundError } from "../errors/explorer.js";
import type { IndexedTransaction } from "../storage/ExplorerStore.js";
import { decodeConsoleLogs } from "./consoleLogs/decodeConsoleLogs.js";
import { decodeCallFrame } from "./decodeCallFrame.js";
import { decodeChainLog } from "./decodeChainLog.js";
import { decodeRevert } from "./decodeWithAbi.js";
import { describeTransactions, summarize } from "./describeTransactions.js";
import type { ExplorerContext } from "./ExplorerContext.js";
import type {
  AddressLabel,
  CallFrame,
  ChainAuthorization,
  ChainTransactionDetails,
} from "./ExplorerShapes.js";
import { kindOf, readChainBlocks } from "./readChainBlocks.js";
import { revertData } from "./revertData.js";
import { locateRevert } from "./revertLocation/locateRevert.js";
import { describeStateChanges, readStateDiff } from "./stateChanges/index.js";

type RawTransaction = {
  hash: Hash;
  blockNumber: Hex | null;
  from: Address;
  to: Address | null;
  value: Hex;
  nonce: Hex;
  gas: Hex;
  input: Hex;
  type?: Hex;
  gasPrice?: Hex;
  maxFeePerGas?: Hex;
  blobVersionedHashes?: Hash[];
  authorizationList?: { chainId: Hex; address: Address; nonce: Hex; r: Hex; s: Hex; yParity: Hex; v?: Hex }[];
};
type RawReceipt = { logs: { address: Address; topics: Hex[]; data: Hex; logIndex: Hex }[] };

const TYPES: Record<number, string> = { 0: "legacy", 1: "eip2930", 2: "eip1559", 3: "eip4844", 4: "eip7702" };

/**
 * A transaction with everything the node and the index know: decoded call, labelled addresses,
 * logs decoded where an ABI is known, token transfers, the revert reason (the reason string or
 * the decoded custom error, from the trace's output or a replay with `eth_call` on the parent
 * block), the call trace (`debug_traceTransaction` with the callTracer; null when the node has
 * none), blobs and authorizations. A transaction the node holds but has not mined answers with
 * status `pending`. Fails with `TRANSACTION_NOT_FOUND` when neither the node nor the index knows it.
 *
 * @example
 * const { transaction, logs, revertReason, trace } = await getChainTransaction(ctx, hash);
 */
export async function getChainTransaction(
  ctx: ExplorerContext,
  hash: Hash,
): Promise<ChainTransactionDetails> {
  const [indexed, raw, receipt] = await Promise.all([
    ctx.store.getTransaction(hash),
    ctx.reader
      .request({ method: "eth_getTransactionByHash", params: [hash] })
      .catch(() => null) as Promise<RawTransaction | null>,
    ctx.reader
      .request({ method: "eth_getTransactionReceipt", params: [hash] })
      .catch(() => null) as Promise<RawReceipt | null>,
  ]);
  if (!raw && !indexed) throw new TransactionNotFoundError(hash);

  let mined: IndexedTransaction | undefined = indexed;
  if (!mined && raw?.blockNumber && receipt) {
    const [block] = await readChainBlocks(ctx.reader, [BigInt(raw.blockNumber)]);
    mined = block?.transactions.find((transaction) => transaction.hash.toLowerCase() === hash.toLowerCase());
  }
  const label = await ctx.labels.labeller();
  const transaction = mined
    ? ((await describeTransactions(ctx, [mined]))[0] as ChainTransactionDetails["transaction"])
    : await pending(ctx, raw as RawTransaction, label);

  // Read beside the trace; only this page asks for it, the index never does.
  const stateDiff = mined ? readStateDiff(ctx.reader, hash) : Promise.resolve(null);
  const [trace, logs] = await Promise.all([
    mined ? readTrace(ctx, hash, label) : Promise.resolve(null),
    Promise.all((receipt?.logs ?? []).map((log) => decodeChainLog(ctx, log, label))),
  ]);
  const revertReason =
    mined?.status === "reverted" ? await readRevertReason(ctx, mined, raw, trace?.output ?? null) : null;
  const diff = await stateDiff;
  const stateChanges = diff
    ? await describeStateChanges(ctx, { diff, transaction, logs, trace: trace?.frame ?? null, label })
    : null;
  const authorizationList = raw?.authorizationList
    ? await Promise.all(raw.authorizationList.map((entry) => authorization(entry)))
    : null;
  return {
    transaction,
    logs,
    revertReason,
    trace: trace?.frame ?? null,
    // Locating is extra: a failure leaves the location unknown, never the transaction unanswered.
    revertLocation:
      mined?.status === "reverted" && trace && raw
        ? await locateRevert(ctx, {
            hash,
            trace: trace.frame,
            blockNumber: mined.blockNumber,
            gasUsed: mined.gasUsed,
            call: raw,
          }).catch(() => null)
        : null,
    consoleLogs: decodeConsoleLogs(trace?.frame ?? null),
    blobVersionedHashes: raw?.blobVersionedHashes ?? null,
    authorizationList,
    nonce: raw ? Number(raw.nonce) : (mined?.nonce ?? 0),
    gasLimit: raw ? BigInt(raw.gas) : 0n,
    input: raw?.input ?? mined?.input ?? "0x",
    type: raw ? (TYPES[raw.type === undefined ? 0 : Number(raw.type)] ?? raw.type ?? "legacy") : "unknown",
    stateChanges,
  };
}

async function pending(
  ctx: ExplorerContext,
  raw: RawTransaction,
  label: (address: Address | null) => AddressLabel | null,
): Promise<ChainTransactionDetails["transaction"]> {
  const { kind, selector } = kindOf(raw);
  const to = raw.to ? getAddress(raw.to) : null;
  const from = getAddress(raw.from);
  const [method, recorded] = await Promise.all([
    ctx.registry.decodeCall(to, selector === null ? null : raw.input),
    ctx.store.recorded([raw.hash]),
  ]);
  const shown = {
    hash: raw.hash,
    blockNumber: null,
    blockHash: null,
    index: null,
    timestamp: null,
    from,
    fromLabel: label(from),
    to,
    toLabel: label(to),
    value: BigInt(raw.value),
    kind,
    selector,
    status: "pending" as const,
    gasUsed: 0n,
    effectiveGasPrice: BigInt(raw.maxFeePerGas ?? raw.gasPrice ?? "0x0"),
    fee: 0n,
    contractAddress: null,
    contractAddressLabel: null,
    method,
    tokenTransfers: [],
    sentByPrivnet: recorded.length > 0,
  };
  return { ...shown, summary: summarize(shown) };
}

async function readTrace(
  ctx: ExplorerContext,
  hash: Hash,
  label: (address: Address | null) => AddressLabel | null,
): Promise<{ frame: CallFrame; output: Hex | null } | null> {
  let raw: CallTracerFrame;
  try {
    raw = await traceCalls(ctx.reader, hash);
  } catch {
    // No debug namespace on this node (or the trace failed): the answer says null.
    return null;
  }
  if (!raw || typeof raw !== "object" || !raw.from) return null;
  return { frame: await decodeCallFrame(ctx, raw, label), output: raw.error ? (raw.output ?? null) : null };
}

/**
 * The revert reason: the revert data (the trace's top-level output, else a replay of the call with
 * `eth_call` on the block before) decoded with the called contract's ABI and every other known
 * contract's errors (a custom error may come from a contract it called).
 */
async function readRevertReason(
  ctx: ExplorerContext,
  transaction: IndexedTransaction,
  raw: RawTransaction | null,
  traced: Hex | null,
): Promise<string | null> {
  let data: Hex | undefined = traced && traced !== "0x" ? traced : undefined;
  if (data === undefined && raw) {
    try {
      await ctx.reader.request({
        method: "eth_call",
        params: [
          {
            from: raw.from,
            ...(raw.to ? { to: raw.to } : {}),
            data: raw.input,
            value: raw.value,
            gas: raw.gas,
          },
          toHex(transaction.blockNumber > 0n ? transaction.blockNumber - 1n : 0n),
        ],
      });
    } catch (error) {
      data = revertData(error);
    }
  }
  if (data === undefined) return null;
  const [errors, own] = await Promise.all([ctx.registry.errors(), ctx.registry.lookup(transaction.to)]);
  return decodeRevert([...(own?.abi ?? []), ...errors] as Abi, data);
}

async function authorization(
  entry: NonNullable<RawTransaction["authorizationList"]>[number],
): Promise<ChainAuthorization> {
  const shown = {
    chainId: Number(entry.chainId),
    address: getAddress(entry.address),
    nonce: Number(entry.nonce),
  };
  let authority: Address | null = null;
  try {
    authority = await recoverAuthorizationAddress({
      authorization: {
        ...shown,
        r: entry.r,
        s: entry.s,
        yParity: Number(entry.yParity ?? entry.v ?? 0),
      },
    });
  } catch {
    authority = null;
  }
  return { ...shown, authority };
}
