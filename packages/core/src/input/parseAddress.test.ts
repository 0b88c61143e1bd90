import { expect, test } from "vitest";
import { isPrivnetError } from "../errors/PrivnetError.js";
import { parseAddress } from "./parseAddress.js";

const checksummed = "0x8943545177806ED17B9F23F0a21ee5948eCaa776";

test("returns the checksummed address for lower, upper and correctly mixed case", () => {
  expect(parseAddress(checksummed.toLowerCase())).toBe(checksummed);
  expect(parseAddress(`0x${checksummed.slice(2).toUpperCase()}`)).toBe(checksummed);
  expect(parseAddress(checksummed)).toBe(checksummed);
});

test.each([
  ["0x8943545177806ED17B9F23F0a21ee5948eCaa777", "checksum"],
  ["0x8943545177806ed17b9f23f0a21ee5948ecaa7", "40 hex digits"],
  ["8943545177806ed17b9f23f0a21ee5948ecaa776", "40 hex digits"],
  [`0x${"g".repeat(40)}`, "40 hex digits"],
  [12, "string"],
])("refuses %j with INVALID_ADDRESS (%s)", (value, reason) => {
  let error: unknown;
  try {
    parseAddress(value, "to");
  } catch (caught) {
    error = caught;
  }
  expect(isPrivnetError(error, "INVALID_ADDRESS")).toBe(true);
  expect(String(error)).toContain(reason);
  expect(String(error)).toContain("`to`");
});
