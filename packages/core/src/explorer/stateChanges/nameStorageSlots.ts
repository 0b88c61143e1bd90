import { getAddress, type Hex, keccak256 } from "viem";
import type { StorageLayout, StorageType } from "./StorageLayout.js";

/** A variable (or part of one) in a slot: where its bytes sit and how to read them. */
export type SlotPart = { name: string; type: StorageType; offset: number; size: number };

/** How many keccak hashes one contract's naming may compute (nested mappings multiply the keys). */
const HASH_BUDGET = 20_000;
/** How far past its start a dynamic array's element (or long bytes' data) is looked for, in slots. */
const ARRAY_REACH = 1n << 32n;
const ADDRESS_LIMIT = 1n << 160n;

type Walk = {
  layout: StorageLayout;
  changed: Set<bigint>;
  /** Sorted, for the dynamic regions (arrays, long bytes) that start at a hash. */
  sorted: bigint[];
  keys: readonly bigint[];
  found: Map<bigint, SlotPart[]>;
  hashes: number;
};

/**
 * Names the changed slots of a contract from its storage layout: plain variables, struct members,
 * static and dynamic arrays' elements, and mapping entries whose key is one of `keys` (the words
 * the transaction carried: addresses, call arguments, log topics, small integers). A mapping's key
 * is not on chain, only keccak(key, slot): the keys the transaction could have used are tried,
 * which names the entries a transaction writes in the usual case without a step-by-step trace
 * (see readStateDiff for what that costs). A slot no candidate reaches stays unnamed.
 *
 * @example
 * const named = nameStorageSlots(layout, [slot], [BigInt(holder)]); // Map { slot → [{ name: "balances[0x…]", … }] }
 */
export function nameStorageSlots(
  layout: StorageLayout,
  changed: readonly bigint[],
  keys: readonly bigint[],
): Map<bigint, SlotPart[]> {
  const walk: Walk = {
    layout,
    changed: new Set(changed),
    sorted: [...changed].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)),
    keys,
    found: new Map(),
    hashes: 0,
  };
  for (const variable of layout.storage) {
    place(walk, variable.label, BigInt(variable.slot), variable.offset, variable.type, 0);
  }
  return walk.found;
}

function place(walk: Walk, name: string, slot: bigint, offset: number, typeId: string, depth: number) {
  const type = walk.layout.types?.[typeId];
  if (!type || depth > 6) return;
  const size = Number(type.numberOfBytes);
  if (type.encoding === "mapping") return placeMapping(walk, name, slot, type, depth);
  if (type.encoding === "dynamic_array") {
    record(walk, slot, { name: `${name}.length`, type: { ...type, label: "uint256" }, offset: 0, size: 32 });
    return placeElements(walk, name, hashOf(walk, [slot]), type, undefined, depth);
  }
  if (type.encoding === "bytes") {
    record(walk, slot, { name, type, offset: 0, size: 32 });
    for (const at of within(walk, hashOf(walk, [slot]), ARRAY_REACH)) {
      record(walk, at.slot, {
        name: `${name} (data, word ${at.index})`,
        type: { ...type, label: "bytes32" },
        offset: 0,
        size: 32,
      });
    }
    return;
  }
  if (type.members) {
    if (!touches(walk, slot, slotsOf(size))) return;
    for (const member of type.members) {
      place(
        walk,
        `${name}.${member.label}`,
        slot + BigInt(member.slot),
        member.offset,
        member.type,
        depth + 1,
      );
    }
    return;
  }
  if (type.base) {
    const count = /\[(\d+)\]$/.exec(type.label)?.[1];
    if (count === undefined || !touches(walk, slot, slotsOf(size))) return;
    return placeElements(walk, name, slot, type, BigInt(count), depth);
  }
  record(walk, slot, { name, type, offset, size });
}

