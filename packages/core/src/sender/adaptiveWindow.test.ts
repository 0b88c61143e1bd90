import { describe, expect, test } from "vitest";
import { createAdaptiveWindow, MIN_SAMPLE_ANSWERS, REFERENCE_SAMPLES } from "./adaptiveWindow.js";

/** A window on a clock the test moves: every round trip is exactly the latency it is given. */
function windowAt(maxInFlight: number) {
  let time = 0;
  const window = createAdaptiveWindow({ maxInFlight, now: () => time });
  /**
   * One sample window's worth of answers, `latency` ms each, sent `concurrent` at a time (the
   * whole window by default: the window is the limit).
   */
  function sample(latency: number, concurrent = window.size) {
    let answers = Math.max(window.size, MIN_SAMPLE_ANSWERS);
    while (answers > 0) {
      const count = Math.min(concurrent, answers);
      const over = Array.from({ length: count }, () => window.start());
      time += latency;
      for (const done of over) done("answered");
      answers -= count;
    }
    return window.size;
  }
  return {
    window,
    sample,
    advance(ms: number) {
      time += ms;
    },
  };
}

describe("createAdaptiveWindow", () => {
  test("starts at 64 and grows by √window for each full sample answered at the reference latency", () => {
    const { window, sample } = windowAt(512);
    expect(window.size).toBe(64);
    // 64 + 8 = 72; 72 + 8.49 = 80.49; 80.49 + 8.97 = 89.46; 89.46 + 9.46 = 98.92
    expect([sample(50), sample(50), sample(50), sample(50)]).toEqual([72, 80, 89, 98]);
    // Within 1.25 × the reference (50 ms) is still "near": it keeps growing.
    expect(sample(62)).toBe(108);
  });

  test("does not grow while the sender never fills it", () => {
    const { window, sample } = windowAt(512);
    for (let round = 0; round < 20; round++) expect(sample(50, 32)).toBe(64);
    // One send short of full is not full either.
    for (let round = 0; round < 5; round++) expect(sample(50, window.size - 1)).toBe(64);
    expect(sample(50)).toBe(72);
  });

  test("shrinks half-way towards window × reference / latency when latency rises, holds in between", () => {
    const { sample } = windowAt(512);
    expect(sample(50)).toBe(72);
    // Twice the reference: target 72 / 2 = 36, half-way there: 54.
    expect(sample(100)).toBe(54);
    // 1.4 × the reference: neither near it nor well above it.
    expect(sample(70)).toBe(54);
    // 3 × the reference: the target is at most halved (27), half-way: 40.5.
    expect(sample(150)).toBe(40);
    // Back at the reference: grows again (40.5 + 6.36).
    expect(sample(50)).toBe(46);
  });

  test("a sample the window never filled teaches nothing, not even a slower latency", () => {
    const { sample } = windowAt(512);
    expect(sample(50)).toBe(72);
    for (let round = 0; round < 5; round++) expect(sample(500, 8)).toBe(72);
    // Nor does it lower the reference: 60 ms is within 1.25 × 50.
    expect(sample(5, 8)).toBe(72);
    expect(sample(60)).toBe(80);
  });

  test("halves when the node does not answer, once for everything at the node then", () => {
    const { window, sample } = windowAt(512);
    const atNode = Array.from({ length: 64 }, () => window.start());
    atNode[0]?.("no-answer");
    expect(window.size).toBe(32);
    // Its companions sent before the halving time out too: the halving already answered for them.
    for (const done of atNode.slice(1)) done("no-answer");
    expect(window.size).toBe(32);
    // A send that left after the halving and got no answer halves again; the floor is 16.
    window.start()("no-answer");
    expect(window.size).toBe(16);
    window.start()("no-answer");
    expect(window.size).toBe(16);
    // Answered again at a steady latency: it grows back from there (16 + 4).
    expect(sample(50)).toBe(20);
  });

  test("answers of sends from before a halving are left out of the next sample", () => {
    const { window, sample, advance } = windowAt(512);
    expect(sample(50)).toBe(72);
    const before = Array.from({ length: 40 }, () => window.start());
    window.start()("no-answer");
    expect(window.size).toBe(36);
    // 40 answers at 10 × the reference, of sends made for the old, bigger window, would make a
    // full sample of 36 and shrink it: left out.
    advance(500);
    for (const done of before) done("answered");
    expect(window.size).toBe(36);
    expect(sample(50)).toBe(42);
  });

  test("a send that ended without an answer either way changes nothing", () => {
    const { window } = windowAt(512);
    for (let round = 0; round < 100; round++) window.start()();
    expect(window.size).toBe(64);
  });

  test("stays between min(16, maxInFlight) and maxInFlight, and starts at min(64, maxInFlight)", () => {
    const capped = windowAt(100);
    expect([capped.window.min, capped.window.max, capped.window.size]).toEqual([16, 100, 64]);
    for (let round = 0; round < 20; round++) capped.sample(50);
    expect(capped.window.size).toBe(100);
    for (let round = 0; round < 20; round++) capped.sample(500);
    expect(capped.window.size).toBe(16);
    for (let round = 0; round < 5; round++) capped.window.start()("no-answer");
    expect(capped.window.size).toBe(16);

    const small = windowAt(40);
    expect([small.window.min, small.window.max, small.window.size]).toEqual([16, 40, 40]);
  });

  test("maxInFlight 1 stays exactly 1, and a window of 16 or less never moves", () => {
    for (const maxInFlight of [1, 8, 16]) {
      const { window, sample } = windowAt(maxInFlight);
      expect([window.min, window.max, window.size]).toEqual([maxInFlight, maxInFlight, maxInFlight]);
      for (let round = 0; round < 10; round++) expect(sample(50)).toBe(maxInFlight);
      expect(sample(5_000)).toBe(maxInFlight);
      window.start()("no-answer");
      expect(window.size).toBe(maxInFlight);
      expect(sample(5)).toBe(maxInFlight);
    }
  });

  test(`forgets a reference older than ${REFERENCE_SAMPLES} full samples, and follows a node that slowed`, () => {
    const { sample } = windowAt(512);
    expect(sample(10)).toBe(72);
    // Four times slower: it shrinks to the floor and stays there while 10 ms is the reference.
    for (let round = 1; round < REFERENCE_SAMPLES; round++) sample(40);
    expect(sample(10 * 4, 8)).toBe(16);
    // The 10 ms sample is now the oldest of the last ones kept; the next full one pushes it out
    // and 40 ms becomes the reference: the window grows again (16 + 4).
    expect(sample(40)).toBe(20);
    expect(sample(40)).toBe(24);
    // Against the new reference, 80 ms is twice as slow: target 12, half-way: 18 (24 - 6).
    expect(sample(80)).toBe(18);
  });
});

