import { ChainUnreachableError, InvalidBotConfigError } from "@privnet/core";
import { type BotConfigOf, defineBot, deployBotContract } from "@privnet/core/bots";
import { gasBurnerAbi, gasBurnerBytecode } from "@privnet/core/contracts";
import {
  type Abi,
  type AbiFunction,
  type Address,
  decodeFunctionData,
  encodeDeployData,
  encodeFunctionData,
  getAddress,
  type Hex,
  isAddress,
  parseAbi,
} from "viem";
import { z } from "zod";
import { SCENARIO_KEY_INDEXES } from "../keyIndexes.js";
import { callArgument, drawArgument } from "./callArguments.js";
import { GAS_BURNER_OVERHEAD } from "./gasBurnerBot.js";

export const callBotSchema = z.object({
  /** The contract called; null: a GasBurner the bot deploys (its `burn(uint256)`, the default call). */
  address: z
    .string()
    .refine((value) => isAddress(value, { strict: false }), "must be a 0x-prefixed 20-byte address")
    .nullable(),
  /** The contract's ABI: JSON ABI items, or human-readable signatures ("function approve(address,uint256)"). */
  abi: z.union([z.array(z.string()).min(1), z.array(z.record(z.string(), z.unknown())).min(1)]),
  /** The function called (its name; a name the ABI overloads takes its signature, e.g. "f(uint256)"). */
  functionName: z.string().min(1),
  /** One spec per parameter: `{ fixed }`, `{ range: { min, max } }`, `{ oneOf: […] }` or `{ random: true }`. */
  args: z.array(callArgument),
  /** Wei sent with each call, a decimal string. */
  value: z.string().regex(/^\d+$/, "must be a whole number of wei, as a decimal string"),
  /**
   * Gas limit per call; null: the node's estimate + 20 %, asked on each call (the default GasBurner's
   * `burn(amount)` is not asked: it takes amount + 26,000). An estimate per call bounds the rate:
   * anvil takes ~40 ms for one against a pool thousands deep; give `gas` to fill blocks.
   */
  gas: z.number().int().min(21_000).max(1_000_000_000).nullable(),
});

/** The call scenario's settings. */
export type CallBotConfig = BotConfigOf<typeof callBotSchema>;

export const CALL_BOT_DEFAULTS: CallBotConfig = {
  interval: 1_000,
  maxPending: 64,
  address: null,
  abi: ["function burn(uint256 amount)"],
  functionName: "burn",
  args: [{ range: { min: "50000", max: "200000" } }],
  value: "0",
  gas: null,
};

/** The function the config names, from its ABI; INVALID_BOT_CONFIG when it cannot be called as configured. */
export function callTarget(config: CallBotConfig): { abi: Abi; fn: AbiFunction } {
  const invalid = (reason: string) => new InvalidBotConfigError("call", reason);
  let abi: Abi;
  try {
    abi = (
      typeof config.abi[0] === "string" ? parseAbi(config.abi as string[]) : (config.abi as unknown as Abi)
    ) as Abi;
  } catch (error) {
    throw invalid(`abi: ${error instanceof Error ? error.message.split("\n")[0] : String(error)}`);
  }
  const name = config.functionName;
  const candidates = abi.filter(
    (item): item is AbiFunction =>
      item.type === "function" &&
      (item.name === name || `${item.name}(${item.inputs.map((input) => input.type).join(",")})` === name),
  );
  if (candidates.length === 0)
    throw invalid(`functionName: the ABI has no function ${JSON.stringify(name)}.`);
  if (candidates.length > 1) {
    throw invalid(
      `functionName: ${JSON.stringify(name)} is overloaded; name it by its signature, e.g. "${name}(uint256)".`,
    );
  }
  const fn = candidates[0] as AbiFunction;
  if (config.args.length !== fn.inputs.length) {
    throw invalid(`args: ${fn.name} takes ${fn.inputs.length} arguments, got ${config.args.length}.`);
  }
  if (BigInt(config.value) > 0n && fn.stateMutability !== "payable") {
    throw invalid(`value: ${fn.name} is not payable.`);
  }
  return { abi, fn };
}

/** One call's data: each argument drawn per its spec. */
export function callData(target: { abi: Abi; fn: AbiFunction }, config: CallBotConfig): Hex {
  const args = target.fn.inputs.map((input, index) => {
    const spec = config.args[index];
    if (!spec) throw new InvalidBotConfigError("call", `args[${index}] is missing.`);
    try {
      return drawArgument(input, spec);
    } catch (error) {
      throw new InvalidBotConfigError(
        "call",
        `args[${index}]: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  });
  try {
    return encodeFunctionData({ abi: [target.fn], functionName: target.fn.name, args } as never);
  } catch (error) {
    throw new InvalidBotConfigError(
      "call",
      `args do not encode for ${target.fn.name}: ${error instanceof Error ? error.message.split("\n")[0] : String(error)}`,
    );
  }
}

/**
 * The call scenario: calls one function of a deployed contract at its interval, each argument
 * fixed or drawn (a range, a list, a random value of its type). With no `address` it deploys a
 * GasBurner and calls its `burn(uint256)`. A config whose function, arguments or value do not fit
 * the ABI, or an address without code, is refused at start (`INVALID_BOT_CONFIG`).
 */
export const callBot = defineBot({
  name: "call",
  keyIndex: SCENARIO_KEY_INDEXES.call,
  env: { prefix: "CALL" },
  schema: callBotSchema,
  defaults: CALL_BOT_DEFAULTS,
  async check({ config, client }) {
    const target = callTarget(config);
    callData(target, config); // every spec draws and encodes
    if (config.address === null) return;
    const code = await client.getCode({ address: getAddress(config.address) }).catch((error: unknown) => {
      throw new ChainUnreachableError({ cause: error });
    });
    if (!code || code === "0x") {
      throw new InvalidBotConfigError("call", `address: no contract at ${config.address} on this chain.`);
    }
  },
  async setup(ctx) {
    let address: Address;
    if (ctx.config.address === null) {
      ({ address } = await deployBotContract(
        ctx,
        "burner",
        encodeDeployData({ abi: gasBurnerAbi, bytecode: gasBurnerBytecode }),
        "GasBurner",
      ));
    } else {
      address = getAddress(ctx.config.address);
    }
    // Its own GasBurner's cost is known without asking the node: the amount burned + the overhead.
    const ownBurner = ctx.config.address === null;
    return { address, target: callTarget(ctx.config), value: BigInt(ctx.config.value), ownBurner };
  },
  async tick(ctx, run) {
    const data = callData(run.target, ctx.config);
    let gas = ctx.config.gas === null ? undefined : BigInt(ctx.config.gas);
    if (gas === undefined && run.ownBurner && run.target.fn.name === "burn") {
      const [amount] = decodeFunctionData({ abi: gasBurnerAbi, data }).args;
      gas = amount + GAS_BURNER_OVERHEAD;
    }
    await ctx.send({ to: run.address, data, value: run.value, gas });
  },
});