/** Each element of an array starting at `start` that a changed slot holds (`count`: a static array's length). */
function placeElements(
  walk: Walk,
  name: string,
  start: bigint,
  array: StorageType,
  count: bigint | undefined,
  depth: number,
) {
  const base = array.base ? walk.layout.types?.[array.base] : undefined;
  if (!base || !array.base) return;
  const size = Number(base.numberOfBytes);
  const packed = size < 32 && base.encoding === "inplace" && !base.members && !base.base;
  const perSlot = packed ? BigInt(Math.floor(32 / size)) : 1n;
  const slots = packed ? 1n : slotsOf(size);
  const reach = count === undefined ? ARRAY_REACH : packed ? (count + perSlot - 1n) / perSlot : count * slots;
  for (const at of within(walk, start, reach)) {
    if (packed) {
      for (let item = 0n; item < perSlot; item++) {
        const index = at.index * perSlot + item;
        if (count !== undefined && index >= count) break;
        place(walk, `${name}[${index}]`, at.slot, Number(item) * size, array.base, depth + 1);
      }
    } else {
      const index = at.index / slots;
      place(walk, `${name}[${index}]`, start + index * slots, 0, array.base, depth + 1);
    }
  }
}

function placeMapping(walk: Walk, name: string, slot: bigint, mapping: StorageType, depth: number) {
  const keyType = mapping.key ? walk.layout.types?.[mapping.key] : undefined;
  if (!keyType || !mapping.value || keyType.encoding !== "inplace") return;
  for (const key of walk.keys) {
    const shown = formatKey(keyType.label, key);
    if (shown === undefined) continue;
    if (walk.hashes >= HASH_BUDGET) return;
    place(walk, `${name}[${shown}]`, hashOf(walk, [key, slot]), 0, mapping.value, depth + 1);
  }
}

/** The key as the mapping shows it, or undefined when the word cannot be a key of that type. */
function formatKey(label: string, key: bigint): string | undefined {
  if (label === "address" || label.startsWith("contract ") || label === "address payable") {
    return key < ADDRESS_LIMIT ? getAddress(`0x${key.toString(16).padStart(40, "0")}`) : undefined;
  }
  if (label === "bool") return key === 0n ? "false" : key === 1n ? "true" : undefined;
  const bytes = /^bytes(\d+)$/.exec(label)?.[1];
  if (bytes !== undefined)
    return `0x${key
      .toString(16)
      .padStart(64, "0")
      .slice(0, Number(bytes) * 2)}`;
  const int = /^(u?)int(\d+)$/.exec(label);
  if (int) {
    const bits = BigInt(int[2] ?? 256);
    if (int[1] === "u") return key < 1n << bits ? key.toString() : undefined;
    return key < 1n << (bits - 1n) ? key.toString() : undefined;
  }
  if (label.startsWith("enum ")) return key < 256n ? key.toString() : undefined;
  return undefined;
}

function record(walk: Walk, slot: bigint, part: SlotPart) {
  if (!walk.changed.has(slot)) return;
  const parts = walk.found.get(slot) ?? [];
  parts.push(part);
  walk.found.set(slot, parts);
}

/** Whether a changed slot lies in [start, start + count). */
function touches(walk: Walk, start: bigint, count: bigint): boolean {
  return within(walk, start, count).length > 0;
}

/** The changed slots in [start, start + count), with their index from `start`. */
function within(walk: Walk, start: bigint, count: bigint): { slot: bigint; index: bigint }[] {
  const hits: { slot: bigint; index: bigint }[] = [];
  for (const slot of walk.sorted) {
    if (slot >= start + count) break;
    if (slot >= start) hits.push({ slot, index: slot - start });
  }
  return hits;
}

function slotsOf(bytes: number): bigint {
  return BigInt(Math.max(1, Math.ceil(bytes / 32)));
}

function hashOf(walk: Walk, words: bigint[]): bigint {
  walk.hashes++;
  return BigInt(keccak256(`0x${words.map((word) => word.toString(16).padStart(64, "0")).join("")}` as Hex));
}
