import type { Hash } from "viem";
import { z } from "zod";

// The settings of every fault, written once: `ChainFaults`' option types are `z.infer` of these,
// the SDK and the devnet check with them (`parseFaultOptions`), and the admin API's request bodies
// and OpenAPI document are built from them. Each rule is a message a person reads after the
// field's name ("`depth`: an integer from 1 to 64").

/** The deepest reorganisation, and the most blocks a new branch has beyond it. */
export const MAX_REORG_DEPTH = 64;
/** The longest stall or refused RPC, in milliseconds (ten minutes). */
export const MAX_TIMED_FAULT_MS = 600_000;
/** The most blocks a fee spike lasts. */
export const MAX_FEE_SPIKE_BLOCKS = 1_000;
/** The lowest base fee a fee spike sets, in wei: a block's base fee is never 0 after London. */
export const MIN_BASE_FEE = 1n;
/** The highest base fee a block header holds (64 bits), in wei. */
export const MAX_BASE_FEE = 2n ** 64n - 1n;
/** The most transactions one reorganisation drops by hash. */
export const MAX_DROPPED = 10_000;

/** An integer field from `min` to `max`; its rule is the message of every way it can be wrong. */
const integer = (min: number, max: number) => {
  const rule = `an integer from ${min} to ${max}`;
  return z.int({ error: rule }).min(min, { error: rule }).max(max, { error: rule });
};
const flag = z.boolean({ error: "true or false" });
const hash = z
  .string({ error: "a transaction hash (0x and 64 hex digits)" })
  .regex(/^0x[0-9a-fA-F]{64}$/, { error: "a transaction hash (0x and 64 hex digits)" })
  .transform((value) => value as Hash);

/** What {@link ChainFaults.reorg} takes. */
export const reorgOptionsSchema = z
  .strictObject(
    {
      depth: integer(1, MAX_REORG_DEPTH).describe(
        `Blocks taken back from the head and replaced by new ones: 1 to ${MAX_REORG_DEPTH}.`,
      ),
      drop: z
        .array(hash, { error: "a list of transaction hashes" })
        .max(MAX_DROPPED, { error: `at most ${MAX_DROPPED} transaction hashes` })
        .optional()
        .describe(
          "Transactions of the orphaned blocks not mined again on the new branch. Default: none (every orphaned transaction is mined again).",
        ),
      dropTo: z
        .enum(["discard", "pool"], { error: '"discard" or "pool"' })
        .optional()
        .describe(
          'Where the dropped ones go: "discard" (gone: not in the pool, not on the chain) or "pool" (pending again, mined by a later block). Default "discard".',
        ),
      reorder: flag
        .optional()
        .describe(
          "Mine the orphaned transactions again in another order (each sender's own kept). Default false.",
        ),
      extraBlocks: integer(0, MAX_REORG_DEPTH)
        .optional()
        .describe(
          `Blocks the new branch has beyond depth (it is never shorter than the old one): 0 to ${MAX_REORG_DEPTH}. Default 0.`,
        ),
    },
    { error: "an object of settings" },
  )
  .meta({ id: "ReorgRequest" });

/** What {@link ChainFaults.restart} takes. */
export const restartOptionsSchema = z
  .strictObject(
    {
      keepPool: flag
        .optional()
        .describe(
          "Send the pool's transactions to the restarted node again. Default false: the pool is lost, as a real restart loses it.",
        ),
    },
    { error: "an object of settings" },
  )
  .meta({ id: "RestartRequest" });

/** What the timed faults, {@link ChainFaults.stall} and {@link ChainFaults.unreachable}, take. */
export const timedFaultOptionsSchema = z
  .strictObject(
    {
      ms: integer(1, MAX_TIMED_FAULT_MS).describe(`How long, in milliseconds: 1 to ${MAX_TIMED_FAULT_MS}.`),
    },
    { error: "an object of settings" },
  )
  .meta({ id: "TimedFaultRequest" });

const baseFeeRule = `wei from ${MIN_BASE_FEE} to ${MAX_BASE_FEE}`;
/** A fee spike's base fee, in wei (its rule, shared by every form the field takes). */
export const feeSpikeBaseFeeSchema = z
  .bigint({ error: "a bigint (wei)" })
  .min(MIN_BASE_FEE, { error: baseFeeRule })
  .max(MAX_BASE_FEE, { error: baseFeeRule });
const feeSpikeBlocks = integer(1, MAX_FEE_SPIKE_BLOCKS).describe(
  `Blocks mined at that base fee: 1 to ${MAX_FEE_SPIKE_BLOCKS}; afterwards it falls back as EIP-1559 lets it.`,
);

/** What {@link ChainFaults.feeSpike} takes. */
export const feeSpikeOptionsSchema = z.strictObject(
  {
    baseFee: feeSpikeBaseFeeSchema.describe(
      `The base fee per gas, in wei, of each of the next \`blocks\` blocks: ${MIN_BASE_FEE} to ${MAX_BASE_FEE}.`,
    ),
    blocks: feeSpikeBlocks,
  },
  { error: "an object of settings" },
);

/** The settings of each fault that takes any, by the fault's name. */
export const faultOptionsSchemas = {
  reorg: reorgOptionsSchema,
  restart: restartOptionsSchema,
  stall: timedFaultOptionsSchema,
  unreachable: timedFaultOptionsSchema,
  feeSpike: feeSpikeOptionsSchema,
} as const;

/** The name of a fault that takes settings. */
export type FaultWithOptions = keyof typeof faultOptionsSchemas;
