import {
  lendingPoolAbi,
  lendingPoolBytecode,
  priceOracleAbi,
  priceOracleBytecode,
  testTokenAbi,
  testTokenBytecode,
} from "@privnet/core/contracts";
import { useDevnet } from "@privnet/devnet/vitest";
import {
  type Address,
  getAddress,
  maxUint256,
  parseEther,
  parseEventLogs,
  parseUnits,
  zeroAddress,
} from "viem";
import { beforeAll, describe, expect, test } from "vitest";
import { blockTimestamp, deploy, expectRevert, mineAt, mined, type TestClient, walletFor } from "./chain.js";

const devnet = useDevnet();
const ETH = getAddress("0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE");
const WAD = 10n ** 18n;
const usd = (amount: string) => parseEther(amount); // USD values and prices are 1e18-scaled
const usdcUnits = (amount: string) => parseUnits(amount, 6);

/** Health factor as the issue defines it, computed independently of the contract. */
const expectedHealthFactor = (collateralUSD: bigint, debtUSD: bigint) =>
  debtUSD === 0n ? maxUint256 : (collateralUSD * 7500n * WAD) / (debtUSD * 10_000n);

describe("LendingPool", () => {
  const owner = () => walletFor(devnet, 1);
  const borrower = () => walletFor(devnet, 2);
  const liquidator = () => walletFor(devnet, 3);
  let oracle: Address;
  let pool: Address;
  let usdc: Address;
  let dai: Address;

  const setPrice = (token: Address, price: bigint) =>
    mined(
      owner(),
      owner().writeContract({
        address: oracle,
        abi: priceOracleAbi,
        functionName: "updatePrice",
        args: [token, price],
      }),
    );
  const poolWrite = (client: TestClient, functionName: string, args: readonly unknown[], value?: bigint) =>
    client.writeContract({ address: pool, abi: lendingPoolAbi, functionName, args, value } as never);
  const poolRead = <T>(functionName: string, args: readonly unknown[] = []) =>
    owner().readContract({ address: pool, abi: lendingPoolAbi, functionName, args } as never) as Promise<T>;
  const tokenWrite = (client: TestClient, token: Address, functionName: string, args: readonly unknown[]) =>
    mined(client, client.writeContract({ address: token, abi: testTokenAbi, functionName, args } as never));
  const balanceOf = (token: Address, account: Address) =>
    owner().readContract({ address: token, abi: testTokenAbi, functionName: "balanceOf", args: [account] });
  const poolEvents = (receipt: { logs: Parameters<typeof parseEventLogs>[0]["logs"] }) =>
    parseEventLogs({ abi: lendingPoolAbi, logs: receipt.logs });

  beforeAll(async () => {
    oracle = await deploy(owner(), { abi: priceOracleAbi, bytecode: priceOracleBytecode });
    usdc = await deploy(owner(), {
      abi: testTokenAbi,
      bytecode: testTokenBytecode,
      args: ["USD Coin", "USDC", 6, usdcUnits("1000000")],
    });
    dai = await deploy(owner(), {
      abi: testTokenAbi,
      bytecode: testTokenBytecode,
      args: ["Dai Stablecoin", "DAI", 18, parseEther("1000000")],
    });
    pool = await deploy(owner(), { abi: lendingPoolAbi, bytecode: lendingPoolBytecode, args: [oracle] });
    for (const token of [ETH, usdc, dai]) await mined(owner(), poolWrite(owner(), "listAsset", [token]));
    await mined(
      owner(),
      owner().writeContract({
        address: oracle,
        abi: priceOracleAbi,
        functionName: "updatePrices",
        args: [
          [ETH, usdc, dai],
          [usd("2000"), usd("1"), usd("1")],
        ],
      }),
    );
    // The pool lends from a reserve the owner funds; users get tokens and approve the pool.
    for (const [token, amount] of [
      [usdc, usdcUnits("500000")],
      [dai, parseEther("500000")],
    ] as const) {
      await tokenWrite(owner(), token, "approve", [pool, maxUint256]);
      await mined(owner(), poolWrite(owner(), "addLiquidity", [token, amount]));
      for (const user of [borrower(), liquidator()]) {
        await tokenWrite(owner(), token, "mint", [user.account.address, amount / 10n]);
        await tokenWrite(user, token, "approve", [pool, maxUint256]);
      }
    }
    await mined(owner(), poolWrite(owner(), "addLiquidity", [ETH, parseEther("100")], parseEther("100")));
  });

  describe("assets and liquidity (owner)", () => {
    test("listed assets keep their decimals: ETH 18, USDC 6, DAI 18", async () => {
      expect(await poolRead("listedAssets")).toEqual([ETH, usdc, dai]);
      const fresh = await deploy(owner(), {
        abi: lendingPoolAbi,
        bytecode: lendingPoolBytecode,
        args: [oracle],
      });
      const receipt = await mined(
        owner(),
        owner().writeContract({
          address: fresh,
          abi: lendingPoolAbi,
          functionName: "listAsset",
          args: [usdc],
        }),
      );
      expect(poolEvents(receipt).map((event) => [event.eventName, event.args])).toEqual([
        ["AssetListed", { token: usdc, decimals: 6 }],
      ]);
    });

    test("listing is owner-only, once per asset, never the zero address", async () => {
      await expectRevert(poolWrite(borrower(), "listAsset", [usdc]), "OwnableUnauthorizedAccount");
      await expectRevert(poolWrite(owner(), "listAsset", [usdc]), "Asset already listed");
      await expectRevert(poolWrite(owner(), "listAsset", [zeroAddress]), "Token is the zero address");
    });

    test("at most MAX_ASSETS (16) assets can be listed", async () => {
      expect(await poolRead("MAX_ASSETS")).toBe(16n);
      for (let index = 3; index < 16; index++) {
        const token = await deploy(owner(), {
          abi: testTokenAbi,
          bytecode: testTokenBytecode,
          args: [`Token ${index}`, `T${index}`, 18, 0n],
        });
        await mined(owner(), poolWrite(owner(), "listAsset", [token]));
      }
      const extra = await deploy(owner(), {
        abi: testTokenAbi,
        bytecode: testTokenBytecode,
        args: ["Token 16", "T16", 18, 0n],
      });
      await expectRevert(poolWrite(owner(), "listAsset", [extra]), "Too many assets");
    });

    test("ETH sent to an address that refuses it reverts 'ETH transfer failed'", async () => {
      // The oracle has no receive function, so it refuses plain ETH.
      await expectRevert(poolWrite(owner(), "removeLiquidity", [ETH, 1n, oracle]), "ETH transfer failed");
    });

    test("an unlisted asset is refused everywhere", async () => {
      const other = await deploy(owner(), {
        abi: testTokenAbi,
        bytecode: testTokenBytecode,
        args: ["Other", "OTH", 18, 0n],
      });
      await expectRevert(poolWrite(borrower(), "deposit", [other, 1n]), "Asset not listed");
      await expectRevert(poolWrite(borrower(), "withdraw", [other, 1n]), "Asset not listed");
      await expectRevert(poolWrite(borrower(), "borrow", [other, 1n]), "Asset not listed");
      await expectRevert(poolWrite(borrower(), "repay", [other, 1n]), "Asset not listed");
      await expectRevert(
        poolWrite(liquidator(), "liquidate", [borrower().account.address, other, 1n, usdc]),
        "Asset not listed",
      );
      const user = borrower().account.address;
      await expectRevert(poolRead("previewLiquidation", [user, other, 1n, usdc]), "Asset not listed");
      await expectRevert(poolRead("previewLiquidation", [user, usdc, 1n, other]), "Asset not listed");
    });

    test("the owner adds and removes liquidity, with events; nobody else can", async () => {
      expect(await poolRead("liquidityOf", [usdc])).toBe(usdcUnits("500000"));
      const added = await mined(owner(), poolWrite(owner(), "addLiquidity", [usdc, usdcUnits("10")]));
      expect(poolEvents(added)[0]?.args).toEqual({ token: usdc, amount: usdcUnits("10") });
      const to = liquidator().account.address;
      const before = await balanceOf(usdc, to);
      const removed = await mined(
        owner(),
        poolWrite(owner(), "removeLiquidity", [usdc, usdcUnits("110"), to]),
      );
      expect(poolEvents(removed)[0]?.args).toEqual({ token: usdc, amount: usdcUnits("110"), to });
      expect(await balanceOf(usdc, to)).toBe(before + usdcUnits("110"));
      expect(await poolRead("liquidityOf", [usdc])).toBe(usdcUnits("499900"));

      await expectRevert(poolWrite(borrower(), "addLiquidity", [usdc, 1n]), "OwnableUnauthorizedAccount");
      await expectRevert(
        poolWrite(borrower(), "removeLiquidity", [usdc, 1n, to]),
        "OwnableUnauthorizedAccount",
      );
      await expectRevert(
        poolWrite(owner(), "removeLiquidity", [usdc, usdcUnits("500000"), to]),
        "Insufficient liquidity",
      );
    });
  });

  describe("deposit and withdraw", () => {
    test("deposits of tokens and of ETH are recorded and emit Deposit", async () => {
      const user = borrower().account.address;
      const tokens = await mined(borrower(), poolWrite(borrower(), "deposit", [usdc, usdcUnits("1000")]));
      expect(poolEvents(tokens).map((event) => [event.eventName, event.args])).toEqual([
        ["Deposit", { user, token: usdc, amount: usdcUnits("1000") }],
      ]);
      const ether = await mined(
        borrower(),
        poolWrite(borrower(), "deposit", [ETH, parseEther("1.5")], parseEther("1.5")),
      );
      expect(poolEvents(ether)[0]?.args).toEqual({ user, token: ETH, amount: parseEther("1.5") });
      expect(await poolRead("collateralOf", [user, usdc])).toBe(usdcUnits("1000"));
      expect(await poolRead("collateralOf", [user, ETH])).toBe(parseEther("1.5"));
    });

    test("zero amounts, a wrong ETH value and ETH sent with a token deposit are refused", async () => {
      await expectRevert(poolWrite(borrower(), "deposit", [usdc, 0n]), "Amount must be positive");
      await expectRevert(
        poolWrite(borrower(), "deposit", [ETH, parseEther("1")], parseEther("0.5")),
        "Wrong ETH amount",
      );
      await expectRevert(poolWrite(borrower(), "deposit", [usdc, 1n], 1n), "ETH not accepted");
      await expectRevert(poolWrite(borrower(), "withdraw", [usdc, 0n]), "Amount must be positive");
    });

    test("without debt, everything comes back — even when prices are stale", async () => {
      const user = borrower().account.address;
      await mined(borrower(), poolWrite(borrower(), "deposit", [usdc, usdcUnits("1000")]));
      const before = await balanceOf(usdc, user);
      const receipt = await setPrice(usdc, usd("1"));
      await mineAt(devnet, (await blockTimestamp(owner(), receipt)) + 3601n);
      const withdrawn = await mined(borrower(), poolWrite(borrower(), "withdraw", [usdc, usdcUnits("1000")]));
      expect(poolEvents(withdrawn)[0]?.args).toEqual({ user, token: usdc, amount: usdcUnits("1000") });
      expect(await balanceOf(usdc, user)).toBe(before + usdcUnits("1000"));
      await expectRevert(poolWrite(borrower(), "withdraw", [usdc, 1n]), "Insufficient collateral");
    });

    test("with debt, a withdrawal may bring the health factor down to exactly 1.0 but not below", async () => {
      // 1000 USDC collateral, 600 DAI debt: HF 1.25. Collateral must stay ≥ 800 USD.
      await mined(borrower(), poolWrite(borrower(), "deposit", [usdc, usdcUnits("1000")]));
      await mined(borrower(), poolWrite(borrower(), "borrow", [dai, parseEther("600")]));
      await expectRevert(
        poolWrite(borrower(), "withdraw", [usdc, usdcUnits("200.000001")]),
        "Withdrawal would drop health factor below 1",
      );
      await mined(borrower(), poolWrite(borrower(), "withdraw", [usdc, usdcUnits("200")]));
      expect(await poolRead("healthFactor", [borrower().account.address])).toBe(WAD);
    });

    test("withdrawing ETH collateral sends ETH back", async () => {
      const user = borrower().account.address;
      await mined(borrower(), poolWrite(borrower(), "deposit", [ETH, parseEther("2")], parseEther("2")));
      const before = await owner().getBalance({ address: user });
      const receipt = await mined(borrower(), poolWrite(borrower(), "withdraw", [ETH, parseEther("2")]));
      const gas = receipt.gasUsed * receipt.effectiveGasPrice;
      expect(await owner().getBalance({ address: user })).toBe(before + parseEther("2") - gas);
    });
  });

  describe("health factor and borrowing", () => {
    test("no debt means a health factor of type(uint256).max", async () => {
      expect(await poolRead("healthFactor", [borrower().account.address])).toBe(maxUint256);
      await mined(borrower(), poolWrite(borrower(), "deposit", [usdc, usdcUnits("10")]));
      expect(await poolRead("accountData", [borrower().account.address])).toEqual([
        usd("10"),
        0n,
        maxUint256,
        usd("7"),
      ]);
    });

    test("values mix 6- and 18-decimal tokens correctly", async () => {
      // Collateral: 1000 USDC (6 decimals) at 0.999 + 1 ETH at 2000 = 2999 USD. Debt: 1000 DAI at 1.001.
      await setPrice(usdc, usd("0.999"));
      await setPrice(dai, usd("1.001"));
      const user = borrower().account.address;
      await mined(borrower(), poolWrite(borrower(), "deposit", [usdc, usdcUnits("1000")]));
      await mined(borrower(), poolWrite(borrower(), "deposit", [ETH, parseEther("1")], parseEther("1")));
      const borrowed = await mined(borrower(), poolWrite(borrower(), "borrow", [dai, parseEther("1000")]));
      expect(poolEvents(borrowed)[0]?.args).toEqual({ user, token: dai, amount: parseEther("1000") });

      const collateralUSD = usd("2999");
      const debtUSD = usd("1001");
      const healthFactor = expectedHealthFactor(collateralUSD, debtUSD);
      expect(healthFactor).toBe(2_247_002_997_002_997_002n); // 2999 × 0.75 / 1001
      expect(await poolRead("healthFactor", [user])).toBe(healthFactor);
      expect(await poolRead("accountData", [user])).toEqual([
        collateralUSD,
        debtUSD,
        healthFactor,
        (collateralUSD * 7000n) / 10_000n - debtUSD,
      ]);
    });

    test("a USDC debt of 6 decimals is valued like an 18-decimal one", async () => {
      const user = borrower().account.address;
      await mined(borrower(), poolWrite(borrower(), "deposit", [dai, parseEther("1000")]));
      await mined(borrower(), poolWrite(borrower(), "borrow", [usdc, usdcUnits("500")]));
      expect(await poolRead("accountData", [user])).toEqual([
        usd("1000"),
        usd("500"),
        usd("1.5"),
        usd("200"),
      ]);
      expect(await balanceOf(usdc, user)).toBe(usdcUnits("50500"));
    });

    test("borrowing is capped at 70% loan-to-value, to the last unit", async () => {
      await mined(borrower(), poolWrite(borrower(), "deposit", [usdc, usdcUnits("1000")]));
      await expectRevert(
        poolWrite(borrower(), "borrow", [dai, parseEther("700") + 1n]),
        "Borrow exceeds loan-to-value",
      );
      await mined(borrower(), poolWrite(borrower(), "borrow", [dai, parseEther("700")]));
      // 1000 × 0.75 / 700: a maximal fresh borrow is not liquidatable.
      expect(await poolRead("healthFactor", [borrower().account.address])).toBe(
        expectedHealthFactor(usd("1000"), usd("700")),
      );
      await expectRevert(poolWrite(borrower(), "borrow", [usdc, 1n]), "Borrow exceeds loan-to-value");
      await expectRevert(
        poolWrite(liquidator(), "liquidate", [borrower().account.address, dai, 1n, usdc]),
        "Health factor not below 1",
      );
    });

    test("borrowing without collateral, zero, or beyond the reserve is refused", async () => {
      await expectRevert(poolWrite(borrower(), "borrow", [dai, 1n]), "Borrow exceeds loan-to-value");
      await expectRevert(poolWrite(borrower(), "borrow", [dai, 0n]), "Amount must be positive");
      await mined(
        borrower(),
        poolWrite(borrower(), "deposit", [ETH, parseEther("1000")], parseEther("1000")),
      );
      await expectRevert(
        poolWrite(borrower(), "borrow", [dai, parseEther("500001")]),
        "Insufficient liquidity",
      );
    });

    test("borrowing ETH sends ETH out of the reserve", async () => {
      const user = borrower().account.address;
      await mined(borrower(), poolWrite(borrower(), "deposit", [usdc, usdcUnits("10000")]));
      const before = await owner().getBalance({ address: user });
      const receipt = await mined(borrower(), poolWrite(borrower(), "borrow", [ETH, parseEther("3")]));
      expect(await owner().getBalance({ address: user })).toBe(
        before + parseEther("3") - receipt.gasUsed * receipt.effectiveGasPrice,
      );
      expect(await poolRead("liquidityOf", [ETH])).toBe(parseEther("97"));
    });

    test("a stale price halts borrowing and withdrawals with debt", async () => {
      await mined(borrower(), poolWrite(borrower(), "deposit", [usdc, usdcUnits("1000")]));
      await mined(borrower(), poolWrite(borrower(), "borrow", [dai, parseEther("100")]));
      const receipt = await setPrice(dai, usd("1"));
      await mineAt(devnet, (await blockTimestamp(owner(), receipt)) + 3601n);
      await expectRevert(poolWrite(borrower(), "borrow", [dai, 1n]), "Price is stale");
      await expectRevert(poolWrite(borrower(), "withdraw", [usdc, 1n]), "Price is stale");
      await expectRevert(poolRead("healthFactor", [borrower().account.address]), "Price is stale");
    });

    test("an asset without a price cannot be used as collateral", async () => {
      const fresh = await deploy(owner(), {
        abi: testTokenAbi,
        bytecode: testTokenBytecode,
        args: ["Unpriced", "UNP", 18, parseEther("10")],
      });
      await mined(owner(), poolWrite(owner(), "listAsset", [fresh]));
      await tokenWrite(owner(), fresh, "approve", [pool, maxUint256]);
      await mined(owner(), poolWrite(owner(), "deposit", [fresh, parseEther("10")]));
      await expectRevert(poolWrite(owner(), "borrow", [dai, 1n]), "Price not available");
    });
  });

  describe("repay", () => {
    test("partial and over-full repayments: the debt never goes below zero, only what is owed is taken", async () => {
      const user = borrower().account.address;
      await mined(borrower(), poolWrite(borrower(), "deposit", [usdc, usdcUnits("1000")]));
      await mined(borrower(), poolWrite(borrower(), "borrow", [dai, parseEther("300")]));
      const partial = await mined(borrower(), poolWrite(borrower(), "repay", [dai, parseEther("100")]));
      expect(poolEvents(partial)[0]?.args).toEqual({ user, token: dai, amount: parseEther("100") });
      expect(await poolRead("debtOf", [user, dai])).toBe(parseEther("200"));

      const before = await balanceOf(dai, user);
      const full = await mined(borrower(), poolWrite(borrower(), "repay", [dai, maxUint256]));
      expect(poolEvents(full)[0]?.args).toEqual({ user, token: dai, amount: parseEther("200") });
      expect(await balanceOf(dai, user)).toBe(before - parseEther("200"));
      expect(await poolRead("debtOf", [user, dai])).toBe(0n);
      expect(await poolRead("liquidityOf", [dai])).toBe(parseEther("500000"));
      await expectRevert(poolWrite(borrower(), "repay", [dai, 1n]), "No debt to repay");
    });

    test("repaying ETH refunds what exceeds the debt; the value must match the amount", async () => {
      const user = borrower().account.address;
      await mined(borrower(), poolWrite(borrower(), "deposit", [usdc, usdcUnits("10000")]));
      await mined(borrower(), poolWrite(borrower(), "borrow", [ETH, parseEther("1")]));
      await expectRevert(
        poolWrite(borrower(), "repay", [ETH, parseEther("1")], parseEther("0.5")),
        "Wrong ETH amount",
      );
      const before = await owner().getBalance({ address: user });
      const receipt = await mined(
        borrower(),
        poolWrite(borrower(), "repay", [ETH, parseEther("2")], parseEther("2")),
      );
      expect(poolEvents(receipt)[0]?.args).toEqual({ user, token: ETH, amount: parseEther("1") });
      expect(await owner().getBalance({ address: user })).toBe(
        before - parseEther("1") - receipt.gasUsed * receipt.effectiveGasPrice,
      );
      expect(await poolRead("debtOf", [user, ETH])).toBe(0n);
    });
  });

  describe("liquidation", () => {
    // 1 ETH collateral at 2000, 1400 USDC debt (the 70% maximum).
    const openPosition = async () => {
      await mined(borrower(), poolWrite(borrower(), "deposit", [ETH, parseEther("1")], parseEther("1")));
      await mined(borrower(), poolWrite(borrower(), "borrow", [usdc, usdcUnits("1400")]));
    };

    test("refused while the health factor is ≥ 1.0, exactly 1.0 included; allowed just below", async () => {
      await mined(borrower(), poolWrite(borrower(), "deposit", [ETH, parseEther("1")], parseEther("1")));
      await mined(borrower(), poolWrite(borrower(), "borrow", [usdc, usdcUnits("1200")]));
      await setPrice(ETH, usd("1600")); // 1600 × 0.75 / 1200 = 1.0
      expect(await poolRead("healthFactor", [borrower().account.address])).toBe(WAD);
      await expectRevert(
        poolWrite(liquidator(), "liquidate", [borrower().account.address, usdc, usdcUnits("1"), ETH]),
        "Health factor not below 1",
      );
      await setPrice(ETH, usd("1600") - 1n);
      expect(await poolRead("healthFactor", [borrower().account.address])).toBeLessThan(WAD);
      await mined(
        liquidator(),
        poolWrite(liquidator(), "liquidate", [borrower().account.address, usdc, usdcUnits("1"), ETH]),
      );
    });

    test("refused for an account without debt", async () => {
      await expectRevert(
        poolWrite(liquidator(), "liquidate", [borrower().account.address, usdc, 1n, ETH]),
        "Health factor not below 1",
      );
    });

    test("pays the liquidator the repaid value plus 5% in collateral, at most 50% of the debt per call", async () => {
      await openPosition();
      await setPrice(ETH, usd("1800")); // HF = 1800 × 0.75 / 1400 ≈ 0.964
      const user = borrower().account.address;
      const liquidatorAddress = liquidator().account.address;
      expect(await poolRead("healthFactor", [user])).toBe(expectedHealthFactor(usd("1800"), usd("1400")));

      await expectRevert(
        poolWrite(liquidator(), "liquidate", [user, usdc, usdcUnits("700") + 1n, ETH]),
        "Repay exceeds close factor",
      );

      // 700 USD repaid × 1.05 / 1800 USD per ETH = 0.408333… ETH, rounded down.
      const seized = (usd("700") * 10_500n * WAD) / (usd("1800") * 10_000n);
      expect(seized).toBe(408_333_333_333_333_333n);
      expect(await poolRead("previewLiquidation", [user, usdc, usdcUnits("700"), ETH])).toEqual([
        expectedHealthFactor(usd("1800"), usd("1400")),
        true,
        usdcUnits("700"),
        seized,
      ]);

      const usdcBefore = await balanceOf(usdc, liquidatorAddress);
      const ethBefore = await owner().getBalance({ address: liquidatorAddress });
      const receipt = await mined(
        liquidator(),
        poolWrite(liquidator(), "liquidate", [user, usdc, usdcUnits("700"), ETH]),
      );
      expect(poolEvents(receipt).map((event) => [event.eventName, event.args])).toEqual([
        [
          "Liquidation",
          {
            liquidator: liquidatorAddress,
            borrower: user,
            debtToken: usdc,
            repayAmount: usdcUnits("700"),
            collateralToken: ETH,
            seizedAmount: seized,
          },
        ],
      ]);
      expect(await balanceOf(usdc, liquidatorAddress)).toBe(usdcBefore - usdcUnits("700"));
      expect(await owner().getBalance({ address: liquidatorAddress })).toBe(
        ethBefore + seized - receipt.gasUsed * receipt.effectiveGasPrice,
      );
      // The bonus: the collateral received is worth 735 USD (700 + 5%), rounded down to the wei.
      expect((seized * usd("1800")) / WAD).toBeLessThanOrEqual(usd("735"));
      expect(((seized + 1n) * usd("1800")) / WAD).toBeGreaterThan(usd("735"));

      expect(await poolRead("debtOf", [user, usdc])).toBe(usdcUnits("700"));
      expect(await poolRead("collateralOf", [user, ETH])).toBe(parseEther("1") - seized);
      expect(await poolRead("liquidityOf", [usdc])).toBe(usdcUnits("500000") - usdcUnits("700"));
      // The close factor applies to the remaining debt on the next call.
      expect(await poolRead("healthFactor", [user])).toBeGreaterThan(WAD);
    });

    test("refused when the borrower lacks that much of the chosen collateral", async () => {
      await openPosition();
      await setPrice(ETH, usd("1800"));
      await expectRevert(
        poolWrite(liquidator(), "liquidate", [borrower().account.address, usdc, usdcUnits("100"), dai]),
        "Insufficient collateral to seize",
      );
    });

    test("refused on a stale price, even for an unhealthy position", async () => {
      await openPosition();
      const receipt = await setPrice(ETH, usd("1800"));
      await mineAt(devnet, (await blockTimestamp(owner(), receipt)) + 3601n);
      await expectRevert(
        poolWrite(liquidator(), "liquidate", [borrower().account.address, usdc, usdcUnits("100"), ETH]),
        "Price is stale",
      );
    });

    test("the worked example of docs/contracts.md, number for number", async () => {
      const alice = borrower().account.address;
      await mined(borrower(), poolWrite(borrower(), "deposit", [ETH, parseEther("1")], parseEther("1")));
      await mined(borrower(), poolWrite(borrower(), "deposit", [usdc, usdcUnits("1000")]));
      await expectRevert(
        poolWrite(borrower(), "borrow", [dai, parseEther("2100") + 1n]),
        "Borrow exceeds loan-to-value",
      );
      await mined(borrower(), poolWrite(borrower(), "borrow", [dai, parseEther("2100")]));
      expect(await poolRead("healthFactor", [alice])).toBe(1_071_428_571_428_571_428n);
      await setPrice(ETH, usd("1700"));
      expect(await poolRead("healthFactor", [alice])).toBe(964_285_714_285_714_285n);
      const receipt = await mined(
        liquidator(),
        poolWrite(liquidator(), "liquidate", [alice, dai, parseEther("1050"), ETH]),
      );
      expect(poolEvents(receipt)[0]?.args).toMatchObject({ seizedAmount: 648_529_411_764_705_882n });
      expect(await poolRead("collateralOf", [alice, ETH])).toBe(351_470_588_235_294_118n);
      expect(await poolRead("healthFactor", [alice])).toBe(1_141_071_428_571_428_571n);
    });

    test("an ETH debt is repaid with exactly the value sent", async () => {
      await mined(borrower(), poolWrite(borrower(), "deposit", [dai, parseEther("2000")]));
      await mined(borrower(), poolWrite(borrower(), "borrow", [ETH, parseEther("0.7")]));
      await setPrice(ETH, usd("2500")); // HF = 2000 × 0.75 / 1750 ≈ 0.857
      const args = [borrower().account.address, ETH, parseEther("0.35"), dai];
      await expectRevert(poolWrite(liquidator(), "liquidate", args, parseEther("0.3")), "Wrong ETH amount");
      const receipt = await mined(
        liquidator(),
        poolWrite(liquidator(), "liquidate", args, parseEther("0.35")),
      );
      // 0.35 ETH × 2500 = 875 USD, × 1.05 = 918.75 DAI.
      expect(poolEvents(receipt)[0]?.args).toMatchObject({ seizedAmount: parseEther("918.75") });
    });
  });
});
