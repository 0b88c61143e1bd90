import type { ReorgOptions, ReorgResult } from "@privnet/core";
import type { Address, Hash, Hex } from "viem";
import { DevnetFaultError } from "../errors.js";
import { type FaultRpc, miningMode, pauseMining, resumeMining } from "./faultRpc.js";

const maxDepth = 64;
const maxExtraBlocks = 64;

type RpcBlock = { number: Hex; hash: Hash; timestamp: Hex; transactions: Hash[] };
type Orphan = { hash: Hash; raw: Hex; from: Address; nonce: bigint; block: number };

/**
 * A real reorganisation on anvil: mining paused, the orphaned blocks' transactions read (their
 * signed bytes), `anvil_rollback(depth)`, then a new branch of `depth + extraBlocks` blocks mined
 * one by one with `evm_mine(timestamp)`, each a second later than the block it replaces (so every
 * height gets a new hash and timestamps keep increasing), holding the orphaned transactions again
 * in their blocks' order (or another one, with `reorder`) minus the dropped ones. Dropped
 * transactions sent back to the pool go in after the branch is mined; the mining mode comes back
 * last. anvil 1.7.1 keeps `BLOCKHASH` and `eth_getBlockByNumber` in step through a rollback
 * (measured by `bench/anvilReorg.ts`).
 *
 * A dropped transaction takes its sender's later orphaned ones with it: they could not be mined
 * without its nonce.
 */
