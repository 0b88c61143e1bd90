import { InvalidFaultError, type ReorgOptions, type ReorgResult } from "@privnet/core";
import type { Address, Hash, Hex } from "viem";
import { bySenderAndNonce, type FaultRpc, type PoolTransaction, readPool } from "./faultRpc.js";
import { miningMode, pauseMining, resumeMining } from "./miningMode.js";

type RpcBlock = { number: Hex; hash: Hash; timestamp: Hex; transactions: Hash[] };
type RpcTransaction = { hash: Hash; from: Address; nonce: Hex };
type RpcFullBlock = Omit<RpcBlock, "transactions"> & { transactions: RpcTransaction[] };
/** A transaction of an orphaned block (`block`: its index among them). */
type Orphan = PoolTransaction & { block: number };

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
export async function reorg(
  rpc: FaultRpc,
  options: ReorgOptions,
  through: { relay: boolean } = { relay: false },
): Promise<ReorgResult> {
  // The settings were checked by the caller (`parseFaultOptions(reorgOptionsSchema, …)`).
  const { depth } = options;
  const extraBlocks = options.extraBlocks ?? 0;
  const dropTo = options.dropTo ?? "discard";
  const drop = options.drop ?? [];
  const asked = new Set(drop.map((hash) => hash.toLowerCase()));

  // A node reorganises at once; this is many calls. With the relay, the devnet's clients wait
  // (their requests held, those at anvil answered first) until the new branch is in place, so
  // none reads the chain half-way: without it a watcher sees the orphaned transactions nowhere,
  // and a sender's nonces go back under its pending sends (measured: ~500 acknowledged sends of
  // the transfer bot lost at depth 1).
  if (through.relay) await rpc("privnet_faults_hold");
  try {
    return await reorgHeld(rpc, options, depth, extraBlocks, dropTo, asked);
  } finally {
    if (through.relay) await rpc("privnet_faults_release");
  }
}

