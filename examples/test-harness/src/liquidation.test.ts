import { fund, setTokenPrice } from "@privnet/devnet";
import { privateKeyToAccount } from "viem/accounts";
import { describe, expect } from "vitest";
import { test } from "./harness.js";

// Fresh keys funded by the test: nothing else on the devnet sends from them.
const borrowerKey = `0x${"b1".repeat(32)}` as const;
const liquidatorKey = `0x${"1d".repeat(32)}` as const;
const borrower = { ...privateKeyToAccount(borrowerKey), privateKey: borrowerKey };
const liquidator = { ...privateKeyToAccount(liquidatorKey), privateKey: liquidatorKey };

describe("a liquidation, in a file of its own (another worker, another devnet)", () => {
  test("ETH falls to 1,200 USD: the borrower is liquidated with the 5 % bonus", async ({
    platform,
    testClient,
  }) => {
    await fund(testClient, { address: borrower.address, amount: "10" });
    await fund(testClient, { address: liquidator.address, amount: "200" });
    await setTokenPrice(platform, { symbol: "ETH", price: "2000" });
    // The liquidator's USDC, to repay with: borrowed against plenty of ETH.
    await platform.lending.deposit({ privateKey: liquidator.privateKey, token: "ETH", amount: "100" });
    await platform.lending.borrow({ privateKey: liquidator.privateKey, token: "USDC", amount: "10000" });

    await platform.lending.deposit({ privateKey: borrower.privateKey, token: "ETH", amount: "1" });
    await platform.lending.borrow({ privateKey: borrower.privateKey, token: "USDC", amount: "1000" });
    expect(await platform.lending.position(borrower.address)).toMatchObject({
      healthFactor: "1.5",
      liquidatable: false,
    });

    await setTokenPrice(platform, { symbol: "ETH", price: "1200" });
    expect(await platform.lending.position(borrower.address)).toMatchObject({
      healthFactor: "0.9",
      liquidatable: true,
    });
    const liquidation = await platform.lending.liquidate({
      privateKey: liquidator.privateKey,
      borrower: borrower.address,
      debtToken: "USDC",
      repayAmount: "500",
      collateralToken: "ETH",
    });
    expect(liquidation).toMatchObject({ repaid: "500", seized: "0.4375" });
    expect(await platform.lending.position(borrower.address)).toMatchObject({
      debtUSD: "500",
      healthFactor: "1.0125",
    });
  });

  test("the next test sees no position and no funds: isolated", async ({ platform, testClient }) => {
    expect(await testClient.getBalance({ address: borrower.address })).toBe(0n);
    expect(await platform.lending.position(borrower.address)).toMatchObject({
      debtUSD: "0",
      liquidatable: false,
    });
  });
});