export async function reorg(rpc: FaultRpc, options: ReorgOptions): Promise<ReorgResult> {
  const { depth } = options;
  const extraBlocks = options.extraBlocks ?? 0;
  const dropTo = options.dropTo ?? "discard";
  if (!Number.isInteger(depth) || depth < 1 || depth > maxDepth)
    throw new DevnetFaultError(
      "FAULT_INVALID",
      `depth must be an integer from 1 to ${maxDepth}, got ${String(depth)}.`,
    );
  if (!Number.isInteger(extraBlocks) || extraBlocks < 0 || extraBlocks > maxExtraBlocks)
    throw new DevnetFaultError(
      "FAULT_INVALID",
      `extraBlocks must be an integer from 0 to ${maxExtraBlocks}, got ${String(extraBlocks)}.`,
    );
  if (dropTo !== "discard" && dropTo !== "pool")
    throw new DevnetFaultError("FAULT_INVALID", `dropTo must be "discard" or "pool", got ${String(dropTo)}.`);
  const drop: unknown = options.drop ?? [];
  if (
    !Array.isArray(drop) ||
    drop.some((hash) => typeof hash !== "string" || !/^0x[0-9a-f]{64}$/i.test(hash))
  )
    throw new DevnetFaultError(
      "FAULT_INVALID",
      "drop must be a list of transaction hashes (0x and 64 hex digits).",
    );
  if (options.reorder !== undefined && typeof options.reorder !== "boolean")
    throw new DevnetFaultError(
      "FAULT_INVALID",
      `reorder must be true or false, got ${String(options.reorder)}.`,
    );
  const asked = new Set((drop as string[]).map((hash) => hash.toLowerCase()));

  const mode = await miningMode(rpc);
  await pauseMining(rpc);
  try {
    const head = await rpc<RpcBlock>("eth_getBlockByNumber", ["latest", false]);
    const headNumber = BigInt(head.number);
    if (BigInt(depth) > headNumber)
      throw new DevnetFaultError(
        "FAULT_INVALID",
        `depth ${depth} goes below genesis: the chain has ${headNumber} block(s) above it.`,
      );
    const base = headNumber - BigInt(depth);
    const parent = await rpc<RpcBlock>("eth_getBlockByNumber", [hex(base), false]);
    const old: RpcBlock[] = [];
    for (let number = base + 1n; number <= headNumber; number++)
      old.push(await rpc<RpcBlock>("eth_getBlockByNumber", [hex(number), false]));

    const orphans: Orphan[] = [];
    for (const [block, { transactions }] of old.entries())
      for (const hash of transactions) {
        const tx = await rpc<{ from: Address; nonce: Hex }>("eth_getTransactionByHash", [hash]);
        const raw = await rpc<Hex>("eth_getRawTransactionByHash", [hash]);
        orphans.push({ hash, raw, from: tx.from, nonce: BigInt(tx.nonce), block });
      }
    const unknown = [...asked].filter(
      (hash) => !orphans.some((orphan) => orphan.hash.toLowerCase() === hash),
    );
    if (unknown.length > 0)
      throw new DevnetFaultError(
        "FAULT_INVALID",
        `drop names transactions that are not in the last ${depth} block(s): ${unknown.join(", ")}.`,
      );

    // A dropped transaction's sender cannot have its later ones mined: they go with it.
    const firstDropped = new Map<string, bigint>();
    for (const orphan of orphans) {
      if (!asked.has(orphan.hash.toLowerCase())) continue;
      const sender = orphan.from.toLowerCase();
      const known = firstDropped.get(sender);
      if (known === undefined || orphan.nonce < known) firstDropped.set(sender, orphan.nonce);
    }
    const isDropped = (orphan: Orphan) => {
      const from = firstDropped.get(orphan.from.toLowerCase());
      return from !== undefined && orphan.nonce >= from;
    };
    const kept = orphans.filter((orphan) => !isDropped(orphan));
    const dropped = orphans.filter(isDropped);

    // Each new block holds as many transactions as the one it replaces held (minus dropped ones).
    const order = options.reorder ? reordered(kept) : kept;
    const perBlock = old.map((_, block) => kept.filter((orphan) => orphan.block === block).length);

    await rpc("anvil_rollback", [depth]);
    let timestamp = BigInt(parent.timestamp);
    let next = 0;
    const branch = depth + extraBlocks;
    for (let index = 0; index < branch; index++) {
      const replaced = old[index];
      timestamp = replaced ? max(BigInt(replaced.timestamp) + 1n, timestamp + 1n) : timestamp + 1n;
      for (const orphan of order.slice(next, next + (perBlock[index] ?? 0)))
        await rpc("eth_sendRawTransaction", [orphan.raw]);
      next += perBlock[index] ?? 0;
      await rpc("evm_mine", [Number(timestamp)]);
    }

    const remined: Hash[] = [];
    const lost: Hash[] = [];
    for (const orphan of kept) {
      const receipt = await rpc<{ blockNumber: Hex } | null>("eth_getTransactionReceipt", [orphan.hash]);
      (receipt && BigInt(receipt.blockNumber) > base ? remined : lost).push(orphan.hash);
    }
    if (dropTo === "pool")
      for (const orphan of [...dropped].sort((a, b) => (a.nonce < b.nonce ? -1 : a.nonce > b.nonce ? 1 : 0)))
        await rpc("eth_sendRawTransaction", [orphan.raw]);

    const replaced: ReorgResult["replaced"] = [];
    for (const [index, block] of old.entries()) {
      const now = await rpc<RpcBlock>("eth_getBlockByNumber", [hex(base + 1n + BigInt(index)), false]);
      replaced.push({ number: BigInt(block.number), oldHash: block.hash, newHash: now.hash });
    }
    const newHead = await rpc<RpcBlock>("eth_getBlockByNumber", ["latest", false]);
    return {
      depth,
      oldHead: { number: headNumber, hash: head.hash },
      newHead: { number: BigInt(newHead.number), hash: newHead.hash },
      replaced,
      orphaned: orphans.map((orphan) => orphan.hash),
      remined,
      dropped: [...dropped.map((orphan) => orphan.hash), ...lost],
    };
  } finally {
    await resumeMining(rpc, mode);
  }
}

/**
 * Another order that keeps each sender's own: senders take turns, the last sender to appear
 * first.
 */
function reordered(orphans: Orphan[]): Orphan[] {
  const bySender = new Map<string, Orphan[]>();
  for (const orphan of orphans) {
    const sender = orphan.from.toLowerCase();
    bySender.set(sender, [...(bySender.get(sender) ?? []), orphan]);
  }
  const queues = [...bySender.values()].reverse();
  const result: Orphan[] = [];
  while (queues.some((queue) => queue.length > 0))
    for (const queue of queues) {
      const orphan = queue.shift();
      if (orphan) result.push(orphan);
    }
  // One sender only: nothing to swap across senders; the order is theirs.
  return result;
}

const hex = (value: bigint): Hex => `0x${value.toString(16)}`;
const max = (a: bigint, b: bigint) => (a > b ? a : b);
