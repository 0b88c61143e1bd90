import type { Address, Hash, Hex } from "viem";
import { getContractAddress } from "viem";
import type { PlatformContext } from "../context/PlatformContext.js";
import type { NewTransactionRecord, TransactionRecord } from "../storage/StorageAdapter.js";
import type { NodeAnswer } from "./adaptiveWindow.js";
import { classifyNodeError, type NodeErrorKind } from "./classifyNodeError.js";
import { lookUpTransaction } from "./nodeLookups.js";
import type { QueuedTransaction } from "./queuedRequest.js";
import type { RecordWriter } from "./RecordWriter.js";
import { submissionClient } from "./submissionClient.js";
import type { TransactionWatcher, WatchedTransaction } from "./TransactionWatcher.js";
import { transactionKind } from "./transactionKind.js";
import {
  type QueuedRequest,
  signSelfAuthorizations,
  type TransactionRequest,
  transactionHash,
} from "./transactionRequest.js";
import { createSingleGate, type NodeGate } from "./windowGate.js";

/** What the nonce manager's pieces share: the platform, the watcher and the address they send from. */
export type NonceSender = { ctx: PlatformContext; watcher: TransactionWatcher; address: Address };

/** A queued transaction with its caller's answer. */
export type Waiting = QueuedTransaction & {
  attempts: number;
  resolve: (sent: { record: TransactionRecord; watched: WatchedTransaction }) => void;
  reject: (error: unknown) => void;
};

/** What became of one signed transaction: accepted by the node, or refused (and why). */
export type SubmissionOutcome =
  | { item: Waiting; nonce: number; accepted: true; watched: WatchedTransaction; record: TransactionRecord }
  | {
      item: Waiting;
      nonce: number;
      accepted: false;
      /** "storage": its write-ahead record could not be written, so it was never submitted. */
      kind: NodeErrorKind | "storage";
      error: unknown;
    };

/** Errors that mean the nonce is used or held by another transaction. */
export function isNonceConflict(kind: NodeErrorKind | "storage") {
  return kind === "nonce-too-low" || kind === "replacement-underpriced" || kind === "nonce-too-high";
}

/**
 * Signs one transaction, writes its record (with the signed bytes) and only then submits it,
 * with at most the gate's window at the node at once. The gate hears what the node answered:
 * the submission's round trip (to the outcome, a refusal's look-up included), or no answer
 * (unreachable, timed out). Never rejects: every failure becomes a refused outcome.
 */
export async function submitSigned(
  sender: NonceSender,
  item: Waiting,
  nonce: number,
  queued: QueuedRequest,
  writer: RecordWriter,
  atNode: NodeGate = createSingleGate(),
): Promise<SubmissionOutcome> {
  let serialized: Hex;
  let request: TransactionRequest;
  try {
    request = await signSelfAuthorizations(item.account, queued);
    serialized = await item.account.signTransaction(request);
  } catch (error) {
    return { item, nonce, accepted: false, kind: "other", error };
  }
  const hash = transactionHash(serialized);
  let record: TransactionRecord;
  try {
    record = await writer.write(newRecord(sender.address, item, nonce, hash, serialized));
  } catch (error) {
    return { item, nonce, accepted: false, kind: "storage", error };
  }
  const turn = await atNode.enter();
  let outcome: SubmissionOutcome | undefined;
  try {
    outcome = await submit(sender, { item, nonce, hash, serialized, request, record });
    return outcome;
  } finally {
    turn.leave(outcome && nodeAnswer(outcome));
  }
}

/** A refusal (nonce too low, insufficient funds…) is an answer too; "unreachable" is none. */
function nodeAnswer(outcome: SubmissionOutcome): NodeAnswer {
  return outcome.accepted || outcome.kind !== "unreachable" ? "answered" : "no-answer";
}

