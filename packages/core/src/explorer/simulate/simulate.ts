import { toHex } from "viem";
import { InvalidSimulationError } from "../../errors/explorer.js";
import type { ExplorerContext } from "../ExplorerContext.js";
import { prepareCalls, prepareOverrides } from "./prepareSimulation.js";
import type { SimulateParameters, Simulation } from "./SimulationShapes.js";
import { saveSimulation } from "./savedSimulations.js";
import { traceBundle } from "./traceBundle.js";

/**
 * Simulates one call or a bundle on the chain's state at a block (default the head), each call
 * seeing the ones before it, with account and storage overrides, from any address (no key): every
 * call explained like a mined transaction (see {@link traceBundle}). Nothing on the chain changes.
 * The calls run with the next block's number and time unless `blockOverrides` says otherwise.
 * With `save`, the answer is kept under its `id`. Fails with `INVALID_SIMULATION` naming what is
 * wrong (a call, an override, a storage path that does not resolve, a block the node does not keep).
 *
 * @example
 * const { calls } = await simulate(ctx, {
 *   calls: [{ from: owner, to: token, function: "approve", args: [spender, "100"] }],
 *   overrides: { [pool]: { storage: { "_debt[0x…][0x…]": "2000000000" } } },
 * });
 */
export async function simulate(ctx: ExplorerContext, params: SimulateParameters): Promise<Simulation> {
  const blockNumber = await resolveBlock(ctx, params.block);
  const block = await ctx.reader.getBlock({ blockNumber }).catch(() => null);
  if (!block) throw new InvalidSimulationError(`The node does not hold block ${blockNumber}.`);
  const latest = params.block === undefined || params.block === "latest";
  const time =
    params.blockOverrides?.time ??
    Math.max(Number(block.timestamp) + 1, latest ? Math.floor(Date.now() / 1000) : 0);
  const number = params.blockOverrides?.number ?? blockNumber + 1n;
  if (!Number.isSafeInteger(time) || time < 0 || number < 0n) {
    throw new InvalidSimulationError("blockOverrides: number and time must be non-negative integers.");
  }
  const [calls, overrides, label] = await Promise.all([
    prepareCalls(ctx, params.calls),
    prepareOverrides(ctx, params.overrides, blockNumber),
    ctx.labels.labeller(),
  ]);
  const simulation: Simulation = {
    id: null,
    createdAt: new Date().toISOString(),
    blockNumber,
    runBlock: { number, time },
    calls: await traceBundle(ctx, {
      // A call without a gas limit gets the block's, and says so.
      calls: calls.map((call) => ({
        ...call,
        request: { ...call.request, gas: call.request.gas ?? toHex(block.gasLimit) },
      })),
      blockNumber,
      run: { number, time },
      overrides,
      label,
    }),
  };
  return params.save ? saveSimulation(ctx, simulation) : simulation;
}

async function resolveBlock(ctx: ExplorerContext, block: SimulateParameters["block"]): Promise<bigint> {
  const head = await ctx.reader.getBlockNumber({ cacheTime: 0 });
  if (block === undefined || block === "latest") return head;
  if (typeof block === "number" && !Number.isSafeInteger(block)) {
    throw new InvalidSimulationError(`block must be a block number or "latest"; got ${block}.`);
  }
  const wanted = BigInt(block);
  if (wanted < 0n || wanted > head) {
    throw new InvalidSimulationError(`Block ${wanted} is not on the chain (the head is ${head}).`);
  }
  return wanted;
}
