import type { AccountOverride, SimulatedCall, Simulation, SimulationCall } from "@privnet/core";
import { parseEther } from "viem";
import { z } from "zod";
import {
  callFrame,
  chainLog,
  chainTransaction,
  decodedArgument,
  jsonValue,
  toCallFrameBody,
  toLogBody,
  toTransactionBody,
} from "./explorer.js";
import { addressInput, isoTimestamp } from "./fields.js";
import { revertLocation } from "./revertLocation.js";
import { stateChanges, toStateChangesBody } from "./stateChanges.js";

// A simulation's body and answer. Amounts of ETH are decimal strings (value, balance), storage
// values as the variable's type reads them (integers as decimal or 0x hex strings).

const hexData = (what: string) =>
  z
    .string({ error: "must be a string" })
    .regex(/^0x([0-9a-fA-F]{2})*$/, { error: "must be 0x and an even number of hex digits" })
    .max(2 + 2 * 128 * 1024, { error: "must be at most 128 KiB" })
    .describe(what);
const ether = (what: string) =>
  z
    .string({ error: "must be a decimal string" })
    .regex(/^\d{1,30}(\.\d{1,18})?$/, { error: "must be decimal ETH (at most 18 decimals)" })
    .describe(`${what}: decimal ETH, e.g. "1.5".`);
const integer = (what: string) =>
  z
    .union([z.int().nonnegative(), z.string().regex(/^\d{1,30}$/)], {
      error: "must be a non-negative integer",
    })
    .describe(`${what}: a non-negative integer (a number or a decimal string).`);

const callFields = {
  from: addressInput("from"),
  data: hexData("Calldata (or, without `to`, creation code).").optional(),
  function: z
    .string({ error: "must be a string" })
    .min(1)
    .max(200)
    .optional()
    .describe(
      "A function of the ABI the explorer knows for `to` (registered, platform or artifact), by name or full signature; with `args`.",
    ),
  args: z
    .array(z.unknown())
    .max(64)
    .optional()
    .describe("The function's arguments as JSON: integers as decimal strings."),
  value: ether("ETH sent with the call").optional(),
  gas: integer("Gas limit (default: the block's)").optional(),
};

const simulationCallInput = z.strictObject({
  ...callFields,
  to: addressInput("to").nullable().optional().describe("Null or left out: a deployment."),
});

export const accountOverridesInput = z
  .record(
    z.string().regex(/^0x[0-9a-fA-F]{40}$/, { error: "keys must be addresses (0x and 40 hex digits)" }),
    z.strictObject({
      balance: ether("The account's balance").optional(),
      nonce: z.int().nonnegative().optional(),
      code: hexData("The account's code instead of the chain's.").optional(),
      storage: z
        .record(
          z.string().min(1).max(300),
          z.union([z.string().max(80), z.number(), z.boolean()], {
            error: "values are strings, numbers or booleans",
          }),
        )
        .optional()
        .describe(
          "By variable path from the contract's storage layout (`balances[0x…]`, `positions[7].debt`, `_debt[0x…][0x…]`) or raw slot (`0x…`), each to a value: integers as decimal or 0x hex strings, addresses, true/false.",
        ),
    }),
  )
  .describe("What accounts hold during the simulation instead of the chain's state.");

export const simulateBody = z.strictObject({
  calls: z
    .array(simulationCallInput)
    .min(1, { error: "needs at least one call" })
    .max(16, { error: "takes at most 16 calls" }),
  block: z
    .union([z.int().nonnegative(), z.literal("latest")], { error: 'must be a block number or "latest"' })
    .optional()
    .describe("The block whose state the calls start from (default: the head)."),
  overrides: accountOverridesInput.optional(),
  blockOverrides: z
    .strictObject({ number: z.int().nonnegative().optional(), time: z.int().nonnegative().optional() })
    .optional()
    .describe("The block number and time (unix seconds) the calls run with (default: the next block's)."),
  save: z.boolean().optional().describe("Keep the answer, to open again at GET /chain/simulations/{id}."),
});

