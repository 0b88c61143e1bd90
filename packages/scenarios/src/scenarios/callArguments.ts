import type { AbiParameter } from "viem";
import { z } from "zod";
import { pick, randomAddress, randomBigInt, randomHex } from "./randomValues.js";

const integer = z.union([
  z.string().regex(/^-?\d+$/, "a whole number, as a decimal string"),
  z.number().int(),
]);

/**
 * How the call scenario gets one argument on each call: a `fixed` value, a whole number drawn in
 * a `range` (for int and uint parameters), one of a list (`oneOf`), or a `random` value of the
 * parameter's type (address, bool, bytes32, bytes, string, int, uint).
 */
export const callArgument = z.union([
  z.object({ fixed: z.unknown() }).strict(),
  z.object({ range: z.object({ min: integer, max: integer }).strict() }).strict(),
  z.object({ oneOf: z.array(z.unknown()).min(1) }).strict(),
  z.object({ random: z.literal(true) }).strict(),
]);

export type CallArgument = z.infer<typeof callArgument>;

/**
 * The value of `parameter` on this call, per its spec, in the form viem encodes: bigints for
 * integers (JSON gives decimal strings or numbers), arrays and tuples converted element by element.
 */
export function drawArgument(parameter: AbiParameter, spec: CallArgument): unknown {
  if ("fixed" in spec) return toAbiValue(parameter, spec.fixed);
  if ("oneOf" in spec) return toAbiValue(parameter, pick(spec.oneOf));
  if ("range" in spec) {
    if (!/^u?int\d*$/.test(parameter.type)) {
      throw new TypeError(`a range is for int and uint parameters, not ${parameter.type}`);
    }
    const min = BigInt(spec.range.min);
    const max = BigInt(spec.range.max);
    if (min > max) throw new RangeError("the range's min is above its max");
    return randomBigInt(min, max);
  }
  return randomValue(parameter);
}

/** `value` (as JSON gives it) in the form viem encodes for `parameter`. */
export function toAbiValue(parameter: AbiParameter, value: unknown): unknown {
  const array = /^(.*)\[(\d*)\]$/.exec(parameter.type);
  if (array) {
    if (!Array.isArray(value)) throw new TypeError(`${parameter.type} takes an array`);
    const element = { ...parameter, type: array[1] ?? "" } as AbiParameter;
    return value.map((item) => toAbiValue(element, item));
  }
  if (parameter.type === "tuple") {
    const components = (parameter as { components?: readonly AbiParameter[] }).components ?? [];
    if (Array.isArray(value))
      return components.map((component, index) => toAbiValue(component, value[index]));
    if (typeof value === "object" && value !== null) {
      const record = value as Record<string, unknown>;
      return Object.fromEntries(
        components.map((component) => [component.name, toAbiValue(component, record[component.name ?? ""])]),
      );
    }
    throw new TypeError("a tuple takes an array or an object");
  }
  if (/^u?int\d*$/.test(parameter.type)) {
    if (typeof value === "bigint") return value;
    if (typeof value === "number" && Number.isInteger(value)) return BigInt(value);
    if (typeof value === "string" && /^-?\d+$/.test(value)) return BigInt(value);
    throw new TypeError(`${parameter.type} takes a whole number (a decimal string)`);
  }
  return value;
}

/** A random value of `parameter`'s type. */
function randomValue(parameter: AbiParameter): unknown {
  const { type } = parameter;
  const array = /^(.*)\[(\d*)\]$/.exec(type);
  if (array) {
    const element = { ...parameter, type: array[1] ?? "" } as AbiParameter;
    const length = array[2] ? Number(array[2]) : Math.floor(Math.random() * 4);
    return Array.from({ length }, () => randomValue(element));
  }
  if (type === "tuple") {
    const components = (parameter as { components?: readonly AbiParameter[] }).components ?? [];
    return components.map((component) => randomValue(component));
  }
  if (type === "address") return randomAddress();
  if (type === "bool") return Math.random() < 0.5;
  if (type === "string") return randomHex(8).slice(2);
  if (type === "bytes") return randomHex(Math.floor(Math.random() * 64));
  const fixedBytes = /^bytes(\d+)$/.exec(type);
  if (fixedBytes) return randomHex(Number(fixedBytes[1]));
  const integerType = /^(u?)int(\d*)$/.exec(type);
  if (integerType) {
    const bits = BigInt(integerType[2] || "256");
    if (integerType[1] === "u") return randomBigInt(0n, 2n ** bits - 1n);
    return randomBigInt(-(2n ** (bits - 1n)), 2n ** (bits - 1n) - 1n);
  }
  throw new TypeError(`no random value for ${type}`);
}
