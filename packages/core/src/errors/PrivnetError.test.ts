import { expect, test } from "vitest";
import { isPrivnetError, PrivnetError } from "./PrivnetError.js";
import { ChainIdMismatchError } from "./platform.js";

test("a PrivnetError carries a stable code, a short message and details", () => {
  const cause = new Error("socket hang up");
  const error = new PrivnetError("CHAIN_UNREACHABLE", "The chain did not answer.", {
    details: "Is the node running?",
    cause,
  });
  expect(error).toBeInstanceOf(Error);
  expect(error.code).toBe("CHAIN_UNREACHABLE");
  expect(error.shortMessage).toBe("The chain did not answer.");
  expect(error.details).toBe("Is the node running?");
  expect(error.message).toBe("The chain did not answer.\n\nIs the node running?");
  expect(error.cause).toBe(cause);
});

test("isPrivnetError narrows by class and, optionally, by code", () => {
  const error = new ChainIdMismatchError(3151908, 1);
  expect(isPrivnetError(error)).toBe(true);
  expect(isPrivnetError(error, "CHAIN_ID_MISMATCH")).toBe(true);
  expect(isPrivnetError(error, "CHAIN_UNREACHABLE")).toBe(false);
  expect(isPrivnetError(new Error("plain"))).toBe(false);
  expect(error.message).toContain("The node's chain id is 1, expected 3151908.");
});
