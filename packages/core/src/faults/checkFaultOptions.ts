import type {
  FeeSpikeOptions,
  ReorgOptions,
  RestartOptions,
  TimedFaultOptions,
} from "../chain/ChainFaults.js";
import { InvalidFaultError } from "../errors/faults.js";
import { quoteInput } from "../errors/quoteInput.js";

/** The deepest reorganisation, and the most blocks a new branch has beyond it. */
export const MAX_REORG_DEPTH = 64;
/** The longest stall or refused RPC, in milliseconds (ten minutes). */
export const MAX_TIMED_FAULT_MS = 600_000;
/** The most blocks a fee spike lasts. */
export const MAX_FEE_SPIKE_BLOCKS = 1_000;
/** The highest base fee a block header holds (64 bits), in wei. */
export const MAX_BASE_FEE = 2n ** 64n - 1n;
/** The most transactions one reorganisation drops by hash. */
export const MAX_DROPPED = 10_000;

const HASH = /^0x[0-9a-fA-F]{64}$/;

/**
 * Checks a reorganisation's settings (see {@link ReorgOptions}) as given by any caller, typed or
 * not: `FAULT_INVALID` naming the first setting out of range.
 */
export function checkReorgOptions(options: unknown): ReorgOptions {
  const given = record(options);
  const depth = integer(given, "depth", 1, MAX_REORG_DEPTH, true);
  const extraBlocks = integer(given, "extraBlocks", 0, MAX_REORG_DEPTH, false);
  const drop = given.drop;
  if (drop !== undefined) {
    if (!Array.isArray(drop)) throw new InvalidFaultError("drop", "expected an array of transaction hashes");
    if (drop.length > MAX_DROPPED) throw new InvalidFaultError("drop", `at most ${MAX_DROPPED} hashes`);
    for (const [index, hash] of drop.entries()) {
      if (typeof hash !== "string" || !HASH.test(hash)) {
        throw new InvalidFaultError(`drop[${index}]`, `expected a transaction hash, got ${quoteInput(hash)}`);
      }
    }
  }
  const dropTo = given.dropTo;
  if (dropTo !== undefined && dropTo !== "discard" && dropTo !== "pool") {
    throw new InvalidFaultError("dropTo", `expected "discard" or "pool", got ${quoteInput(dropTo)}`);
  }
  const reorder = boolean(given, "reorder");
  return {
    depth: depth as number,
    ...(drop === undefined ? {} : { drop: drop as ReorgOptions["drop"] }),
    ...(dropTo === undefined ? {} : { dropTo }),
    ...(reorder === undefined ? {} : { reorder }),
    ...(extraBlocks === undefined ? {} : { extraBlocks }),
  };
}

/** Checks a restart's settings (see {@link RestartOptions}); none is fine. */
export function checkRestartOptions(options: unknown): RestartOptions {
  if (options === undefined) return {};
  const keepPool = boolean(record(options), "keepPool");
  return keepPool === undefined ? {} : { keepPool };
}

/** Checks a stall's or a refused RPC's length (see {@link TimedFaultOptions}). */
export function checkTimedFaultOptions(options: unknown): TimedFaultOptions {
  return { ms: integer(record(options), "ms", 1, MAX_TIMED_FAULT_MS, true) as number };
}

/** Checks a fee spike's settings (see {@link FeeSpikeOptions}). */
export function checkFeeSpikeOptions(options: unknown): FeeSpikeOptions {
  const given = record(options);
  const { baseFee } = given;
  if (typeof baseFee !== "bigint") {
    throw new InvalidFaultError("baseFee", `expected a bigint (wei), got ${quoteInput(baseFee)}`);
  }
  if (baseFee < 1n || baseFee > MAX_BASE_FEE) {
    throw new InvalidFaultError("baseFee", `expected 1 to ${MAX_BASE_FEE} wei, got ${baseFee}`);
  }
  const blocks = integer(given, "blocks", 1, MAX_FEE_SPIKE_BLOCKS, true) as number;
  return { baseFee, blocks };
}

function record(options: unknown): Record<string, unknown> {
  if (typeof options !== "object" || options === null || Array.isArray(options)) {
    throw new InvalidFaultError("options", `expected an object, got ${quoteInput(options)}`);
  }
  return options as Record<string, unknown>;
}

function integer(
  given: Record<string, unknown>,
  field: string,
  min: number,
  max: number,
  required: boolean,
): number | undefined {
  const value = given[field];
  if (value === undefined) {
    if (required) throw new InvalidFaultError(field, "required");
    return undefined;
  }
  if (typeof value !== "number" || !Number.isInteger(value) || value < min || value > max) {
    throw new InvalidFaultError(field, `expected an integer from ${min} to ${max}, got ${quoteInput(value)}`);
  }
  return value;
}

function boolean(given: Record<string, unknown>, field: string): boolean | undefined {
  const value = given[field];
  if (value !== undefined && typeof value !== "boolean") {
    throw new InvalidFaultError(field, `expected true or false, got ${quoteInput(value)}`);
  }
  return value;
}
