import { type Hex, keccak256, stringToHex, toHex } from "viem";
import type { StorageLayout, StorageType } from "../stateChanges/StorageLayout.js";

/** Where a variable (or a part of one) sits: its slot, and its bytes in the slot (from the low end). */
export type StorageLocation = { slot: bigint; offset: number; size: number; type: StorageType };

/** A path that does not resolve: `reason` says which step and why. */
export class StoragePathError extends Error {
  constructor(
    readonly path: string,
    readonly reason: string,
  ) {
    super(`${path}: ${reason}`);
  }
}

type Step = { kind: "key"; key: string } | { kind: "member"; name: string };

/**
 * The slot of a variable path in a contract's storage layout (solc's `storageLayout`): a state
 * variable, then mapping keys and array indexes in brackets and struct members after dots —
 * `owner`, `balances[0xAb…]`, `_debt[0xAb…][0xCd…]`, `positions[7].debt`, `holders[2]`. The path
 * must end at a value type (an integer, an address, a bool, an enum, fixed bytes). Throws a
 * {@link StoragePathError} naming the step that does not resolve.
 *
 * @example
 * resolveStoragePath(layout, "positions[7].debt"); // { slot: 0x…n, offset: 16, size: 16, type: { label: "uint128", … } }
 */
export function resolveStoragePath(layout: StorageLayout, path: string): StorageLocation {
  const { name, steps } = parsePath(path);
  const variable = layout.storage.find((entry) => entry.label === name);
  if (!variable) {
    const names = layout.storage.map((entry) => entry.label).join(", ");
    throw new StoragePathError(path, `no state variable "${name}" (the contract has ${names || "none"})`);
  }
  let slot = BigInt(variable.slot);
  let offset = variable.offset;
  let type = typeOf(layout, variable.type, path);
  let shown = name;
  for (const step of steps) {
    if (step.kind === "member") {
      const member = type.members?.find((candidate) => candidate.label === step.name);
      if (!type.members) throw new StoragePathError(path, `${shown} is ${article(type.label)}, not a struct`);
      if (!member) {
        const members = type.members.map((candidate) => candidate.label).join(", ");
        throw new StoragePathError(path, `${type.label} has no member "${step.name}" (it has ${members})`);
      }
      slot += BigInt(member.slot);
      offset = member.offset;
      type = typeOf(layout, member.type, path);
      shown = `${shown}.${step.name}`;
      continue;
    }
    if (type.encoding === "mapping") {
      const keyType = typeOf(layout, type.key ?? "", path);
      slot = BigInt(keccak256(`0x${encodeKey(keyType, step.key, path)}${word(slot)}` as Hex));
      offset = 0;
      type = typeOf(layout, type.value ?? "", path);
    } else if (type.base) {
      const base = typeOf(layout, type.base, path);
      const index = parseInteger(step.key, `${shown}[${step.key}]: an index`, path);
      const length = /\[(\d+)\]$/.exec(type.label)?.[1];
      if (length !== undefined && index >= BigInt(length)) {
        throw new StoragePathError(path, `index ${index} is past the end of ${shown} (length ${length})`);
      }
      const start = type.encoding === "dynamic_array" ? BigInt(keccak256(`0x${word(slot)}`)) : slot;
      const size = Number(base.numberOfBytes);
      if (size < 32 && base.encoding === "inplace" && !base.members && !base.base) {
        const perSlot = BigInt(Math.floor(32 / size));
        slot = start + index / perSlot;
        offset = Number(index % perSlot) * size;
      } else {
        slot = start + index * BigInt(Math.max(1, Math.ceil(size / 32)));
        offset = 0;
      }
      type = base;
    } else {
      throw new StoragePathError(path, `${shown} is ${article(type.label)}: it takes no key or index`);
    }
    shown = `${shown}[${step.key}]`;
  }
  if (type.encoding !== "inplace" || type.members || type.base) {
    throw new StoragePathError(
      path,
      `${shown} is ${article(type.label)}: name one of its values (a key, an index or a member)`,
    );
  }
  return { slot, offset, size: Number(type.numberOfBytes), type };
}

/**
 * A value for a location, as the 32-byte word it leaves in its slot given the slot's current word
 * (a packed variable keeps its neighbours' bytes). Integers and enums as decimal or `0x` hex
 * strings, numbers or bigints; addresses; `true`/`false`; fixed bytes as hex.
 */
