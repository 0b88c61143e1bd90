import {
  type Abi,
  type AbiFunction,
  type Address,
  BaseError,
  encodeFunctionData,
  getAddress,
  type Hex,
  isAddress,
  toHex,
} from "viem";
import { formatAbiItem } from "viem/utils";
import type { StateOverrides, TraceCallRequest } from "../../chain/nodeClient.js";
import { InvalidSimulationError } from "../../errors/explorer.js";
import type { ExplorerContext } from "../ExplorerContext.js";
import { coerce } from "../readContractFunction.js";
import { layoutAt } from "../stateChanges/index.js";
import { readStorageLayout } from "../stateChanges/StorageLayout.js";
import { encodeStorageValue, resolveStoragePath, StoragePathError } from "./resolveStoragePath.js";
import type { AccountOverride, SimulationCall } from "./SimulationShapes.js";

/** Most calls in one simulation. */
export const MOST_CALLS = 16;

/** A call ready for `debug_traceCall`, with the ABI its caller gave. */
export type PreparedCall = { request: TraceCallRequest; abi: Abi | undefined };

/**
 * Each call as `debug_traceCall` takes it: addresses checked, `function` + `args` encoded with the
 * given ABI or the one the explorer knows for `to`. Fails with `INVALID_SIMULATION` naming the
 * call and what is wrong.
 *
 * @example
 * const prepared = await prepareCalls(ctx, [{ from, to: token, function: "approve", args: [spender, "10"] }]);
 */
export async function prepareCalls(
  ctx: ExplorerContext,
  calls: readonly SimulationCall[],
): Promise<PreparedCall[]> {
  if (calls.length === 0) throw new InvalidSimulationError("A simulation needs at least one call.");
  if (calls.length > MOST_CALLS) {
    throw new InvalidSimulationError(`A simulation takes at most ${MOST_CALLS} calls; got ${calls.length}.`);
  }
  return Promise.all(
    calls.map(async (call, index) => {
      const where = `calls[${index}]`;
      const from = checkAddress(call.from, `${where}.from`);
      const to = call.to === undefined || call.to === null ? null : checkAddress(call.to, `${where}.to`);
      if (call.value !== undefined && call.value < 0n)
        throw new InvalidSimulationError(`${where}.value is negative.`);
      const data = await callData(ctx, call, to, where);
      const request: TraceCallRequest = {
        from,
        ...(to ? { to } : {}),
        data,
        value: toHex(call.value ?? 0n),
        ...(call.gas === undefined ? {} : { gas: toHex(call.gas) }),
      };
      return { request, abi: call.abi };
    }),
  );
}

async function callData(
  ctx: ExplorerContext,
  call: SimulationCall,
  to: Address | null,
  where: string,
): Promise<Hex> {
  if (call.function === undefined) {
    if (call.args !== undefined) throw new InvalidSimulationError(`${where}: args need a function.`);
    if (call.data !== undefined && !/^0x([0-9a-fA-F]{2})*$/.test(call.data)) {
      throw new InvalidSimulationError(`${where}.data must be 0x and an even number of hex digits.`);
    }
    if (to === null && (call.data ?? "0x") === "0x") {
      throw new InvalidSimulationError(`${where}: a deployment (no to) needs its creation code as data.`);
    }
    return call.data ?? "0x";
  }
  if (call.data !== undefined) throw new InvalidSimulationError(`${where}: give data or function, not both.`);
  if (to === null) throw new InvalidSimulationError(`${where}: a function call needs a to address.`);
  const known = call.abi ? undefined : await ctx.registry.lookup(to);
  const abi = call.abi ?? known?.abi;
  if (!abi) {
    throw new InvalidSimulationError(
      `${where}: no ABI is known for ${to}; give abi, raw data, or load the contract's artifacts.`,
    );
  }
  const name = known?.name ?? "the ABI";
  const args = call.args ?? [];
  const functions = abi.filter((item): item is AbiFunction => item.type === "function");
  const named = functions.filter(
    (item) => item.name === call.function || formatAbiItem(item) === call.function?.replace(/\s+/g, ""),
  );
  const item = named.find((candidate) => candidate.inputs.length === args.length) ?? named[0];
  if (!item) {
    throw new InvalidSimulationError(
      `${where}: ${name} has no function "${String(call.function).slice(0, 80)}".`,
    );
  }
  if (item.inputs.length !== args.length) {
    throw new InvalidSimulationError(
      `${where}: ${formatAbiItem(item)} takes ${item.inputs.length} argument(s); got ${args.length}.`,
    );
  }
  try {
    const values = item.inputs.map((input, position) =>
      coerce(input, args[position], input.name || `arg${position}`),
    );
    return encodeFunctionData({ abi: [item], functionName: item.name, args: values });
  } catch (cause) {
    const reason = cause instanceof BaseError ? cause.shortMessage : (cause as Error).message;
    throw new InvalidSimulationError(`${where}: the arguments do not fit ${formatAbiItem(item)}: ${reason}`, {
      cause,
    });
  }
}