describe("createAdaptiveWindow against a modelled node", () => {
  /**
   * A node whose round trip stays at 68 ms up to 128 in flight and then grows by 0.8 ms for each
   * one more (the shape bench:sender-window measured: 64 and 128 equally fast, 256 2.4× slower),
   * each sample ±20 % off it, from a fixed pseudo-random sequence.
   */
  function kneeAt128(samples: number) {
    let time = 0;
    const window = createAdaptiveWindow({ maxInFlight: 512, now: () => time });
    let seed = 1;
    const noise = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return 0.8 + 0.4 * (seed / 2_147_483_648);
    };
    const sizes: number[] = [];
    for (let sample = 0; sample < samples; sample++) {
      sizes.push(window.size);
      const over = Array.from({ length: window.size }, () => window.start());
      time += (68 + Math.max(0, window.size - 128) * 0.8) * noise();
      for (const done of over) done("answered");
    }
    return sizes;
  }

  test("settles near the knee: above the start, far below the cap", () => {
    const sizes = kneeAt128(1_000).slice(200);
    const mean = sizes.reduce((sum, size) => sum + size, 0) / sizes.length;
    // Measured with this model: 107–164, 131 on average, from the 200th sample on.
    expect(Math.min(...sizes)).toBeGreaterThan(64);
    expect(Math.max(...sizes)).toBeLessThan(200);
    expect(mean).toBeGreaterThan(110);
    expect(mean).toBeLessThan(155);
  });
});
