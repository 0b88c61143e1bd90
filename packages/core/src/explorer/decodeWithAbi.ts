import {
  type Abi,
  type AbiFunction,
  type AbiParameter,
  decodeErrorResult,
  decodeEventLog,
  decodeFunctionData,
  decodeFunctionResult,
  type Hex,
  toFunctionSelector,
} from "viem";
import { formatAbiItem } from "viem/utils";
import type { DecodedArgument, DecodedCall, DecodedEvent } from "./ExplorerShapes.js";

/**
 * Calldata read with `abi`: the function and its named arguments, or null when the ABI has no
 * function with this selector or the data does not decode.
 *
 * @example
 * decodeCall("PRIV", erc20Abi, input); // { contract: "PRIV", name: "transfer", signature: "transfer(address,uint256)", args: [...] }
 */
export function decodeCall(contract: string, abi: Abi, input: Hex): DecodedCall | null {
  if (input.length < 10) return null;
  try {
    const selector = input.slice(0, 10).toLowerCase();
    const item = abi.find(
      (entry): entry is AbiFunction =>
        entry.type === "function" && toFunctionSelector(entry).toLowerCase() === selector,
    );
    if (!item) return null;
    const { args } = decodeFunctionData({ abi: [item], data: input });
    return { contract, name: item.name, signature: formatAbiItem(item), args: named(item.inputs, args) };
  } catch {
    return null;
  }
}

/**
 * What a call returned, read with the outputs of `abi`'s function for the call's selector; null
 * when the ABI has no such function or the data does not decode.
 *
 * @example
 * decodeResult(erc20Abi, input, output); // [{ name: "arg0", type: "bool", value: true }]
 */
export function decodeResult(abi: Abi, input: Hex, output: Hex): DecodedArgument[] | null {
  if (input.length < 10) return null;
  try {
    const selector = input.slice(0, 10).toLowerCase();
    const item = abi.find(
      (entry): entry is AbiFunction =>
        entry.type === "function" && toFunctionSelector(entry).toLowerCase() === selector,
    );
    if (!item) return null;
    if (item.outputs.length === 0) return [];
    const decoded: unknown = decodeFunctionResult({ abi: [item], functionName: item.name, data: output });
    return named(item.outputs, item.outputs.length === 1 ? [decoded] : (decoded as readonly unknown[]));
  } catch {
    return null;
  }
}

/** A log read with `abi`, or null when no event of the ABI matches it. */
export function decodeEvent(
  contract: string,
  abi: Abi,
  topics: readonly Hex[],
  data: Hex,
): DecodedEvent | null {
  if (topics.length === 0) return null;
  try {
    const decoded = decodeEventLog({ abi, topics: topics as [Hex, ...Hex[]], data, strict: true });
    const item = abi.find(
      (entry) =>
        entry.type === "event" && entry.name === decoded.eventName && matchesTopics(entry.inputs, topics),
    );
    if (item?.type !== "event") return null;
    const values = decoded.args as unknown;
    return {
      contract,
      name: item.name,
      signature: formatAbiItem(item),
      args: item.inputs.map((input, position) => ({
        name: input.name ?? `arg${position}`,
        type: input.type,
        value: Array.isArray(values)
          ? values[position]
          : (values as Record<string, unknown>)[input.name ?? String(position)],
      })),
    };
  } catch {
    return null;
  }
}

/**
 * Revert data read as a reason: `Error(string)` gives its string, `Panic(uint256)` its code, a
 * custom error of `abi` its name and arguments (`InsufficientCollateral(healthFactor: 9e17)`). Null
 * for empty data; the raw data when nothing decodes it.
 */
export function decodeRevert(abi: Abi, data: Hex | undefined): string | null {
  if (data === undefined || data === "0x") return null;
  try {
    const decoded = decodeErrorResult({ abi, data });
    if (decoded.errorName === "Error") return String(decoded.args?.[0] ?? "");
    if (decoded.errorName === "Panic") return `Panic(0x${BigInt(decoded.args?.[0] as bigint).toString(16)})`;
    const inputs = (decoded.abiItem as { inputs?: readonly AbiParameter[] }).inputs ?? [];
    const args = named(inputs, decoded.args ?? []);
    return `${decoded.errorName}(${args.map((arg) => `${arg.name}: ${formatValue(arg.value)}`).join(", ")})`;
  } catch {
    return `unknown error ${data.slice(0, 10)}${data.length > 10 ? "…" : ""}`;
  }
}

function named(inputs: readonly AbiParameter[], values: readonly unknown[] | undefined): DecodedArgument[] {
  return inputs.map((input, position) => ({
    name: input.name || `arg${position}`,
    type: input.type,
    value: values?.[position],
  }));
}

/** ERC-20 and ERC-721 share `Transfer`'s name and types; they differ in which inputs are indexed. */
function matchesTopics(inputs: readonly { indexed?: boolean | undefined }[], topics: readonly Hex[]) {
  return inputs.filter((input) => input.indexed).length === topics.length - 1;
}

function formatValue(value: unknown): string {
  if (typeof value === "bigint") return value.toString();
  if (Array.isArray(value)) return `[${value.map(formatValue).join(", ")}]`;
  if (value !== null && typeof value === "object")
    return JSON.stringify(value, (_key, inner) => (typeof inner === "bigint" ? inner.toString() : inner));
  return String(value);
}
