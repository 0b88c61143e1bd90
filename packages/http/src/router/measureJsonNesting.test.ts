import { expect, test } from "vitest";
import { measureJsonNesting } from "./measureJsonNesting.js";

test("finds the bracket that crosses the limit, counting arrays and objects alike", () => {
  expect(measureJsonNesting('{"a":[[1]]}', 2)).toBe(6);
  expect(measureJsonNesting('{"a":[[1]]}', 3)).toBe(-1);
  expect(measureJsonNesting("[[],[],[]]", 2)).toBe(-1);
});

test("brackets inside strings, escaped quotes included, do not count", () => {
  expect(measureJsonNesting('{"a":"[[[[\\"[[[["}', 1)).toBe(-1);
  expect(measureJsonNesting('["\\\\",[1]]', 1)).toBe(6);
});
