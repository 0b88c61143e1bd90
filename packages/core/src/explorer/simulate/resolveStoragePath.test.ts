import { getAddress, type Hex } from "viem";
import { describe, expect, test } from "vitest";
import { decodeSlotValue } from "../stateChanges/decodeSlotValue.js";
import { nameStorageSlots } from "../stateChanges/nameStorageSlots.js";
import { readStorageLayout, type StorageLayout } from "../stateChanges/StorageLayout.js";
import { encodeStorageValue, resolveStoragePath } from "./resolveStoragePath.js";

// The layout solc writes for:
//   struct Position { uint128 collateral; uint128 debt; address holder; }
//   address owner; bool open; mapping(uint256 => Position) positions;
//   mapping(address => mapping(address => uint256)) allowance; uint64[] small; int16[3] temps;
const layout = readStorageLayout({
  storage: [
    { label: "owner", offset: 0, slot: "0", type: "t_address" },
    { label: "open", offset: 20, slot: "0", type: "t_bool" },
    { label: "positions", offset: 0, slot: "1", type: "t_mapping(t_uint256,t_struct(Position)storage)" },
    { label: "allowance", offset: 0, slot: "2", type: "t_mapping(t_address,t_mapping(t_address,t_uint256))" },
    { label: "small", offset: 0, slot: "3", type: "t_array(t_uint64)dyn_storage" },
    { label: "temps", offset: 0, slot: "4", type: "t_array(t_int16)3_storage" },
  ],
  types: {
    t_address: { encoding: "inplace", label: "address", numberOfBytes: "20" },
    t_bool: { encoding: "inplace", label: "bool", numberOfBytes: "1" },
    t_uint64: { encoding: "inplace", label: "uint64", numberOfBytes: "8" },
    t_uint128: { encoding: "inplace", label: "uint128", numberOfBytes: "16" },
    t_uint256: { encoding: "inplace", label: "uint256", numberOfBytes: "32" },
    t_int16: { encoding: "inplace", label: "int16", numberOfBytes: "2" },
    "t_struct(Position)storage": {
      encoding: "inplace",
      label: "struct Ledger.Position",
      numberOfBytes: "64",
      members: [
        { label: "collateral", offset: 0, slot: "0", type: "t_uint128" },
        { label: "debt", offset: 16, slot: "0", type: "t_uint128" },
        { label: "holder", offset: 0, slot: "1", type: "t_address" },
      ],
    },
    "t_mapping(t_uint256,t_struct(Position)storage)": {
      encoding: "mapping",
      label: "mapping(uint256 => struct Ledger.Position)",
      numberOfBytes: "32",
      key: "t_uint256",
      value: "t_struct(Position)storage",
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
  },
}) as StorageLayout;

const owner = getAddress("0x00000000000000000000000000000000000000aa");
const spender = getAddress("0x00000000000000000000000000000000000000bb");
const ZERO: Hex = `0x${"0".repeat(64)}`;

describe("resolveStoragePath", () => {
  test.each([
    ["owner", owner, []],
    ["open", "true", []],
    ["positions[7].debt", "1500", [7n]],
    ["positions[7].holder", spender, [7n]],
    [`allowance[${owner}][${spender}]`, "500", [BigInt(owner), BigInt(spender)]],
    ["small[5]", "9", [5n]],
    ["temps[2]", "-3", []],
  ] as [string, string, bigint[]][])(
    "%s resolves to the slot the explorer names the same way",
    (path, value, keys) => {
      const location = resolveStoragePath(layout, path);
      const word = encodeStorageValue(location, value, ZERO, path);
      const [part] =
        nameStorageSlots(layout, [location.slot], keys)
          .get(location.slot)
          ?.filter((p) => p.name === path) ?? [];
      expect(part?.name).toBe(path);
      expect(decodeSlotValue(word, part as NonNullable<typeof part>)).toBe(value);
    },
  );

  test("a packed variable keeps its neighbours' bytes", () => {
    const location = resolveStoragePath(layout, "positions[7].debt");
    const current: Hex = `0x${"0".repeat(32)}${"0".repeat(31)}5`;
    expect(encodeStorageValue(location, "1", current, "positions[7].debt")).toBe(
      `0x${"0".repeat(31)}1${"0".repeat(31)}5`,
    );
  });

  test.each([
    [
      "nothing",
      'no state variable "nothing" (the contract has owner, open, positions, allowance, small, temps)',
    ],
    ["positions[7].debtx", 'struct Ledger.Position has no member "debtx" (it has collateral, debt, holder)'],
    ["positions[7]", "positions[7] is a struct Ledger.Position: name one of its values"],
    ["allowance[0x12]", "the key 0x12 is not an address"],
    ["temps[3]", "index 3 is past the end of temps (length 3)"],
    ["owner[1]", "owner is an address: it takes no key or index"],
    ["owner..x", 'cannot read "..x"'],
  ])("%s does not resolve: %s", (path, reason) => {
    expect(() => resolveStoragePath(layout, path)).toThrow(reason);
  });

  test("a value that does not fit its type is refused", () => {
    const location = resolveStoragePath(layout, "positions[7].debt");
    expect(() => encodeStorageValue(location, (1n << 128n).toString(), ZERO, "positions[7].debt")).toThrow(
      "does not fit a uint128",
    );
  });
});