async function reorgHeld(
  rpc: FaultRpc,
  options: ReorgOptions,
  depth: number,
  extraBlocks: number,
  dropTo: "discard" | "pool",
  asked: Set<string>,
): Promise<ReorgResult> {
  const mode = await miningMode(rpc);
  await pauseMining(rpc);
  try {
    const { head, base, parent, old, orphans, waiting } = await readStill(rpc, depth);
    const headNumber = BigInt(head.number);
    const unknown = [...asked].filter(
      (hash) => !orphans.some((orphan) => orphan.hash.toLowerCase() === hash),
    );
    if (unknown.length > 0)
      throw new InvalidFaultError(
        "drop",
        `names transactions that are not in the last ${depth} block(s): ${unknown.join(", ")}`,
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

    // The pool goes aside while the branch is mined: pending transactions whose nonces follow the
    // orphaned ones would otherwise sit behind a nonce gap at the first block of the branch, and
    // anvil evicts those (measured: the transfer bot lost sends at every reorg under load). They
    // come back, in nonce order, once the branch is mined.
    if (waiting.length > 0) await rpc("anvil_dropAllTransactions");
    await rpc("anvil_rollback", [depth]);
    await backTo(rpc, base, parent.hash);
    let timestamp = BigInt(parent.timestamp);
    let next = 0;
    const branch = depth + extraBlocks;
    for (let index = 0; index < branch; index++) {
      const replaced = old[index];
      timestamp = replaced ? max(BigInt(replaced.timestamp) + 1n, timestamp + 1n) : timestamp + 1n;
      await sendRaw(rpc, order.slice(next, next + (perBlock[index] ?? 0)));
      next += perBlock[index] ?? 0;
      await rpc("evm_mine", [Number(timestamp)]);
    }

    const remined: Hash[] = [];
    const lost: Hash[] = [];
    const receipts = await rpc.batch<{ blockNumber: Hex } | null>(
      kept.map((orphan) => ["eth_getTransactionReceipt", [orphan.hash]] as const),
    );
    for (const [index, orphan] of kept.entries()) {
      const receipt = receipts[index];
      (receipt && BigInt(receipt.blockNumber) > base ? remined : lost).push(orphan.hash);
    }
    // Dropped ones first (lower nonces), then the pool as it was; a transaction the new branch
    // made invalid (its nonce mined, a sender's gap) is refused by the node and stays out.
    const back = [...(dropTo === "pool" ? dropped : []), ...waiting].sort(bySenderAndNonce);
    await rpc.batchSettled(back.map((orphan) => ["eth_sendRawTransaction", [orphan.raw]] as const));

    const now = await rpc.batch<RpcBlock>(
      old.map((_, index) => ["eth_getBlockByNumber", [hex(base + 1n + BigInt(index)), false]] as const),
    );
    const replaced: ReorgResult["replaced"] = old.map((block, index) => ({
      number: BigInt(block.number),
      oldHash: block.hash,
      newHash: (now[index] as RpcBlock).hash,
    }));
    const newHead = await rpc<RpcBlock>("eth_getBlockByNumber", ["latest", false]);
    // anvil mines the pool some time after automine is switched back on, not before it answers:
    // an automining devnet mines the transactions dropped to the pool here, in the block right
    // after the new branch, so that they are mined when reorg() resolves.
    if (mode.automine && dropTo === "pool" && dropped.length > 0) await rpc("evm_mine");
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
 * The last `depth` blocks with every transaction's signed bytes, and the pool, read while no block
 * lands. Pausing mining does not stop a block anvil is already mining (interval mining under load
 * takes a while to mine a full one): it may land after the pause answered. Read again until the
 * head is the same after the pool was read as before the blocks were: a block that landed
 * meanwhile took transactions out of the pool that the blocks read before it did not hold.
 */
async function readStill(rpc: FaultRpc, depth: number) {
  // Mining is paused: at most the block in flight lands. More means something else mines.
  for (let attempt = 1; ; attempt++) {
    const head = await rpc<RpcBlock>("eth_getBlockByNumber", ["latest", false]);
    const headNumber = BigInt(head.number);
    if (BigInt(depth) > headNumber)
      throw new InvalidFaultError(
        "depth",
        `${depth} goes below genesis: the chain has ${headNumber} block(s) above it`,
      );
    const base = headNumber - BigInt(depth);
    const parent = await rpc<RpcBlock>("eth_getBlockByNumber", [hex(base), false]);
    // Blocks with their transactions, then every signed transaction: batched, so that a depth-10
    // reorg of full blocks (thousands of transactions) is a few requests, not one per transaction.
    const old = await rpc.batch<RpcFullBlock>(
      heights(base + 1n, headNumber).map((number) => ["eth_getBlockByNumber", [hex(number), true]] as const),
    );
    const found = old.flatMap(({ transactions }, block) => transactions.map((tx) => ({ tx, block })));
    const raws = await rpc.batch<Hex>(
      found.map(({ tx }) => ["eth_getRawTransactionByHash", [tx.hash]] as const),
    );
    const orphans: Orphan[] = found.map(({ tx, block }, index) => ({
      hash: tx.hash,
      raw: raws[index] as Hex,
      from: tx.from,
      nonce: BigInt(tx.nonce),
      block,
    }));
    const waiting = await readPool(rpc);
    const still = await rpc<RpcBlock>("eth_getBlockByNumber", ["latest", false]);
    if (still.hash === head.hash) return { head, base, parent, old, orphans, waiting };
    if (attempt === 3)
      throw new Error("The chain kept moving while mining was paused: no reorganisation was made.");
  }
}

/**
 * After `anvil_rollback`, the chain's head is `base` (hash `hash`): a block that landed after the
 * blocks were read (see {@link readStill}) left the rollback short, or landed on top of it. Its
 * transactions came from the pool read before, and go back with it. Rolls back what is above
 * `base`.
 */
async function backTo(rpc: FaultRpc, base: bigint, hash: Hash): Promise<void> {
  let latest = await rpc<RpcBlock>("eth_getBlockByNumber", ["latest", false]);
  if (BigInt(latest.number) > base) {
    await rpc("anvil_rollback", [Number(BigInt(latest.number) - base)]);
    latest = await rpc<RpcBlock>("eth_getBlockByNumber", ["latest", false]);
  }
  if (latest.hash !== hash)
    throw new Error(
      `The chain moved during the reorganisation: the head is ${latest.hash} after the rollback, not block ${base} (${hash}).`,
    );
}

/** Sends signed transactions in order, batched; the node takes a batch's calls in their order. */
async function sendRaw(rpc: FaultRpc, orphans: readonly { raw: Hex }[]): Promise<void> {
  await rpc.batch(orphans.map((orphan) => ["eth_sendRawTransaction", [orphan.raw]] as const));
}

function heights(from: bigint, to: bigint): bigint[] {
  const result: bigint[] = [];
  for (let number = from; number <= to; number++) result.push(number);
  return result;
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
