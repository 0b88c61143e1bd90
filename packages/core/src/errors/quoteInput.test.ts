import { expect, test } from "vitest";
import { QUOTE_LIMIT, quoteInput } from "./quoteInput.js";
import { InvalidAmountError } from "./sender.js";

test("short values are quoted whole, as JSON", () => {
  expect(quoteInput("0.25")).toBe('"0.25"');
  expect(quoteInput(0.5)).toBe("0.5");
  expect(quoteInput(null)).toBe("null");
  expect(quoteInput(undefined)).toBe("undefined");
  expect(quoteInput("\u0000\n")).toBe('"\\u0000\\n"');
});

test("a large value is cut to the limit, never echoed whole", () => {
  const quoted = quoteInput("x".repeat(100_000));
  expect(quoted).toHaveLength(QUOTE_LIMIT);
  expect(quoted.endsWith("…")).toBe(true);
  expect(
    new InvalidAmountError({ a: "y".repeat(10_000) }, "expected a string.").shortMessage.length,
  ).toBeLessThan(120);
});

test("a value too deep to serialise reads as its kind instead of overflowing the stack", () => {
  let deep: unknown = [];
  for (let level = 0; level < 100_000; level++) deep = [deep];
  expect(quoteInput(deep)).toBe("an array");
  let object: unknown = {};
  for (let level = 0; level < 100_000; level++) object = { a: object };
  expect(quoteInput(object)).toBe("an object");
  expect(quoteInput(10n)).toBe("10n");
});
