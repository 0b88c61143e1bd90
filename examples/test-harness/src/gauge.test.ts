import { NATIVE_ETH_ADDRESS } from "@privnet/core/contracts";
import { makePriceStale, setTokenPrice } from "@privnet/devnet";
import { createWalletClient, http, parseEther, parseEventLogs } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { describe, expect } from "vitest";
import { collateralGaugeAbi } from "./collateralGauge.js";
import { test } from "./harness.js";

describe("CollateralGauge reads the privnet oracle", () => {
  test("values ETH at the price the test sets", async ({ platform, gauge }) => {
    await setTokenPrice(platform, { symbol: "ETH", price: "2500" });
    const value = await platform.client.readContract({
      address: gauge,
      abi: collateralGaugeAbi,
      functionName: "valueUsd",
      args: [NATIVE_ETH_ADDRESS, parseEther("2")],
    });
    expect(value).toBe(parseEther("5000"));
  });

  test("a check is a transaction; its event says whether the floor holds", async ({
    platform,
    gauge,
    devnet,
  }) => {
    await setTokenPrice(platform, { symbol: "ETH", price: "2000" });
    const [, caller] = devnet.accounts;
    if (!caller) throw new Error("no prefunded account");
    const wallet = createWalletClient({
      account: privateKeyToAccount(caller.privateKey),
      chain: platform.chain,
      transport: http(devnet.rpcUrl),
    });
    const checks = [];
    for (const floor of ["1500", "2500"]) {
      const hash = await wallet.writeContract({
        address: gauge,
        abi: collateralGaugeAbi,
        functionName: "check",
        args: [NATIVE_ETH_ADDRESS, parseEther("1"), parseEther(floor)],
      });
      const receipt = await platform.client.waitForTransactionReceipt({ hash });
      const [event] = parseEventLogs({ abi: collateralGaugeAbi, logs: receipt.logs, eventName: "Checked" });
      checks.push({ valueUsd: event?.args.valueUsd, enough: event?.args.enough });
    }
    expect(checks).toEqual([
      { valueUsd: parseEther("2000"), enough: true },
      { valueUsd: parseEther("2000"), enough: false },
    ]);
  });

  test("each test starts from the same prices: the 2,500 USD of the first test is gone", async ({
    platform,
  }) => {
    expect((await platform.oracle.price("ETH")).price).not.toBe("2500");
  });

  test("a stale price reverts the dApp's call as the oracle does", async ({
    platform,
    testClient,
    gauge,
  }) => {
    await makePriceStale(testClient, platform, { symbol: "ETH" });
    await expect(
      platform.client.readContract({
        address: gauge,
        abi: collateralGaugeAbi,
        functionName: "valueUsd",
        args: [NATIVE_ETH_ADDRESS, parseEther("1")],
      }),
    ).rejects.toThrow(/Price is stale/);
  });
});
