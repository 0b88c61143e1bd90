import {
  type BlockRef,
  type ChainFaultEvent,
  MAX_BASE_FEE,
  MAX_DROPPED,
  MAX_FEE_SPIKE_BLOCKS,
  MAX_REORG_DEPTH,
  MAX_TIMED_FAULT_MS,
  type ReorgResult,
  type RestartResult,
} from "@privnet/core";
import type { Hash } from "viem";
import { z } from "zod";
import { isoTimestamp } from "./fields.js";

// Faults on demand over HTTP: the settings the routes take and what the faults answer, block
// numbers as integers, the base fee in wei as a decimal string, hashes as 0x hex, times ISO 8601.

const hash = z
  .string()
  .regex(/^0x[0-9a-fA-F]{64}$/)
  .describe("32-byte hash, 0x and 64 hex digits.");
const hashes = (what: string) => z.array(hash).describe(what);
const blockNumber = z.number().int().nonnegative().describe("Block number.");
const ms = (what: string) =>
  z
    .int({ error: `must be an integer from 1 to ${MAX_TIMED_FAULT_MS}` })
    .min(1, { error: `must be an integer from 1 to ${MAX_TIMED_FAULT_MS}` })
    .max(MAX_TIMED_FAULT_MS, { error: `must be an integer from 1 to ${MAX_TIMED_FAULT_MS}` })
    .describe(what);

const blockRef = z.object({ number: blockNumber, hash }).meta({ id: "BlockRef" });

// --- what the routes take

export const reorgBody = z
  .strictObject({
    depth: z
      .int({ error: `must be an integer from 1 to ${MAX_REORG_DEPTH}` })
      .min(1, { error: `must be an integer from 1 to ${MAX_REORG_DEPTH}` })
      .max(MAX_REORG_DEPTH, { error: `must be an integer from 1 to ${MAX_REORG_DEPTH}` })
      .describe(`Blocks taken back from the head and replaced by new ones: 1 to ${MAX_REORG_DEPTH}.`),
    drop: z
      .array(hash.transform((value) => value as Hash))
      .max(MAX_DROPPED)
      .optional()
      .describe("Transactions of the orphaned blocks not mined again on the new branch. Default: none."),
    dropTo: z
      .enum(["discard", "pool"])
      .optional()
      .describe('Where the dropped ones go: "discard" (gone) or "pool" (pending again). Default "discard".'),
    reorder: z
      .boolean()
      .optional()
      .describe("Mine the orphaned transactions again in another order (each sender's kept). Default false."),
    extraBlocks: z
      .int({ error: `must be an integer from 0 to ${MAX_REORG_DEPTH}` })
      .min(0, { error: `must be an integer from 0 to ${MAX_REORG_DEPTH}` })
      .max(MAX_REORG_DEPTH, { error: `must be an integer from 0 to ${MAX_REORG_DEPTH}` })
      .optional()
      .describe(`Blocks the new branch has beyond depth, 0 to ${MAX_REORG_DEPTH}. Default 0.`),
  })
  .meta({ id: "ReorgRequest" });

export const restartBody = z
  .strictObject({
    keepPool: z
      .boolean()
      .optional()
      .describe("Send the pool's transactions to the restarted node again. Default false: the pool is lost."),
  })
  .meta({ id: "RestartRequest" });

export const timedFaultBody = z
  .strictObject({ ms: ms(`How long, in milliseconds: 1 to ${MAX_TIMED_FAULT_MS}.`) })
  .meta({ id: "TimedFaultRequest" });

const baseFeeError = `must be wei as a decimal string, 1 to ${MAX_BASE_FEE}`;
export const feeSpikeBody = z
  .strictObject({
    baseFee: z
      .string({ error: baseFeeError })
      .regex(/^[1-9]\d{0,19}$/, { error: baseFeeError })
      .transform(BigInt)
      .refine((wei) => wei <= MAX_BASE_FEE, { error: baseFeeError })
      .describe(
        `The base fee per gas of each of the next blocks, in wei, a decimal string (1 to ${MAX_BASE_FEE}).`,
      ),
    blocks: z
      .int({ error: `must be an integer from 1 to ${MAX_FEE_SPIKE_BLOCKS}` })
      .min(1, { error: `must be an integer from 1 to ${MAX_FEE_SPIKE_BLOCKS}` })
      .max(MAX_FEE_SPIKE_BLOCKS, { error: `must be an integer from 1 to ${MAX_FEE_SPIKE_BLOCKS}` })
      .describe(`Blocks mined at that base fee: 1 to ${MAX_FEE_SPIKE_BLOCKS}.`),
  })
  .meta({ id: "FeeSpikeRequest" });

