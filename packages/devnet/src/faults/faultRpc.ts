import type { Address, Hash, Hex } from "viem";
import { faultErrorOf, isFaultCode } from "./faultWire.js";

/** A JSON-RPC call to the devnet, for the faults, and {@link FaultRpc.batch} for many at once. */
export type FaultRpc = (<T = unknown>(method: string, params?: unknown[]) => Promise<T>) & {
  /**
   * The calls in JSON-RPC batches of at most {@link batchSize}: the answers in the calls' order.
   * The first error answered fails the whole (the calls before it were carried out).
   */
  batch<T = unknown>(calls: readonly (readonly [method: string, params: unknown[]])[]): Promise<T[]>;
  /** Like {@link FaultRpc.batch}, but every call's own answer: its result, or the error's message. */
  batchSettled<T = unknown>(
    calls: readonly (readonly [method: string, params: unknown[]])[],
  ): Promise<({ result: T } | { error: string })[]>;
};

/** Calls per JSON-RPC batch: a full block's transactions in a few requests, each well under a megabyte. */
const batchSize = 500;

type RpcAnswer<T> = { id?: number; result?: T; error?: { message?: string; data?: { code?: string } } };

/**
 * JSON-RPC over HTTP to `url`; the fault controller's refusals come back as core's fault errors
 * (`InvalidFaultError`, `FaultInProgressError`, `FaultUnsupportedError`).
 */
export function faultRpc(url: string): FaultRpc {
  let id = 0;
  const post = async (body: unknown): Promise<unknown> => {
    const response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    return response.json();
  };
  const call = async <T>(method: string, params: unknown[] = []): Promise<T> => {
    const body = (await post({ jsonrpc: "2.0", id: ++id, method, params })) as RpcAnswer<T>;
    return resultOf(method, body);
  };
  /** The answers to `calls`, in their order, batch by batch (a batch's answers may come in any order). */
  const answersTo = async <T>(calls: readonly (readonly [string, unknown[]])[]) => {
    const answers: (RpcAnswer<T> | undefined)[] = [];
    for (let start = 0; start < calls.length; start += batchSize) {
      const chunk = calls.slice(start, start + batchSize);
      const first = id + 1;
      id += chunk.length;
      const answered = (await post(
        chunk.map(([method, params], index) => ({ jsonrpc: "2.0", id: first + index, method, params })),
      )) as RpcAnswer<T>[];
      if (!Array.isArray(answered))
        throw new Error(`a batch of ${chunk[0]?.[0]} was not answered as a batch`);
      const byId = new Map(answered.map((answer) => [answer.id, answer]));
      for (const index of chunk.keys()) answers.push(byId.get(first + index));
    }
    return answers;
  };
  const batch = async <T>(calls: readonly (readonly [string, unknown[]])[]): Promise<T[]> =>
    (await answersTo<T>(calls)).map((answer, index) => {
      const method = calls[index]?.[0] ?? "";
      if (!answer) throw new Error(`${method}: no answer in its batch`);
      return resultOf(method, answer);
    });
  const batchSettled = async <T>(
    calls: readonly (readonly [string, unknown[]])[],
  ): Promise<({ result: T } | { error: string })[]> =>
    (await answersTo<T>(calls)).map((answer) =>
      answer && !answer.error
        ? { result: answer.result as T }
        : { error: answer?.error?.message ?? "no answer in its batch" },
    );
  return Object.assign(call, { batch, batchSettled });
}

function resultOf<T>(method: string, body: RpcAnswer<T>): T {
  if (body.error) {
    const code = body.error.data?.code;
    const message = body.error.message ?? "refused";
    if (isFaultCode(code)) throw faultErrorOf(code, message);
    throw new Error(`${method}: ${message}`);
  }
  return body.result as T;
}

/** A transaction of the pool, with its signed bytes. */
export type PoolTransaction = { hash: Hash; from: Address; nonce: bigint; raw: Hex };

type PoolContent = Record<
  "pending" | "queued",
  Record<string, Record<string, { hash: Hash; from: Address; nonce: Hex }>>
>;

/** The hashes, senders and nonces of the pool's transactions, pending and queued (`txpool_content`). */
export async function poolContent(rpc: FaultRpc): Promise<{ hash: Hash; from: Address; nonce: bigint }[]> {
  const pool = await rpc<PoolContent>("txpool_content");
  return [...Object.values(pool.pending ?? {}), ...Object.values(pool.queued ?? {})].flatMap((byNonce) =>
    Object.values(byNonce).map(({ hash, from, nonce }) => ({ hash, from, nonce: BigInt(nonce) })),
  );
}

/**
 * The pool's transactions with their signed bytes (read in batches), each sender's in nonce order
 * so that a node takes them again in that order. One that left the pool meanwhile is left out.
 */
export async function readPool(rpc: FaultRpc): Promise<PoolTransaction[]> {
  const found = await poolContent(rpc);
  const raws = await rpc.batchSettled<Hex | null>(
    found.map((tx) => ["eth_getRawTransactionByHash", [tx.hash]] as const),
  );
  const waiting: PoolTransaction[] = [];
  for (const [index, tx] of found.entries()) {
    const raw = raws[index];
    if (raw && "result" in raw && raw.result) waiting.push({ ...tx, raw: raw.result });
  }
  return waiting.sort(bySenderAndNonce);
}

/** Each sender's transactions together, in nonce order. */
export function bySenderAndNonce(
  a: { from: Address; nonce: bigint },
  b: { from: Address; nonce: bigint },
): number {
  const from = a.from.toLowerCase();
  const other = b.from.toLowerCase();
  if (from !== other) return from < other ? -1 : 1;
  return a.nonce < b.nonce ? -1 : a.nonce > b.nonce ? 1 : 0;
}
