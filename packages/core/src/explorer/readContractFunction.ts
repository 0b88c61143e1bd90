import {
  type AbiFunction,
  type AbiParameter,
  type Address,
  BaseError,
  decodeFunctionResult,
  encodeFunctionData,
  type Hex,
} from "viem";
import { formatAbiItem } from "viem/utils";
import {
  ContractNotFoundError,
  ContractReadRevertedError,
  InvalidContractCallError,
} from "../errors/explorer.js";
import { parseAddress } from "../input/parseAddress.js";
import { decodeRevert } from "./decodeWithAbi.js";
import type { ExplorerContext } from "./ExplorerContext.js";
import { revertData } from "./revertData.js";

/**
 * Calls a view or pure function of a contract whose ABI the explorer knows (platform, bot or
 * registered), with arguments as JSON gives them (integers as decimal strings or numbers), and
 * answers what it returns as viem decodes it (one output: the value; several: an array).
 * `fn` is a name or a full signature (`balanceOf(address)`) for an overloaded one. Fails with
 * `CONTRACT_NOT_FOUND` (no ABI), `INVALID_CONTRACT_CALL` (unknown or writing function, arguments
 * that do not fit) or `CONTRACT_READ_REVERTED`.
 *
 * @example
 * await platform.contracts.read(oracle, "getPriceInfo", [token]);
 */
export async function readContractFunction(
  ctx: ExplorerContext,
  address: Address | string,
  fn: string,
  args: readonly unknown[] = [],
): Promise<unknown> {
  const target = parseAddress(address, "address");
  const known = await ctx.registry.lookup(target);
  if (!known) throw new ContractNotFoundError(target);
  const functions = known.abi.filter((item): item is AbiFunction => item.type === "function");
  const reads = functions.filter(
    (item) => item.stateMutability === "view" || item.stateMutability === "pure",
  );
  const named = reads.filter((item) => item.name === fn || formatAbiItem(item) === fn.replace(/\s+/g, ""));
  const item = named.find((candidate) => candidate.inputs.length === args.length) ?? named[0];
  if (!item) {
    const writes = functions.some((candidate) => candidate.name === fn);
    throw new InvalidContractCallError(
      writes
        ? `${known.name}.${fn} changes state: only view and pure functions can be read.`
        : `${known.name} has no view function "${fn.slice(0, 80)}"; it has ${reads.map((candidate) => candidate.name).join(", ") || "none"}.`,
    );
  }
  if (!Array.isArray(args) || args.length !== item.inputs.length) {
    throw new InvalidContractCallError(
      `${formatAbiItem(item)} takes ${item.inputs.length} argument(s); got ${Array.isArray(args) ? args.length : "no list"}.`,
    );
  }
  let data: Hex;
  try {
    const values = item.inputs.map((input, position) =>
      coerce(input, args[position], input.name || `arg${position}`),
    );
    data = encodeFunctionData({ abi: [item], functionName: item.name, args: values });
  } catch (cause) {
    const reason = cause instanceof BaseError ? cause.shortMessage : (cause as Error).message;
    throw new InvalidContractCallError(`The arguments do not fit ${formatAbiItem(item)}: ${reason}`, {
      cause,
    });
  }
  let output: Hex | undefined;
  try {
    ({ data: output } = await ctx.reader.call({ to: target, data }));
  } catch (error) {
    const revert = revertData(error);
    throw new ContractReadRevertedError(decodeRevert(known.abi, revert) ?? "no reason given");
  }
  if (output === undefined || output === "0x") {
    if (item.outputs.length === 0) return null;
    throw new ContractReadRevertedError("the call returned nothing (is this the right contract?)");
  }
  return decodeFunctionResult({ abi: [item], functionName: item.name, data: output });
}

/** A JSON value as the ABI type wants it: integers to bigint, arrays and tuples member by member (throws naming `path`). */
export function coerce(parameter: AbiParameter, value: unknown, path: string): unknown {
  const array = /^(.*)\[(\d*)\]$/.exec(parameter.type);
  if (array) {
    if (!Array.isArray(value)) throw new Error(`${path} must be an array`);
    const inner = { ...parameter, type: array[1] as string };
    return value.map((entry, index) => coerce(inner, entry, `${path}[${index}]`));
  }
  if (parameter.type === "tuple") {
    const components = (parameter as { components?: readonly AbiParameter[] }).components ?? [];
    if (Array.isArray(value))
      return components.map((component, index) => coerce(component, value[index], `${path}.${index}`));
    if (value === null || typeof value !== "object") throw new Error(`${path} must be an object or an array`);
    return Object.fromEntries(
      components.map((component, index) => [
        component.name ?? String(index),
        coerce(
          component,
          (value as Record<string, unknown>)[component.name ?? String(index)],
          `${path}.${component.name}`,
        ),
      ]),
    );
  }
  if (/^u?int\d*$/.test(parameter.type)) {
    if (typeof value === "number" && Number.isSafeInteger(value)) return BigInt(value);
    if (typeof value === "string" && /^-?\d+$/.test(value.trim())) return BigInt(value.trim());
    throw new Error(`${path} must be an integer (a decimal string or a number)`);
  }
  if (parameter.type === "bool") {
    if (typeof value === "boolean") return value;
    if (value === "true" || value === "false") return value === "true";
    throw new Error(`${path} must be true or false`);
  }
  if (parameter.type === "address") return parseAddress(value, path);
  if (typeof value !== "string") throw new Error(`${path} must be a string`);
  return value;
}