/** Submits one signed and recorded transaction; the node's answer becomes its outcome. */
async function submit(
  sender: NonceSender,
  signed: {
    item: Waiting;
    nonce: number;
    hash: Hash;
    serialized: Hex;
    request: TransactionRequest;
    record: TransactionRecord;
  },
): Promise<SubmissionOutcome> {
  const { item, nonce, hash, serialized, request, record } = signed;
  const watched = sender.watcher.watch({
    from: sender.address,
    nonce,
    hash,
    serialized,
    request,
    signer: item.signer,
    maxFeePerGasCap: item.maxFeePerGasCap,
    sentAt: Date.now(),
  });
  try {
    // Over HTTP, the transactions of one group commit leave as one JSON-RPC batch request.
    await submissionClient(sender.ctx.client).sendRawTransaction({ serializedTransaction: serialized });
    return { item, nonce, accepted: true, watched, record };
  } catch (error) {
    return await refused(sender, { item, nonce, watched, record }, error);
  }
}

/** The node answered the submission with an error: accepted after all, or refused. */
async function refused(
  sender: NonceSender,
  sent: { item: Waiting; nonce: number; watched: WatchedTransaction; record: TransactionRecord },
  error: unknown,
): Promise<SubmissionOutcome> {
  const { item, nonce, watched, record } = sent;
  let kind = classifyNodeError(error);
  if (kind === "already-known") return { ...sent, accepted: true };
  // A resend below us (a proxy or fallback transport retrying a lost answer) of a transaction
  // the node did take reads "nonce too low" (mined meanwhile) or "underpriced" (in the pool):
  // ask the node about our own hash before calling it a conflict.
  // No answer to that question leaves the outcome unknown, like no answer to the send.
  const has = isNonceConflict(kind) ? await nodeHas(sender, watched.hash) : false;
  if (has === true) return { ...sent, accepted: true };
  if (has === "unknown") kind = "unreachable";
  if (kind === "unreachable") {
    // The node may have taken it before the connection broke: the record stays and the
    // watcher settles it (mined, or failed once its nonce is used by another transaction).
    // Its caller hears CHAIN_UNREACHABLE: it is never sent again (a retry would send twice).
    sender.watcher.markUnacknowledged(watched);
    await sender.watcher.attach(watched, record).catch(() => undefined);
  } else {
    // Refused for sure: it never reaches the chain, so it leaves no history. If the removal
    // fails (storage away), the pending record is failed by the next start's reconciliation.
    sender.watcher.unwatch(watched);
    await sender.ctx.storage.transactions.remove(record.id).catch(() => undefined);
  }
  return { item, nonce, accepted: false, kind, error };
}

/** Whether the node knows `hash` (pooled or mined); "unknown" when it did not answer. */
async function nodeHas(sender: NonceSender, hash: Hash): Promise<boolean | "unknown"> {
  try {
    return (await lookUpTransaction(sender.ctx.client, hash)) !== undefined;
  } catch {
    return "unknown";
  }
}

function newRecord(
  from: Address,
  item: QueuedTransaction,
  nonce: number,
  hash: Hash,
  serialized: Hex,
): NewTransactionRecord {
  return {
    hash,
    from,
    // A deployment is recorded with the address its contract gets (from sender and nonce, or
    // the factory's CREATE2 address).
    to: item.createdAddress ?? item.to ?? getContractAddress({ from, nonce: BigInt(nonce) }),
    value: item.value,
    nonce,
    status: "pending",
    blockNumber: null,
    source: item.source,
    createdAt: new Date().toISOString(),
    ...(item.createdAddress === undefined ? transactionKind(item) : { kind: "deploy", selector: null }),
    rawTransaction: serialized,
  };
}

/** The node took it: announce the record and let the watcher settle it. */
export async function announceAccepted(
  sender: NonceSender,
  outcome: Extract<SubmissionOutcome, { accepted: true }>,
): Promise<TransactionRecord> {
  const { record, watched } = outcome;
  sender.ctx.events.emit("transaction", record);
  // An outcome seen meanwhile (automine is that fast) is written now; a failure to write it
  // leaves the record pending, and the watcher writes it again on its next poll.
  await sender.watcher.attach(watched, record).catch(() => undefined);
  return watched.settled?.record ?? record;
}