export const rerunBody = z.strictObject({
  ...callFields,
  from: addressInput("from").optional().describe("Another sender (default: the original's)."),
  overrides: accountOverridesInput.optional(),
});

export const simulatedCall = z
  .object({
    transaction: chainTransaction
      .omit({
        hash: true,
        blockHash: true,
        index: true,
        timestamp: true,
        effectiveGasPrice: true,
        fee: true,
        formattedFee: true,
        sentByPrivnet: true,
      })
      .extend({
        index: z.number().int().describe("Its place in the bundle, from 0."),
        timestamp: z.number().int().describe("The block time it ran with (unix seconds)."),
      }),
    returnData: z.string().nullable().describe("The return data; null for a deployment or a revert."),
    returned: z.array(decodedArgument).nullable().describe("The return data decoded, when the ABI is known."),
    logs: z.array(chainLog),
    revertReason: z.string().nullable(),
    trace: callFrame.nullable(),
    revertLocation: revertLocation.nullable(),
    consoleLogs: z.array(z.string()),
    nonce: z.number().int(),
    gasLimit: z.string().regex(/^\d+$/),
    input: z.string(),
    stateChanges: stateChanges.nullable(),
  })
  .meta({ id: "SimulatedCall" });

export const simulation = z
  .object({
    id: z.string().nullable().describe("Set when saved: GET /chain/simulations/{id}."),
    createdAt: isoTimestamp,
    blockNumber: z.number().int().describe("The block whose state the calls started from."),
    runBlock: z.object({ number: z.number().int(), time: z.number().int() }),
    calls: z.array(simulatedCall),
  })
  .meta({ id: "Simulation" });

/** A call of the body as the SDK takes it (value in wei). */
export function toSimulationCall(call: z.output<typeof simulationCallInput>): SimulationCall {
  return {
    from: call.from,
    to: call.to ?? null,
    data: call.data as `0x${string}` | undefined,
    function: call.function,
    args: call.args,
    value: call.value === undefined ? undefined : parseEther(call.value),
    gas: call.gas === undefined ? undefined : BigInt(call.gas),
  };
}

/** Overrides of the body as the SDK takes them (balance in wei). */
export function toAccountOverrides(
  overrides: z.output<typeof accountOverridesInput> | undefined,
): Record<string, AccountOverride> | undefined {
  if (!overrides) return undefined;
  return Object.fromEntries(
    Object.entries(overrides).map(([address, override]) => [
      address,
      {
        balance: override.balance === undefined ? undefined : parseEther(override.balance),
        nonce: override.nonce,
        code: override.code as `0x${string}` | undefined,
        storage: override.storage,
      },
    ]),
  );
}

export function toSimulatedCallBody(call: SimulatedCall): z.input<typeof simulatedCall> {
  const { hash, blockHash, effectiveGasPrice, fee, formattedFee, sentByPrivnet, index, timestamp, ...shown } =
    toTransactionBody({
      ...call.transaction,
      hash: `0x${"0".repeat(64)}`,
      blockHash: null,
      effectiveGasPrice: 0n,
      fee: 0n,
      sentByPrivnet: false,
    });
  return {
    ...call,
    transaction: { ...shown, index: call.transaction.index, timestamp: call.transaction.timestamp },
    returned:
      call.returned === null ? null : call.returned.map((arg) => ({ ...arg, value: jsonValue(arg.value) })),
    logs: call.logs.map(toLogBody),
    trace: call.trace && toCallFrameBody(call.trace),
    gasLimit: call.gasLimit.toString(),
    stateChanges: call.stateChanges && toStateChangesBody(call.stateChanges),
  };
}

export function toSimulationBody(answer: Simulation): z.input<typeof simulation> {
  return {
    ...answer,
    blockNumber: Number(answer.blockNumber),
    runBlock: { number: Number(answer.runBlock.number), time: answer.runBlock.time },
    calls: answer.calls.map(toSimulatedCallBody),
  };
}