export function encodeStorageValue(
  location: StorageLocation,
  value: string | number | bigint | boolean,
  current: Hex,
  path: string,
): Hex {
  const { label } = location.type;
  const bits = BigInt(location.size * 8);
  let raw: bigint;
  if (label === "bool") {
    if (value !== true && value !== false && value !== "true" && value !== "false") {
      throw new StoragePathError(path, "a bool takes true or false");
    }
    raw = value === true || value === "true" ? 1n : 0n;
  } else if (/^bytes\d+$/.test(label)) {
    if (
      typeof value !== "string" ||
      !/^0x[0-9a-fA-F]*$/.test(value) ||
      value.length - 2 > location.size * 2
    ) {
      throw new StoragePathError(path, `${article(label)} takes at most ${location.size} bytes of 0x hex`);
    }
    raw = BigInt(`0x${value.slice(2).padEnd(location.size * 2, "0") || "0"}`);
  } else {
    raw = parseInteger(value, article(label), path);
    const signed = /^int\d*$/.test(label);
    const fits = signed
      ? raw >= -(1n << (bits - 1n)) && raw < 1n << (bits - 1n)
      : raw >= 0n && raw < 1n << bits;
    if (!fits) throw new StoragePathError(path, `${value} does not fit ${article(label)}`);
    if (raw < 0n) raw += 1n << bits;
  }
  const shift = BigInt(location.offset * 8);
  const mask = ((1n << bits) - 1n) << shift;
  return `0x${word((BigInt(current) & ~mask) | (raw << shift))}`;
}

function parsePath(path: string): { name: string; steps: Step[] } {
  const head = /^[A-Za-z_$][\w$]*/.exec(path);
  if (!head) throw new StoragePathError(path, "a path starts with a state variable's name");
  const steps: Step[] = [];
  let rest = path.slice(head[0].length);
  while (rest.length > 0) {
    const key = /^\[\s*([^\][]+?)\s*\]/.exec(rest);
    const member = /^\.([A-Za-z_$][\w$]*)/.exec(rest);
    if (key) steps.push({ kind: "key", key: key[1] as string });
    else if (member) steps.push({ kind: "member", name: member[1] as string });
    else throw new StoragePathError(path, `cannot read "${rest}" (use [key], [index] or .member)`);
    rest = rest.slice((key ?? member)?.[0].length ?? rest.length);
  }
  return { name: head[0], steps };
}

function typeOf(layout: StorageLayout, id: string, path: string): StorageType {
  const type = layout.types?.[id];
  if (!type) throw new StoragePathError(path, `the storage layout has no type ${id}`);
  return type;
}

/** A mapping key as the 32 bytes keccak hashes with the slot (hex without `0x`). */
function encodeKey(type: StorageType, key: string, path: string): string {
  const { label } = type;
  if (label === "string" || label === "bytes") {
    throw new StoragePathError(path, `keys of type ${label} are not supported; give the raw slot`);
  }
  if (label === "address" || label === "address payable" || label.startsWith("contract ")) {
    if (!/^0x[0-9a-fA-F]{40}$/.test(key))
      throw new StoragePathError(path, `the key ${key} is not an address`);
    return word(BigInt(key));
  }
  if (label === "bool") {
    if (key !== "true" && key !== "false") throw new StoragePathError(path, `the key ${key} is not a bool`);
    return word(key === "true" ? 1n : 0n);
  }
  const bytes = /^bytes(\d+)$/.exec(label)?.[1];
  if (bytes !== undefined) {
    const hex = /^0x[0-9a-fA-F]*$/.test(key) ? key.slice(2) : stringToHex(key).slice(2);
    if (hex.length > Number(bytes) * 2)
      throw new StoragePathError(path, `the key ${key} is longer than a ${label}`);
    return hex.padEnd(64, "0");
  }
  const integer = parseInteger(key, `the key ${key}`, path);
  return word(integer < 0n ? (1n << 256n) + integer : integer);
}

function parseInteger(value: unknown, what: string, path: string): bigint {
  if (typeof value === "bigint") return value;
  if (typeof value === "number" && Number.isSafeInteger(value)) return BigInt(value);
  if (typeof value === "string" && /^(-?\d+|0x[0-9a-fA-F]+)$/.test(value.trim())) return BigInt(value.trim());
  throw new StoragePathError(path, `${what} must be an integer (decimal or 0x hex)`);
}

/** A type's label with its article: "an address", "a uint256", "a struct Ledger.Position". */
function article(label: string): string {
  return `${/^[aeio]/i.test(label) ? "an" : "a"} ${label}`;
}

/** 32 bytes as 64 hex digits, no `0x`. */
function word(value: bigint): string {
  return toHex(value, { size: 32 }).slice(2);
}
