import { useDevnet } from "@privnet/devnet/vitest";
import { formatEther, http, parseEther, parseUnits } from "viem";
import { afterEach, describe, expect, test } from "vitest";
import { priceOracleAbi } from "../contracts/generated.js";
import { NATIVE_ETH_ADDRESS } from "../contracts/platformContracts.js";
import { PriceStaleError } from "../errors/oracle.js";
import { isPrivnetError } from "../errors/PrivnetError.js";
import { createPlatform, type Platform } from "../platform/createPlatform.js";
import { readRevertReason } from "../sender/readRevertReason.js";

const devnet = useDevnet();
const platforms: Platform[] = [];
afterEach(async () => {
  await Promise.all(platforms.splice(0).map((platform) => platform.close()));
});

async function platformWithContracts() {
  const platform = await createPlatform({ transport: http(devnet.rpcUrl), contracts: true });
  platforms.push(platform);
  return platform;
}

const borrower = () => devnet.accounts[5] as { address: `0x${string}`; privateKey: `0x${string}` };
const liquidator = () => devnet.accounts[6] as { address: `0x${string}`; privateKey: `0x${string}` };

describe("lending end to end", () => {
  test("crash ETH 40%: health factor below 1, liquidation pays the 5% bonus; freeze past the heartbeat: stale; resume: fresh", async () => {
    const platform = await platformWithContracts();
    const { addresses } = await platform.contracts.get();

    // The liquidator needs USDC to repay with: it borrows some against plenty of ETH.
    await platform.lending.deposit({ privateKey: liquidator().privateKey, token: "ETH", amount: "100" });
    await platform.lending.borrow({ privateKey: liquidator().privateKey, token: "USDC", amount: "10000" });

    await platform.lending.deposit({ privateKey: borrower().privateKey, token: "ETH", amount: "1" });
    await platform.lending.borrow({ privateKey: borrower().privateKey, token: "USDC", amount: "1000" });
    const before = await platform.lending.position(borrower().address);
    expect(before).toMatchObject({
      collateralUSD: "2000",
      debtUSD: "1000",
      healthFactor: "1.5",
      healthFactorRaw: parseEther("1.5"),
      liquidatable: false,
    });
    const early = await platform.lending
      .liquidate({
        privateKey: liquidator().privateKey,
        borrower: borrower().address,
        debtToken: "USDC",
        repayAmount: "500",
        collateralToken: "ETH",
      })
      .catch((error: unknown) => error);
    expect(isPrivnetError(early, "LENDING_NOT_LIQUIDATABLE")).toBe(true);

    const prices: string[] = [];
    platform.events.on("price", (update) => prices.push(`${update.symbol}=${update.price}`));
    const crash = await platform.oracle.crash("ETH", 40);
    expect(crash?.prices).toEqual({ ETH: "1200" });
    expect(prices).toEqual(["ETH=1200"]);
    expect((await platform.oracle.price("ETH")).price).toBe("1200");

    const after = await platform.lending.position(borrower().address);
    expect(after).toMatchObject({
      collateralUSD: "1200",
      debtUSD: "1000",
      healthFactor: "0.9",
      liquidatable: true,
    });
    expect(after.healthFactorRaw).toBeLessThan(10n ** 18n);

    const liquidation = await platform.lending.liquidate({
      privateKey: liquidator().privateKey,
      borrower: borrower().address,
      debtToken: "USDC",
      repayAmount: "500",
      collateralToken: "ETH",
    });
    // 500 USDC repaid for ETH worth 500 × 1.05 = 525 USD at 1,200: 0.4375 ETH.
    expect(liquidation).toMatchObject({
      repaid: "500",
      debtToken: "USDC",
      collateralToken: "ETH",
      seized: "0.4375",
    });
    expect((liquidation.seizedRaw * 1200n) / 10n ** 18n).toBe(525n);
    const left = await platform.lending.position(borrower().address);
    expect(left).toMatchObject({ collateralUSD: "675", debtUSD: "500", healthFactor: "1.0125" });

    // Freeze, then more than the heartbeat (3,600 s) passes.
    await platform.oracle.freeze();
    expect(platform.oracle.status().frozen).toBe(true);
    await devnet.request("evm_increaseTime", [3601]);
    await devnet.request("evm_mine");
    const stale = await platform.client
      .readContract({
        address: addresses.priceOracle,
        abi: priceOracleAbi,
        functionName: "getPrice",
        args: [NATIVE_ETH_ADDRESS],
      })
      .catch((error: unknown) => error);
    expect(readRevertReason(stale)).toBe("Price is stale");
    const [, , isStale] = await platform.client.readContract({
      address: addresses.priceOracle,
      abi: priceOracleAbi,
      functionName: "getPriceInfo",
      args: [NATIVE_ETH_ADDRESS],
    });
    expect(isStale).toBe(true);
    expect((await platform.oracle.price("ETH")).isStale).toBe(true);

    const borrowStale = await platform.lending
      .borrow({ privateKey: borrower().privateKey, token: "USDC", amount: "1" })
      .catch((error: unknown) => error);
    expect(borrowStale).toBeInstanceOf(PriceStaleError);
    // Every price is stale; the one named is the first the call needs.
    expect(borrowStale).toMatchObject({ code: "PRICE_STALE", token: addresses.usdc, symbol: "USDC" });
    expect((borrowStale as PriceStaleError).ageSeconds).toBeGreaterThan(3600);
    const positionStale = await platform.lending
      .position(borrower().address)
      .catch((error: unknown) => error);
    expect(isPrivnetError(positionStale, "PRICE_STALE")).toBe(true);

    const resumed = await platform.oracle.resume();
    expect(Object.keys(resumed.prices).sort()).toEqual(["DAI", "ETH", "PRIV", "USDC"]);
    expect(platform.oracle.status().frozen).toBe(false);
    const fresh = await platform.client.readContract({
      address: addresses.priceOracle,
      abi: priceOracleAbi,
      functionName: "getPrice",
      args: [NATIVE_ETH_ADDRESS],
    });
    // The seed model draws ETH within ±2% of its (crashed) base of 1,200.
    expect(Number(formatEther(fresh))).toBeGreaterThanOrEqual(1176);
    expect(Number(formatEther(fresh))).toBeLessThanOrEqual(1224);
    expect((await platform.oracle.price("ETH")).isStale).toBe(false);
  });
});

