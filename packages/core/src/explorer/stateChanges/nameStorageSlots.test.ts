import { encodeAbiParameters, getAddress, type Hex, keccak256, stringToHex } from "viem";
import { describe, expect, test } from "vitest";
import { decodeSlotValue } from "./decodeSlotValue.js";
import { nameStorageSlots } from "./nameStorageSlots.js";
import { readStorageLayout } from "./StorageLayout.js";

// The layout solc writes for:
//   string name; uint64[] small; mapping(address => mapping(address => uint256)) allowance; int16[3] temps;
const layout = readStorageLayout({
  storage: [
    { astId: 1, contract: "C", label: "name", offset: 0, slot: "0", type: "t_string_storage" },
    { astId: 2, contract: "C", label: "small", offset: 0, slot: "1", type: "t_array(t_uint64)dyn_storage" },
    {
      astId: 3,
      contract: "C",
      label: "allowance",
      offset: 0,
      slot: "2",
      type: "t_mapping(t_address,t_mapping(t_address,t_uint256))",
    },
    { astId: 4, contract: "C", label: "temps", offset: 0, slot: "3", type: "t_array(t_int16)3_storage" },
  ],
  types: {
    t_address: { encoding: "inplace", label: "address", numberOfBytes: "20" },
    t_string_storage: { encoding: "bytes", label: "string", numberOfBytes: "32" },
    t_uint64: { encoding: "inplace", label: "uint64", numberOfBytes: "8" },
    t_uint256: { encoding: "inplace", label: "uint256", numberOfBytes: "32" },
    t_int16: { encoding: "inplace", label: "int16", numberOfBytes: "2" },
    "t_array(t_uint64)dyn_storage": {
      encoding: "dynamic_array",
      label: "uint64[]",
      numberOfBytes: "32",
      base: "t_uint64",
    },
    "t_array(t_int16)3_storage": {
      encoding: "inplace",
      label: "int16[3]",
      numberOfBytes: "32",
      base: "t_int16",
    },
    "t_mapping(t_address,t_uint256)": {
      encoding: "mapping",
      label: "mapping(address => uint256)",
      numberOfBytes: "32",
      key: "t_address",
      value: "t_uint256",
    },
    "t_mapping(t_address,t_mapping(t_address,t_uint256))": {
      encoding: "mapping",
      label: "mapping(address => mapping(address => uint256))",
      numberOfBytes: "32",
      key: "t_address",
      value: "t_mapping(t_address,t_uint256)",
    },
  },
});

const owner = getAddress("0x00000000000000000000000000000000000000aa");
const spender = getAddress("0x00000000000000000000000000000000000000bb");
const slotOf = (...words: [string, unknown][]) =>
  BigInt(
    keccak256(
      encodeAbiParameters(
        words.map(([type]) => ({ type })),
        words.map(([, value]) => value),
      ),
    ),
  );

describe("nameStorageSlots", () => {
  test("names a short string, a packed dynamic array element, a nested mapping entry and a packed static array", () => {
    if (!layout) throw new Error("the layout does not parse");
    const element5 = slotOf(["uint256", 1n]) + 1n; // small[4..7] share the data's second slot
    const inner = slotOf(["address", spender], ["uint256", slotOf(["address", owner], ["uint256", 2n])]);
    const named = nameStorageSlots(layout, [0n, element5, inner, 3n], [BigInt(owner), BigInt(spender)]);
    expect(named.get(0n)?.map((part) => part.name)).toEqual(["name"]);
    expect(named.get(element5)?.map((part) => part.name)).toEqual([
      "small[4]",
      "small[5]",
      "small[6]",
      "small[7]",
    ]);
    expect(named.get(inner)?.map((part) => part.name)).toEqual([`allowance[${owner}][${spender}]`]);
    expect(named.get(3n)?.map((part) => part.name)).toEqual(["temps[0]", "temps[1]", "temps[2]"]);

    const [name] = named.get(0n) ?? [];
    const short = `0x${stringToHex("privnet").slice(2).padEnd(62, "0")}0e` as Hex; // 7 bytes: length × 2 = 14
    expect(name && decodeSlotValue(short, name)).toBe('"privnet"');
    const [, temps1] = named.get(3n) ?? [];
    // temps[1] = -2 in bytes 2..3 from the right.
    expect(temps1 && decodeSlotValue(`0x${"0".repeat(56)}fffe0000`, temps1)).toBe("-2");
  });

  test("a key the transaction did not carry leaves the slot unnamed", () => {
    if (!layout) throw new Error("the layout does not parse");
    const inner = slotOf(["address", spender], ["uint256", slotOf(["address", owner], ["uint256", 2n])]);
    expect(nameStorageSlots(layout, [inner], [BigInt(owner)]).size).toBe(0);
  });
});