/**
 * The overrides as `debug_traceCall` takes them: storage paths resolved to slots with the layout of
 * the contract's artifact (the override's code's, when it replaces the code), packed variables
 * merged into their slot's word as it is at `blockNumber`. Fails with `INVALID_SIMULATION` naming
 * the address and the path.
 *
 * @example
 * await prepareOverrides(ctx, { [pool]: { storage: { "_debt[0x…][0x…]": "2000000000" } } }, 99n);
 */
export async function prepareOverrides(
  ctx: ExplorerContext,
  overrides: Record<string, AccountOverride> | undefined,
  blockNumber: bigint,
): Promise<StateOverrides> {
  const prepared: StateOverrides = {};
  for (const [key, override] of Object.entries(overrides ?? {})) {
    const address = checkAddress(key, `overrides[${key.slice(0, 42)}]`);
    const where = `overrides[${address}]`;
    const account: StateOverrides[Address] = {};
    if (override.balance !== undefined) {
      if (override.balance < 0n) throw new InvalidSimulationError(`${where}.balance is negative.`);
      account.balance = toHex(override.balance);
    }
    if (override.nonce !== undefined) {
      if (!Number.isSafeInteger(override.nonce) || override.nonce < 0) {
        throw new InvalidSimulationError(`${where}.nonce must be a non-negative integer.`);
      }
      account.nonce = toHex(override.nonce);
    }
    if (override.code !== undefined) {
      if (!/^0x([0-9a-fA-F]{2})*$/.test(override.code)) {
        throw new InvalidSimulationError(`${where}.code must be 0x and an even number of hex digits.`);
      }
      account.code = override.code;
    }
    const storage = Object.entries(override.storage ?? {});
    if (storage.length > 0)
      account.stateDiff = await storageDiff(ctx, address, override, storage, blockNumber);
    prepared[address] = account;
  }
  return prepared;
}

async function storageDiff(
  ctx: ExplorerContext,
  address: Address,
  override: AccountOverride,
  entries: [string, AccountOverride["storage"] extends Record<string, infer V> | undefined ? V : never][],
  blockNumber: bigint,
): Promise<Record<Hex, Hex>> {
  const where = `overrides[${address}].storage`;
  const diff: Record<Hex, Hex> = {};
  let layout: ReturnType<typeof readStorageLayout>;
  const needsLayout = entries.some(([path]) => !/^0x[0-9a-fA-F]{1,64}$/.test(path));
  if (needsLayout) {
    const artifact = override.code ? ctx.artifacts.matchCode(override.code) : undefined;
    layout = artifact ? readStorageLayout(artifact.storageLayout) : await layoutAt(ctx, address);
    if (!layout) {
      throw new InvalidSimulationError(
        `${where}: no storage layout is known for ${address} (load a build with storage layouts, or give raw slots).`,
      );
    }
  }
  for (const [path, value] of entries) {
    if (/^0x[0-9a-fA-F]{1,64}$/.test(path)) {
      const slot = toHex(BigInt(path), { size: 32 });
      diff[slot] = rawWord(value, `${where}["${path}"]`);
      continue;
    }
    try {
      const location = resolveStoragePath(layout as NonNullable<typeof layout>, path);
      const slot = toHex(location.slot, { size: 32 });
      const current =
        diff[slot] ??
        (location.size < 32
          ? ((await ctx.reader.getStorageAt({ address, slot, blockNumber })) ?? toHex(0n, { size: 32 }))
          : toHex(0n, { size: 32 }));
      diff[slot] = encodeStorageValue(location, value, current, path);
    } catch (error) {
      if (!(error instanceof StoragePathError)) throw error;
      throw new InvalidSimulationError(
        `${where}: "${path.slice(0, 200)}" does not resolve: ${error.reason}.`,
      );
    }
  }
  return diff;
}

/** A raw slot's value: a 32-byte word from an integer or hex. */
function rawWord(value: unknown, where: string): Hex {
  let word: bigint;
  if (typeof value === "bigint") word = value;
  else if (typeof value === "number" && Number.isSafeInteger(value)) word = BigInt(value);
  else if (typeof value === "string" && /^(\d+|0x[0-9a-fA-F]{1,64})$/.test(value)) word = BigInt(value);
  else
    throw new InvalidSimulationError(
      `${where}: a raw slot's value is an integer or up to 32 bytes of 0x hex.`,
    );
  if (word < 0n || word >= 1n << 256n)
    throw new InvalidSimulationError(`${where}: the value does not fit 32 bytes.`);
  return toHex(word, { size: 32 });
}

function checkAddress(value: unknown, where: string): Address {
  if (typeof value !== "string" || !isAddress(value, { strict: false })) {
    throw new InvalidSimulationError(`${where} is not an address (0x and 40 hex digits).`);
  }
  return getAddress(value);
}