// --- what the faults answer

const reorgFields = {
  depth: z.number().int(),
  oldHead: blockRef.describe("The head before."),
  newHead: blockRef.describe("The head of the new branch."),
  replaced: z
    .array(z.object({ number: blockNumber, oldHash: hash, newHash: hash }))
    .describe("Each height of the old branch with its old and new block hash."),
  orphaned: hashes("Every transaction of the orphaned blocks."),
  remined: hashes("Those mined again on the new branch."),
  dropped: hashes("Those not mined again (in the pool or gone, as asked)."),
};
export const reorgResult = z.object(reorgFields).meta({ id: "ReorgResult" });

const restartFields = {
  keepPool: z.boolean(),
  head: blockRef.describe("The head the node came back with."),
  pool: hashes("Pending transactions the node had before; with keepPool they are in its pool again."),
  downMs: z.number().int().nonnegative().describe("Milliseconds the node was down."),
};
export const restartResult = z.object(restartFields).meta({ id: "RestartResult" });

export const dropPoolResult = z
  .object({ dropped: hashes("The pending transactions the pool held, now gone.") })
  .meta({ id: "DropPoolResult" });

export const timedFaultResult = z
  .object({
    endsAt: isoTimestamp.describe("When it ends, unless POST /chain/faults/recover ends it earlier."),
  })
  .meta({ id: "TimedFaultResult" });

export const feeSpikeResult = z
  .object({ fromBlock: blockNumber.describe("The first block at the spiked base fee.") })
  .meta({ id: "FeeSpikeResult" });

const at = isoTimestamp.describe("When it happened.");
export const chainFaultEvent = z
  .discriminatedUnion("type", [
    z.object({ type: z.literal("reorged"), at, ...reorgFields }),
    z.object({ type: z.literal("poolDropped"), at, dropped: hashes("The pending transactions now gone.") }),
    z.object({ type: z.literal("restarted"), at, ...restartFields }),
    z.object({
      type: z.literal("stalled"),
      at,
      ms: z.number().int(),
      head: blockNumber.describe("The head the chain stays at."),
      endsAt: isoTimestamp,
    }),
    z.object({ type: z.literal("unreachable"), at, ms: z.number().int(), endsAt: isoTimestamp }),
    z.object({
      type: z.literal("feeSpiked"),
      at,
      baseFee: z.string().regex(/^\d+$/).describe("Wei per gas, a decimal string."),
      blocks: z.number().int(),
      fromBlock: blockNumber,
    }),
    z.object({
      type: z.literal("recovered"),
      at,
      fault: z.enum(["stall", "unreachable", "feeSpike"]).describe("The timed fault that ended."),
    }),
  ])
  .meta({ id: "ChainFaultEvent" });

export const faultHistory = z
  .object({
    available: z
      .boolean()
      .describe(
        "False when the server runs on a node it does not control (--rpc-url): no fault can be asked.",
      ),
    events: z.array(chainFaultEvent).describe("The last fault events, newest first."),
  })
  .meta({ id: "ChainFaultHistory" });

// --- the SDK's shapes on the wire

const toBlockRef = (ref: BlockRef) => ({ number: Number(ref.number), hash: ref.hash });

export const toReorgBody = (result: ReorgResult) => ({
  depth: result.depth,
  oldHead: toBlockRef(result.oldHead),
  newHead: toBlockRef(result.newHead),
  replaced: result.replaced.map((entry) => ({ ...entry, number: Number(entry.number) })),
  orphaned: result.orphaned,
  remined: result.remined,
  dropped: result.dropped,
});

export const toRestartBody = (result: RestartResult) => ({
  keepPool: result.keepPool,
  head: toBlockRef(result.head),
  pool: result.pool,
  downMs: result.downMs,
});

/** A fault event as GET /chain/faults and GET /chain/events send it. */
export function toChainFaultEventBody(event: ChainFaultEvent): z.input<typeof chainFaultEvent> {
  switch (event.type) {
    case "reorged":
      return { type: event.type, at: event.at, ...toReorgBody(event) };
    case "restarted":
      return { type: event.type, at: event.at, ...toRestartBody(event) };
    case "stalled":
      return { ...event, head: Number(event.head) };
    case "feeSpiked":
      return { ...event, baseFee: event.baseFee.toString(), fromBlock: Number(event.fromBlock) };
    default:
      return event;
  }
}
