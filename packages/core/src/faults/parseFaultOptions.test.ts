import { describe, expect, test } from "vitest";
import {
  feeSpikeOptionsSchema,
  reorgOptionsSchema,
  restartOptionsSchema,
  timedFaultOptionsSchema,
} from "../chain/faultSchema.js";
import { InvalidFaultError } from "../errors/faults.js";
import { parseFaultOptions } from "./parseFaultOptions.js";

const refusal = (schema: Parameters<typeof parseFaultOptions>[0], input: unknown) => {
  try {
    parseFaultOptions(schema, input);
  } catch (error) {
    if (error instanceof InvalidFaultError) return error.shortMessage;
    throw error;
  }
  throw new Error("accepted");
};

describe("parseFaultOptions", () => {
  test("answers the settings, defaults left out, hashes as given", () => {
    const hash = `0x${"ab".repeat(32)}` as const;
    expect(parseFaultOptions(reorgOptionsSchema, { depth: 2, drop: [hash], dropTo: "pool" })).toEqual({
      depth: 2,
      drop: [hash],
      dropTo: "pool",
    });
    expect(parseFaultOptions(restartOptionsSchema, {})).toEqual({});
    expect(parseFaultOptions(feeSpikeOptionsSchema, { baseFee: 1n, blocks: 1_000 })).toEqual({
      baseFee: 1n,
      blocks: 1_000,
    });
  });

  test("refuses with FAULT_INVALID naming the first setting out of range and its rule", () => {
    expect(refusal(reorgOptionsSchema, { depth: 0 })).toMatchInlineSnapshot(
      `"Invalid fault setting \`depth\`: expected an integer from 1 to 64, got 0."`,
    );
    expect(refusal(reorgOptionsSchema, {})).toMatchInlineSnapshot(
      `"Invalid fault setting \`depth\`: required."`,
    );
    expect(refusal(reorgOptionsSchema, null)).toMatchInlineSnapshot(
      `"Invalid fault setting \`options\`: expected an object of settings, got null."`,
    );
    expect(refusal(reorgOptionsSchema, { depth: 1, drop: ["0x12"] })).toMatchInlineSnapshot(
      `"Invalid fault setting \`drop[0]\`: expected a transaction hash (0x and 64 hex digits), got "0x12"."`,
    );
    expect(refusal(reorgOptionsSchema, { depth: 1, drop_to: "pool" })).toMatchInlineSnapshot(
      `"Invalid fault setting \`drop_to\`: not a setting of this fault."`,
    );
    expect(refusal(timedFaultOptionsSchema, { ms: 600_001 })).toMatchInlineSnapshot(
      `"Invalid fault setting \`ms\`: expected an integer from 1 to 600000, got 600001."`,
    );
    // The stricter of the rules the copies had: a base fee of 0 is refused everywhere.
    expect(refusal(feeSpikeOptionsSchema, { baseFee: 0n, blocks: 1 })).toMatchInlineSnapshot(
      `"Invalid fault setting \`baseFee\`: expected wei from 1 to 18446744073709551615, got 0n."`,
    );
    expect(refusal(feeSpikeOptionsSchema, { baseFee: 100, blocks: 1 })).toMatchInlineSnapshot(
      `"Invalid fault setting \`baseFee\`: expected a bigint (wei), got 100."`,
    );
  });
});
