import { type AbiParameter, decodeAbiParameters, type Hex, isAddressEqual, toFunctionSelector } from "viem";
import type { CallFrame } from "../ExplorerShapes.js";

/** The address Hardhat's `console.sol` and forge-std's `console` call: "console.log" in hex. */
export const CONSOLE_ADDRESS = "0x000000000000000000636F6e736F6c652e6c6f67";

const LOG_TYPES = ["uint256", "string", "bool", "address"] as const;

let bySelector: Map<Hex, readonly AbiParameter[]> | undefined;

/**
 * Every `console.log` overload by selector: `log` with one to four arguments of uint256, string,
 * bool and address, the typed ones (`logUint`, `logBytes4`, …), `log(int256)`, and the
 * signatures older Hardhat releases hashed with `uint`/`int` instead of `uint256`/`int256`.
 */
function selectors(): Map<Hex, readonly AbiParameter[]> {
  if (bySelector) return bySelector;
  const table = new Map<Hex, readonly AbiParameter[]>();
  const add = (name: string, types: readonly string[]) => {
    const parameters = types.map((type) => ({ type }));
    table.set(toFunctionSelector(`${name}(${types.join(",")})`), parameters);
    const legacy = types.map((type) => (type === "uint256" ? "uint" : type === "int256" ? "int" : type));
    table.set(toFunctionSelector(`${name}(${legacy.join(",")})`), parameters);
  };
  add("log", []);
  let combos: string[][] = [[]];
  for (let length = 1; length <= 4; length++) {
    combos = combos.flatMap((combo) => LOG_TYPES.map((type) => [...combo, type]));
    for (const combo of combos) add("log", combo);
  }
  add("log", ["int256"]);
  add("log", ["bytes"]);
  for (const [name, type] of [
    ["logInt", "int256"],
    ["logUint", "uint256"],
    ["logString", "string"],
    ["logBool", "bool"],
    ["logAddress", "address"],
    ["logBytes", "bytes"],
  ] as const) {
    add(name, [type]);
  }
  for (let size = 1; size <= 32; size++) add(`logBytes${size}`, [`bytes${size}`]);
  bySelector = table;
  return table;
}

/**
 * The `console.log` lines of a call trace, in the order they ran: each call to the console
 * address decoded and its values joined with spaces, as Hardhat prints them. A call that does not
 * decode is shown as its raw calldata. Calls in frames that reverted are kept: they ran, and they
 * are often what explains the revert.
 *
 * @example
 * decodeConsoleLogs(trace); // ["balance 1000", "withdrawing 1500"]
 */
export function decodeConsoleLogs(trace: CallFrame | null): string[] {
  if (!trace) return [];
  const lines: string[] = [];
  const visit = (frame: CallFrame) => {
    if (frame.to && isAddressEqual(frame.to, CONSOLE_ADDRESS)) {
      lines.push(decodeLine(frame.input));
      return;
    }
    for (const call of frame.calls) visit(call);
  };
  visit(trace);
  return lines;
}

function decodeLine(input: Hex): string {
  const parameters = selectors().get(input.slice(0, 10).toLowerCase() as Hex);
  if (!parameters) return input;
  try {
    const values = decodeAbiParameters(parameters, `0x${input.slice(10)}`);
    return values.map((value) => (typeof value === "string" ? value : String(value))).join(" ");
  } catch {
    return input;
  }
}
