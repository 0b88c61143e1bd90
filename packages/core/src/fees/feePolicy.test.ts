import { parseGwei } from "viem";
import { describe, expect, test } from "vitest";
import {
  blobFee,
  blobReplacementFees,
  bumpFee,
  MAX_REPLACEMENTS,
  outrankingFees,
  replacementFees,
  transactionFees,
  withinFeeCap,
} from "./feePolicy.js";

describe("transactionFees", () => {
  test("max fee is twice the base fee plus the tip; the tip defaults to 1 gwei", () => {
    expect(transactionFees(parseGwei("7"))).toEqual({
      maxFeePerGas: parseGwei("15"),
      maxPriorityFeePerGas: parseGwei("1"),
    });
    expect(transactionFees(100n, 3n)).toEqual({ maxFeePerGas: 203n, maxPriorityFeePerGas: 3n });
  });

  test("a chain without a base fee (pre-London, or zero) pays the tip alone", () => {
    expect(transactionFees(null, 5n)).toEqual({ maxFeePerGas: 5n, maxPriorityFeePerGas: 5n });
    expect(transactionFees(undefined, 0n)).toEqual({ maxFeePerGas: 0n, maxPriorityFeePerGas: 0n });
  });
});

describe("replacementFees", () => {
  test("raises both fees by 12.5 %, rounded up, enough for a node's 10 % rule", () => {
    const previous = { maxFeePerGas: 1_000n, maxPriorityFeePerGas: 100n };
    const next = replacementFees(previous, 1n);
    expect(next).toEqual({ maxFeePerGas: 1_125n, maxPriorityFeePerGas: 113n });
    expect(next.maxFeePerGas * 10n).toBeGreaterThanOrEqual(previous.maxFeePerGas * 11n);
    expect(next.maxPriorityFeePerGas * 10n).toBeGreaterThanOrEqual(previous.maxPriorityFeePerGas * 11n);
  });

  test("follows a base fee that rose past the raised max fee", () => {
    const next = replacementFees({ maxFeePerGas: 1_000n, maxPriorityFeePerGas: 100n }, 5_000n);
    expect(next).toEqual({ maxFeePerGas: 10_113n, maxPriorityFeePerGas: 113n });
  });

  test("rounds up, so that even a 1 wei fee rises; missing fees count as zero", () => {
    expect(bumpFee(0n)).toBe(0n);
    expect(bumpFee(1n)).toBe(2n);
    expect(replacementFees({}, 0n)).toEqual({ maxFeePerGas: 0n, maxPriorityFeePerGas: 0n });
  });

  test("five raises stay under twice the original fee", () => {
    let fees = { maxFeePerGas: parseGwei("10"), maxPriorityFeePerGas: parseGwei("1") };
    for (let raise = 0; raise < MAX_REPLACEMENTS; raise++) fees = replacementFees(fees, 0n);
    expect(fees.maxFeePerGas).toBeGreaterThan(parseGwei("18"));
    expect(fees.maxFeePerGas).toBeLessThan(parseGwei("20"));
  });
});

describe("outrankingFees", () => {
  test("with nothing to outrank: the fees of a new transaction", () => {
    expect(outrankingFees(parseGwei("7"), [])).toEqual(transactionFees(parseGwei("7")));
  });

  test("each fee 12.5 % above the highest of the others, even when they were raised by replacements", () => {
    const sent = transactionFees(100n, 1_000n);
    const replaced = replacementFees(replacementFees(sent, 100n), 100n);
    const fees = outrankingFees(100n, [sent, replaced], 1_000n);
    expect(fees).toEqual({
      maxFeePerGas: bumpFee(replaced.maxFeePerGas),
      maxPriorityFeePerGas: bumpFee(replaced.maxPriorityFeePerGas),
    });
    for (const other of [sent, replaced]) {
      expect(fees.maxFeePerGas).toBeGreaterThan(other.maxFeePerGas);
      expect(fees.maxPriorityFeePerGas).toBeGreaterThan(other.maxPriorityFeePerGas);
    }
  });

  test("never below the market: a base fee that rose since the others were priced", () => {
    const fees = outrankingFees(10_000n, [transactionFees(100n, 1_000n)], 1_000n);
    expect(fees).toEqual({ maxFeePerGas: 21_125n, maxPriorityFeePerGas: 1_125n });
  });

  test("strictly above others that pay nothing", () => {
    expect(outrankingFees(0n, [{ maxFeePerGas: 0n, maxPriorityFeePerGas: 0n }], 0n)).toEqual({
      maxFeePerGas: 1n,
      maxPriorityFeePerGas: 1n,
    });
  });
});

describe("blob fees", () => {
  test("a new blob transaction offers twice the blob base fee, never less than 2 wei", () => {
    expect(blobFee(parseGwei("3"))).toBe(parseGwei("6"));
    expect(blobFee(1n)).toBe(2n);
    expect(blobFee(0n)).toBe(2n);
  });

  test("a replacement doubles all three fees (geth's blob pool rule), or follows the market when it rose further", () => {
    const previous = { maxFeePerGas: 1_000n, maxPriorityFeePerGas: 100n, maxFeePerBlobGas: 10n };
    expect(blobReplacementFees(previous, 1n, 1n)).toEqual({
      maxFeePerGas: 2_000n,
      maxPriorityFeePerGas: 200n,
      maxFeePerBlobGas: 20n,
    });
    expect(blobReplacementFees(previous, 5_000n, 700n)).toEqual({
      maxFeePerGas: 10_200n,
      maxPriorityFeePerGas: 200n,
      maxFeePerBlobGas: 1_400n,
    });
  });
});

describe("withinFeeCap", () => {
  const fees = { maxFeePerGas: parseGwei("201"), maxPriorityFeePerGas: parseGwei("1") };

  test("no cap, or fees within it: the fees as they are", () => {
    expect(withinFeeCap(fees, undefined, parseGwei("101"))).toEqual(fees);
    expect(withinFeeCap(fees, parseGwei("201"), parseGwei("101"))).toEqual(fees);
  });

  test("a max fee above the cap comes down to it while the cap still pays the least that works", () => {
    expect(withinFeeCap(fees, parseGwei("150"), parseGwei("101"))).toEqual({
      maxFeePerGas: parseGwei("150"),
      maxPriorityFeePerGas: parseGwei("1"),
    });
    expect(withinFeeCap(fees, parseGwei("101"), parseGwei("101"))?.maxFeePerGas).toBe(parseGwei("101"));
  });

  test("a cap below the base fee and the tip (or below the tip alone): none, the transaction waits", () => {
    expect(withinFeeCap(fees, parseGwei("100"), parseGwei("101"))).toBeUndefined();
    expect(withinFeeCap(fees, parseGwei("0.5"), 0n)).toBeUndefined();
  });
});
