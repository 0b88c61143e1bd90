import { describe, expect, test } from "vitest";
import { z } from "zod";
import { describeZodError } from "./describeZodError.js";

const weights = z.object({ name: z.string(), weights: z.record(z.string(), z.number()) }).strict();
const describe_ = (input: unknown) => {
  const parsed = weights.safeParse(input, { reportInput: true });
  if (parsed.success) throw new Error("expected a refusal");
  return describeZodError(parsed.error);
};

describe("describeZodError", () => {
  test("names every problem of a body with few", () => {
    expect(describe_({ weights: { a: "x" } })).toBe(
      "name: is required; weights.a: expected a number, got a string",
    );
  });

  test("a body with many bad entries: its first problems and how many more, in a short message", () => {
    const many = Object.fromEntries(Array.from({ length: 100 }, (_, index) => [`member${index}`, true]));
    const message = describe_({ name: "g", weights: many });
    expect(message).toMatch(/^weights\.member0: expected a number, got boolean true; weights\.member1: /);
    expect(message).toMatch(/; and \d+ more$/);
    const shown = message.split("; ").length - 1;
    expect(Number(message.match(/and (\d+) more$/)?.[1]) + shown).toBe(100);
    expect(message.length).toBeLessThan(400);
  });

  test("a caller's long key is cut in the path", () => {
    const message = describe_({ name: "g", weights: { ["k".repeat(1_000)]: null } });
    expect(message).toBe(`weights.${"k".repeat(39)}…: expected a number, got null`);
  });
});
