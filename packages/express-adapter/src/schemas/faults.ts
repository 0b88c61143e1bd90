import {
  type BlockRef,
  type ChainFaultEvent,
  feeSpikeBaseFeeSchema,
  feeSpikeOptionsSchema,
  InvalidFaultError,
  MAX_BASE_FEE,
  MIN_BASE_FEE,
  parseFaultOptions,
  type ReorgResult,
  type RestartResult,
  reorgOptionsSchema,
  restartOptionsSchema,
  timedFaultOptionsSchema,
} from "@privnet/core";
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
const blockRef = z.object({ number: blockNumber, hash }).meta({ id: "BlockRef" });

// --- what the routes take: core's fault schemas, so that the bodies, their OpenAPI document and
// their refusals (FAULT_INVALID, with the SDK's message) are the SDK's own

/**
 * A fault's request body: `schema` documents it (its bounds and descriptions) and checks it, and a
 * refusal is core's `InvalidFaultError` (code and message), as the SDK answers the same settings.
 * (A preprocess step is documented as the schema after it.)
 */
function faultBody<Schema extends z.ZodType>(schema: Schema) {
  return z.preprocess((value, context) => {
    try {
      parseFaultOptions(schema, value);
    } catch (error) {
      if (!(error instanceof InvalidFaultError)) throw error;
      context.addIssue({
        code: "custom",
        message: error.shortMessage,
        // The router answers a body whose issues carry core's code with that code (400).
        params: { privnetCode: error.code },
      });
    }
    return value;
  }, schema);
}

export const reorgBody = faultBody(reorgOptionsSchema);
export const restartBody = faultBody(restartOptionsSchema);
export const timedFaultBody = faultBody(timedFaultOptionsSchema);

const baseFeeText = `wei as a decimal string from ${MIN_BASE_FEE} to ${MAX_BASE_FEE}`;
export const feeSpikeBody = faultBody(
  feeSpikeOptionsSchema
    .extend({
      baseFee: z
        .string({ error: baseFeeText })
        .regex(/^\d{1,20}$/, { error: baseFeeText })
        .transform(BigInt)
        .pipe(feeSpikeBaseFeeSchema)
        .describe(`The base fee per gas of each of the next blocks: ${baseFeeText}.`),
    })
    .meta({ id: "FeeSpikeRequest" }),
);

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
    z.object({
      type: z.literal("adminCall"),
      at,
      method: z.string().describe("The admin method called on the chain's port (anvil_setBalance, …)."),
      client: z.string().describe("The client's address."),
      token: z.string().describe("The name of the token it called with (admin), never its value."),
      block: blockNumber.nullable().describe("The chain's head then; null when it could not be read."),
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
    case "adminCall":
      return { ...event, block: event.block === null ? null : Number(event.block) };
    default:
      return event;
  }
}