describe("lending errors", () => {
  test("the pool's reasons become codes; nothing is sent when the simulation reverts", async () => {
    const platform = await platformWithContracts();
    const key = borrower().privateKey;
    await platform.lending.deposit({ privateKey: key, token: "eth", amount: "1" });
    const cases: [Promise<unknown>, string][] = [
      [
        platform.lending.borrow({ privateKey: key, token: "USDC", amount: "1400.000001" }),
        "LENDING_BORROW_EXCEEDS_LTV",
      ],
      [platform.lending.repay({ privateKey: key, token: "USDC", amount: "1" }), "LENDING_NO_DEBT"],
      [
        platform.lending.withdraw({ privateKey: key, token: "ETH", amount: "2" }),
        "LENDING_INSUFFICIENT_COLLATERAL",
      ],
      [
        platform.lending.borrow({ privateKey: key, token: "DAI", amount: "2000000" }),
        "LENDING_INSUFFICIENT_LIQUIDITY",
      ],
      [platform.lending.borrow({ privateKey: key, token: "USDC", amount: "0" }), "INVALID_AMOUNT"],
      [platform.lending.borrow({ privateKey: key, token: "USDC", amount: "1.0000001" }), "INVALID_AMOUNT"],
      [platform.lending.borrow({ privateKey: key, token: "WBTC", amount: "1" }), "UNKNOWN_SYMBOL"],
      [platform.lending.borrow({ privateKey: "0x12", token: "USDC", amount: "1" }), "INVALID_PRIVATE_KEY"],
      [platform.lending.position("0x123"), "INVALID_ADDRESS"],
      [platform.lending.borrow({ token: "USDC", amount: "1" }), "INVALID_TRANSACTION"],
      [
        platform.lending.borrow({ privateKey: key, fromWalletId: 6, token: "USDC", amount: "1" }),
        "INVALID_TRANSACTION",
      ],
      [platform.lending.borrow({ fromWalletId: 999, token: "USDC", amount: "1" }), "WALLET_NOT_FOUND"],
    ];
    for (const [call, code] of cases) {
      const error = await call.catch((caught: unknown) => caught);
      expect(isPrivnetError(error), `${code}: ${String(error)}`).toBe(true);
      expect((error as { code: string }).code).toBe(code);
    }
    // Only the deposit reached the chain: every refusal above came before anything was sent.
    expect(await platform.transactions.list({ source: "lending" })).toHaveLength(1);
    await platform.lending.borrow({ privateKey: key, token: "USDC", amount: "1400" });
    const tooMuch = await platform.lending
      .withdraw({ privateKey: key, token: "ETH", amount: "0.1" })
      .catch((error: unknown) => error);
    expect(isPrivnetError(tooMuch, "LENDING_HEALTH_FACTOR_TOO_LOW")).toBe(true);
    const repaid = await platform.lending.repay({ privateKey: key, token: "USDC", amount: "max" });
    expect(repaid.amount).toBe("1400");
    expect(await platform.lending.position(borrower().address)).toMatchObject({
      debtUSD: "0",
      healthFactor: "Infinity",
      liquidatable: false,
    });
    expect(parseUnits("1", 6)).toBe(1_000_000n);
  });

  test("a price never set is PRICE_NOT_AVAILABLE with its token", async () => {
    const platform = await createPlatform({
      transport: http(devnet.rpcUrl),
      contracts: { initialPrices: false },
    });
    platforms.push(platform);
    await platform.lending.deposit({ privateKey: borrower().privateKey, token: "ETH", amount: "1" });
    const { addresses } = await platform.contracts.get();
    const error = await platform.lending
      .borrow({ privateKey: borrower().privateKey, token: "DAI", amount: "1" })
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({
      code: "PRICE_NOT_AVAILABLE",
      token: addresses.dai,
      symbol: "DAI",
      ageSeconds: null,
    });
  });
});
