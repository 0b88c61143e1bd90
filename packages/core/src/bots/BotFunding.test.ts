import { parseEther } from "viem";
import { describe, expect, test } from "vitest";
import { BotFunding, FUND_AHEAD_SECONDS } from "./BotFunding.js";

const eth = (value: string) => parseEther(value);

describe("BotFunding", () => {
  test("a bot that spends little is kept at minBalance and topped up by topUp", () => {
    const funding = new BotFunding({ minBalance: eth("10"), topUp: eth("100") });
    const now = 1_000_000;
    funding.spent(eth("0.01"), now);
    expect(funding.wanted(now + 5_000)).toBe(eth("10"));
    expect(funding.topUpAmount(eth("3"), now + 5_000)).toBe(eth("100"));
  });

  test("a bot that spends fast is kept 20 s of spend ahead and topped up to twice that", () => {
    const funding = new BotFunding({ minBalance: eth("10"), topUp: eth("100") });
    const now = 1_000_000;
    // 1,000 transfers of 0.01 ETH a second for 5 s: 10 ETH/s.
    for (let second = 0; second < 5; second++) {
      for (let index = 0; index < 1_000; index++) funding.spent(eth("0.01"), now + second * 1_000 + index);
    }
    const at = now + 5_000;
    expect(funding.rate(at)).toBe(eth("10"));
    expect(funding.wanted(at)).toBe(eth("10") * FUND_AHEAD_SECONDS);
    expect(funding.topUpAmount(eth("50"), at)).toBe(eth("10") * FUND_AHEAD_SECONDS * 2n - eth("50"));
  });

  test("the rate is measured over the last 10 s: a bot that slowed down is topped up less", () => {
    const funding = new BotFunding({ minBalance: eth("1"), topUp: eth("1") });
    const now = 1_000_000;
    for (let index = 0; index < 1_000; index++) funding.spent(eth("0.01"), now + index);
    expect(funding.rate(now + 30_000)).toBe(0n);
    expect(funding.wanted(now + 30_000)).toBe(eth("1"));
  });

  test("what is left: the balance read, minus what was on its way to the node then, minus what was sent since", () => {
    const funding = new BotFunding({ minBalance: eth("1"), topUp: eth("1") });
    expect(funding.projected()).toBeUndefined();
    funding.spent(eth("2")); // on its way: not in the balance about to be read
    funding.balanceRead(eth("10"));
    expect(funding.projected()).toBe(eth("8"));
    funding.sent(eth("2")); // the node took it: the next read shows it
    funding.spent(eth("1"));
    expect(funding.projected()).toBe(eth("7"));
    funding.sent(eth("1"));
    funding.balanceRead(eth("7"));
    expect(funding.projected()).toBe(eth("7"));
    expect(funding.lastCost).toBe(eth("1"));
  });

  test("what the ticks being prepared may cost is part of the wanted balance", () => {
    const funding = new BotFunding({ minBalance: eth("1"), topUp: eth("1") });
    expect(funding.wanted(Date.now(), eth("3"))).toBe(eth("6"));
  });
});
