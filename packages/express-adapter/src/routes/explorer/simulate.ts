import { defineRoute } from "@privnet/http";
import { type Hash, type Hex, parseEther } from "viem";
import { z } from "zod";
import {
  rerunBody,
  simulateBody,
  simulatedCall,
  simulation,
  toAccountOverrides,
  toSimulatedCallBody,
  toSimulationBody,
  toSimulationCall,
} from "../../schemas/simulation.js";
import { chainTransactionDetails, toTransactionDetailsBody } from "../../schemas/transactionDetails.js";

const UNAVAILABLE =
  "The chain or the database does not answer, or the explorer is off (EXPLORER_UNAVAILABLE).";

export const simulateCalls = defineRoute({
  method: "post",
  path: "/chain/simulate",
  operationId: "simulate",
  summary: "Simulate a transaction or a bundle, explained like a mined one",
  description:
    "Runs the calls in order on the chain's state at a block (default: the head), each seeing what the ones before it changed, from any address (no key, no fee: the gas price is zero), with account overrides (balance, nonce, code, storage by variable path from the loaded artifacts' storage layouts or by raw slot) and block overrides. Each call is explained like `GET /chain/transactions/{hash}`: status, gas, the decoded return value or the revert with its source line, decoded events, the call tree, state changes by variable, ETH and token balance changes, console.log output. Nothing on the chain changes. With `save: true` the answer is kept and opened again at `GET /chain/simulations/{id}`.",
  tag: "explorer",
  body: { schema: simulateBody, required: true },
  response: simulation,
  errors: {
    400: "A malformed body (VALIDATION_FAILED, INVALID_ADDRESS), or a simulation that cannot run as given: an unknown function or arguments that do not fit, a storage path that does not resolve (named), a block the node does not keep (INVALID_SIMULATION).",
    503: UNAVAILABLE,
  },
  async handler({ platform, body }) {
    const answer = await platform.explorer.simulate({
      calls: body.calls.map(toSimulationCall),
      block: body.block,
      overrides: toAccountOverrides(body.overrides),
      blockOverrides: body.blockOverrides && {
        number: body.blockOverrides.number === undefined ? undefined : BigInt(body.blockOverrides.number),
        time: body.blockOverrides.time,
      },
      save: body.save,
    });
    return toSimulationBody(answer);
  },
});

export const getSimulation = defineRoute({
  method: "get",
  path: "/chain/simulations/:id",
  operationId: "getSimulation",
  summary: "A saved simulation",
  description: "A simulation run with `save: true`, as it was answered.",
  tag: "explorer",
  params: z.object({ id: z.string().max(64).describe("The simulation's id.") }),
  response: simulation,
  errors: {
    404: "No saved simulation has this id (SIMULATION_NOT_FOUND).",
    503: UNAVAILABLE,
  },
  async handler({ platform, params }) {
    return toSimulationBody(await platform.explorer.simulation(params.id));
  },
});

export const rerunTransaction = defineRoute({
  method: "post",
  path: "/chain/transactions/:hash/rerun",
  operationId: "rerunTransaction",
  summary: "Run a mined transaction again with changes, beside the original",
  description:
    "The same call with what the body changes (other `data` or `function` + `args`, another `from`, `value`, `gas`, account overrides), simulated where the transaction ran: on its parent block's state with the block's earlier transactions applied, with its block's number and time. Answers the original's explanation, the re-run's, and what differs (status, revert reason, return data, gas, the storage each left). Nothing on the chain changes.",
  tag: "explorer",
  params: z.object({
    hash: z
      .string()
      .regex(/^0x[0-9a-fA-F]{64}$/, { error: "must be a transaction hash (0x and 64 hex digits)" })
      .describe("The mined transaction's hash."),
  }),
  body: { schema: rerunBody, required: false },
  response: z
    .object({
      original: chainTransactionDetails,
      rerun: simulatedCall,
      changed: z.object({
        status: z.boolean(),
        revertReason: z.boolean(),
        returnData: z.boolean(),
        gasUsed: z.boolean(),
        storage: z
          .array(
            z.object({
              address: z.string(),
              slot: z.string(),
              name: z.string().nullable().describe("The variable; null for an unnamed slot."),
              original: z
                .string()
                .nullable()
                .describe("What the original left there; null if it did not write it."),
              rerun: z
                .string()
                .nullable()
                .describe("What the re-run left there; null if it did not write it."),
            }),
          )
          .describe("The storage values after each run that differ."),
      }),
    })
    .meta({ id: "RerunResult" }),
  errors: {
    400: "A malformed body (VALIDATION_FAILED, INVALID_ADDRESS), a pending transaction, or changes that cannot run (INVALID_SIMULATION).",
    404: "Neither the node nor the index knows it (TRANSACTION_NOT_FOUND).",
    503: UNAVAILABLE,
  },
  async handler({ platform, params, body }) {
    const result = await platform.explorer.rerun(params.hash as Hash, {
      from: body.from,
      data: body.data as Hex | undefined,
      function: body.function,
      args: body.args,
      value: body.value === undefined ? undefined : parseEther(body.value),
      gas: body.gas === undefined ? undefined : BigInt(body.gas),
      overrides: toAccountOverrides(body.overrides),
    });
    return {
      original: toTransactionDetailsBody(result.original),
      rerun: toSimulatedCallBody(result.rerun),
      changed: result.changed,
    };
  },
});
